import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's trackers: registering one to an item, pairing and activating it through a transport.
public struct TrackerBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// What registering did: the tracker as stored, and why it is not paired yet, if it is not.
    public struct Registration {
        public var tracker: Tracker
        /// Whether this call made the record (false when it was already registered to the item).
        public var isNew: Bool
        /// Why pairing did not happen (the transport is off or absent, or the tracker did not answer).
        public var pairingProblem: TransportError?
    }

    /// Every tracker.
    public func all() throws -> [Tracker] {
        try store.records(ofType: RecordType.tracker).compactMap(Tracker.init)
    }

    /// The tracker with the device id `trackerID` (as typed: a MAC address is fine), or `nil`.
    public func tracker(id trackerID: String) throws -> Tracker? {
        let id = try Tracker.normalizedID(trackerID)
        return try all().first { $0.trackerID == id }
    }

    /// The trackers bound to `item`, oldest first.
    public func trackers(of item: Item) throws -> [Tracker] {
        try all().filter { $0.itemID == item.id }
    }

    /// Binds the tracker `trackerID` to `item` and tries to pair it through `transport`.
    ///
    /// The binding is kept even when pairing cannot happen (the radio is off): the tracker
    /// waits as unpaired, and `activate` pairs it first. A tracker bound to another item is refused.
    public func register(_ trackerID: String, to item: Item, through transport: TrackerTransport, now: Date = Date()) throws -> Registration {
        let id = try Tracker.normalizedID(trackerID)
        let existing = try all().first { $0.trackerID == id }
        if let existing, existing.itemID != item.id {
            let owner = (try? store.record(id: existing.itemID)).flatMap { $0.flatMap(Item.init)?.name } ?? existing.itemID
            throw ItemError.trackerBound(id, item: owner)
        }
        if let existing, existing.paired { return Registration(tracker: existing, isNew: false) }
        var problem: TransportError?
        do { try Self.pair(id, through: transport) } catch let error as TransportError { problem = error }
        let paired = problem == nil
        let record = try store.transaction(message: "Register tracker \(id) to \(item.name)") { transaction -> Record in
            var fields = try existing.flatMap { try transaction.record(id: $0.id)?.value.objectValue } ?? [:]
            fields["trackerId"] = .string(id)
            fields["itemId"] = .string(item.id)
            fields["transport"] = .string(transport.name)
            fields["paired"] = .bool(paired)
            if paired { fields["pairedAt"] = .string(Timestamp.string(now)) }
            return try transaction.put(.object(fields), type: RecordType.tracker)
        }.value
        return Registration(tracker: Tracker(record)!, isNew: existing == nil, pairingProblem: problem)
    }

    /// Starts the locating service of `tracker`, pairing it first if it waits unpaired, and records it.
    ///
    /// - Throws: `TransportError` when the transport is off or absent, or the tracker does not
    ///   answer; nothing is written then.
    @discardableResult
    public func activate(_ tracker: Tracker, through transport: TrackerTransport, now: Date = Date()) throws -> Tracker {
        if !tracker.paired { try Self.pair(tracker.trackerID, through: transport) }
        try transport.activate(tracker.trackerID)
        let record = try store.transaction(message: "Activate tracker \(tracker.trackerID)") { transaction -> Record in
            guard var fields = try transaction.record(id: tracker.id)?.value.objectValue else {
                throw ItemError.unknownTracker(tracker.trackerID)
            }
            let stamp = JSONValue.string(Timestamp.string(now))
            if !tracker.paired { fields["paired"] = true; fields["pairedAt"] = stamp }
            fields["transport"] = .string(transport.name)
            fields["active"] = true
            fields["activatedAt"] = stamp
            return try transaction.put(.object(fields), type: RecordType.tracker)
        }.value
        return Tracker(record)!
    }

    private static func pair(_ id: String, through transport: TrackerTransport) throws {
        if let error = TransportError.unusable(transport) { throw error }
        try transport.pair(id)
    }
}
