import TroveIndex
import TroveStore

/// Finds a record by its id, or by a unique start or end of it, as people copy ids from listings.
///
/// Listings show an id's last 8 characters (a UUIDv7 starts with its time, so records made
/// together share their first ones); 4 characters are the least taken.
public enum RecordLookup {
    /// The fewest characters of an id that are looked up.
    public static let shortest = 4

    /// The full id of the one record (of `type`, when given) whose id is `text`, or starts or ends with it.
    ///
    /// - Parameters:
    ///   - unknown: thrown when no record matches.
    ///   - ambiguous: the error for this many matches.
    public static func id(_ text: String, type: String? = nil, in index: RecordIndex, unknown: any Error,
                          ambiguous: (Int) -> any Error) throws -> String {
        let lowered = text.lowercased()
        try index.catchUp()
        if RecordID.isValid(lowered), let row = try index.record(id: lowered), type == nil || row.type == type { return lowered }
        guard lowered.count >= shortest else { throw unknown }
        let byPrefix = try index.ids(prefix: lowered, limit: 50).filter { try type == nil || index.record(id: $0)?.type == type }
        let bySuffix = try type.map { try index.ids(type: $0, suffix: lowered, limit: 50) } ?? index.ids(suffix: lowered, limit: 50)
        let matches = Set(byPrefix + bySuffix)
        if matches.count > 1 { throw ambiguous(matches.count) }
        guard let match = matches.first else { throw unknown }
        return match
    }

    /// The record `id(_:type:in:unknown:ambiguous:)` finds, read from the store.
    public static func record(_ text: String, type: String? = nil, in index: RecordIndex, unknown: any Error,
                              ambiguous: (Int) -> any Error) throws -> Record {
        guard let record = try index.store.record(id: id(text, type: type, in: index, unknown: unknown, ambiguous: ambiguous))
        else { throw unknown }
        return record
    }

    /// The one of `items` whose id is `text`, or starts or ends with it, or `missing`; for the few records
    /// of a kind (notifications, invitations) that are looked through without the index.
    public static func match<Item>(_ text: String, in items: [Item], id: (Item) -> String, missing: any Error,
                                   ambiguous: (Int) -> any Error) throws -> Item {
        let lowered = text.lowercased()
        let matches = items.filter { item in
            let candidate = id(item)
            return candidate == lowered || (lowered.count >= shortest && (candidate.hasPrefix(lowered) || candidate.hasSuffix(lowered)))
        }
        if matches.count > 1 { throw ambiguous(matches.count) }
        guard let match = matches.first else { throw missing }
        return match
    }
}
