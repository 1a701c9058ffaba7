import Foundation
import TroveSchema
import TroveStore

/// A location tracker bound to one item, as read from a `tracker` record.
public struct Tracker: Sendable, Equatable {
    public var id: String
    /// The tracker's own id, e.g. its Bluetooth address `c4-7f-51-0a-9e-22`.
    public var trackerID: String
    public var itemID: String
    /// The transport it was paired through, e.g. `bluetooth`.
    public var transport: String?
    public var paired: Bool
    public var active: Bool
    public var activatedAt: String?

    public init?(_ record: Record) {
        let value = record.value
        guard record.type == RecordType.tracker, let trackerID = value["trackerId"]?.stringValue, let itemID = value["itemId"]?.stringValue
        else { return nil }
        id = record.id
        self.trackerID = trackerID
        self.itemID = itemID
        transport = value["transport"]?.stringValue
        paired = value["paired"]?.boolValue ?? false
        active = value["active"]?.boolValue ?? false
        activatedAt = value["activatedAt"]?.stringValue
    }

    /// How its state reads in a listing: "active", "paired" or "not paired".
    public var state: String { active ? "active" : paired ? "paired" : "not paired" }

    /// `text` as a tracker id: trimmed and lowercased, a MAC address's colons as dashes.
    public static func normalizedID(_ text: String) throws -> String {
        var bytes = Array(text.utf8)
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        var changed = bytes.count != text.utf8.count
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes[index] += 32; changed = true
            case UInt8(ascii: ":"): bytes[index] = UInt8(ascii: "-"); changed = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): if index == 0 { throw ItemError.invalidTrackerID(text) }
            default: throw ItemError.invalidTrackerID(text)
            }
        }
        guard !bytes.isEmpty, bytes.count <= 64 else { throw ItemError.invalidTrackerID(text) }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }
}
