import Foundation
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
        guard record.type == "tracker", let trackerID = value["trackerId"]?.stringValue, let itemID = value["itemId"]?.stringValue
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
        let id = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: ":", with: "-")
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        guard let first = id.first, first.isLetter || first.isNumber, id.count <= 64, id.allSatisfy(allowed.contains) else {
            throw ItemError.invalidTrackerID(text)
        }
        return id
    }
}
