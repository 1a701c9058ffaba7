import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's tracked items: adding, editing, removing and finding them.
public struct ItemBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// An image to give an item, as read from a file or a camera.
    public struct Photo: Sendable {
        public var bytes: [UInt8]
        /// Where it came from, for messages: a path, or "the camera".
        public var source: String

        public init(bytes: [UInt8], source: String) {
            self.bytes = bytes
            self.source = source
        }
    }

    /// Every item, by name (ignoring case).
    public func all() throws -> [Item] {
        try store.records(ofType: RecordType.item).compactMap(Item.init)
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The item called `name` (ignoring case), or with that id or a unique id prefix of at least 4 characters.
    public func item(named name: String) throws -> Item {
        let items = try all()
        if let byID = items.first(where: { $0.id == name }) { return byID }
        if let match = items.first(where: { $0.name.compare(name, options: .caseInsensitive) == .orderedSame }) { return match }
        let byPrefix = name.count >= 4 ? items.filter { $0.id.hasPrefix(name.lowercased()) } : []
        if byPrefix.count == 1 { return byPrefix[0] }
        if byPrefix.count > 1 { throw ItemError.ambiguousItem(name, matches: byPrefix.count) }
        throw ItemError.unknownItem(name, known: items.map(\.name))
    }

    /// Adds an item, after checking its name; the photo, when given, must be an image.
    @discardableResult
    public func add(name: String, photo: Photo? = nil, notes: String? = nil) throws -> (item: Item, result: CommitResult) {
        let checked = try ItemName.checked(name, others: all().map(\.name))
        let (record, result) = try store.transaction(message: "Add item \(checked)") { transaction -> Record in
            var fields: [String: JSONValue] = ["name": .string(checked)]
            if let photo { fields["photo"] = .string(try transaction.addMedia(photo.bytes, source: photo.source).sha256) }
            if let notes = Self.trimmed(notes) { fields["notes"] = .string(notes) }
            return try transaction.put(.object(fields), type: RecordType.item)
        }
        return (Item(record)!, result)
    }

    /// Changes what is given: a new name (checked as for adding), a photo, notes (empty clears them),
    /// or, with `removePhoto`, back to the placeholder picture.
    @discardableResult
    public func edit(_ item: Item, name: String? = nil, photo: Photo? = nil, removePhoto: Bool = false,
                     notes: String? = nil) throws -> (item: Item, result: CommitResult) {
        let checked = try name.map { try ItemName.checked($0, others: all().filter { $0.id != item.id }.map(\.name)) }
        let (record, result) = try store.transaction(message: "Edit item \(checked ?? item.name)") { transaction -> Record in
            guard let existing = try transaction.record(id: item.id), var fields = existing.value.objectValue else {
                throw ItemError.unknownItem(item.name, known: [])
            }
            if let checked { fields["name"] = .string(checked) }
            if removePhoto { fields["photo"] = nil }
            if let photo { fields["photo"] = .string(try transaction.addMedia(photo.bytes, source: photo.source).sha256) }
            if let notes { fields["notes"] = Self.trimmed(notes).map { .string($0) } }
            if fields == existing.value.objectValue { return existing }
            return try transaction.put(.object(fields), type: RecordType.item)
        }
        return (Item(record)!, result)
    }

    /// Deletes an item and the trackers bound to it, in one commit; their reports stay in the logs.
    public func remove(_ item: Item) throws -> CommitResult {
        let trackers = try TrackerBook(store: store).trackers(of: item)
        return try store.transaction(message: "Delete item \(item.name)") { transaction in
            for tracker in trackers { try transaction.delete(id: tracker.id) }
            try transaction.delete(id: item.id)
        }.result
    }

    private static func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
