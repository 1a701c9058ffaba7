import TroveJSON
import TroveSchema
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
        guard record.type == RecordType.group, let name = record.value["name"]?.stringValue, let hub = record.value["hub"]?.stringValue
        else { return nil }
        id = record.id
        self.name = name
        self.hub = hub
        storeID = record.value["storeId"]?.stringValue
        visitedLinks = Set(record.value["visitedLinks"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The group `name` stands for among `links`: the one called `name` (ignoring case) or with that id, else the
    /// only one whose name or id starts with it. This is the one rule by which every command finds a group.
    public static func named(_ name: String, in links: [GroupLink]) throws -> GroupLink {
        if let exact = links.first(where: { $0.id == name || $0.name.lowercased() == name.lowercased() }) { return exact }
        let matches = links.filter { $0.name.lowercased().hasPrefix(name.lowercased()) || $0.id.hasPrefix(name.lowercased()) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 { throw GroupError.ambiguousGroup(name, matches: matches.map(\.name)) }
        throw GroupError.unknownGroup(name, known: links.map(\.name))
    }

    /// The record's fields.
    static func fields(id: String, name: String, hub: String, storeID: String?) -> JSONValue {
        var fields: [String: JSONValue] = ["id": .string(id), "name": .string(name), "hub": .string(hub)]
        if let storeID { fields["storeId"] = .string(storeID) }
        return .object(fields)
    }
}
