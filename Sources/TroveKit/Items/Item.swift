import TroveSchema
import TroveStore

/// A tracked item, as read from an `item` record: a name, maybe a photo and notes.
public struct Item: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The SHA-256 of its photo in the store's media, or `nil` for the placeholder picture.
    public var photo: String?
    public var notes: String?
    public var createdAt: String

    public init?(_ record: Record) {
        guard record.type == RecordType.item, let name = record.value["name"]?.stringValue else { return nil }
        id = record.id
        self.name = name
        photo = record.value["photo"]?.stringValue
        notes = record.value["notes"]?.stringValue
        createdAt = record.createdAt ?? ""
    }
}
