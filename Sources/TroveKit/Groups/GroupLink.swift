import TroveJSON
import TroveStore

/// A group as the personal store lists it: its name, hub and shared store, and the links opened there.
public struct GroupLink: Sendable, Equatable {
    /// The id of the group record, the same in the personal store and the shared one.
    public var id: String
    public var name: String
    public var hub: String
    public var storeID: String?
    /// Link posts the user has opened: drawn in another colour from then on.
    public var visitedLinks: Set<String>

    public init?(_ record: Record) {
        guard record.type == "group", let name = record.value["name"]?.stringValue, let hub = record.value["hub"]?.stringValue
        else { return nil }
        id = record.id
        self.name = name
        self.hub = hub
        storeID = record.value["storeId"]?.stringValue
        visitedLinks = Set(record.value["visitedLinks"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The record's fields.
    static func fields(id: String, name: String, hub: String, storeID: String?) -> JSONValue {
        var fields: [String: JSONValue] = ["id": .string(id), "name": .string(name), "hub": .string(hub)]
        if let storeID { fields["storeId"] = .string(storeID) }
        return .object(fields)
    }
}
