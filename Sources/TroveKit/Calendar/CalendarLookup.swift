import TroveIndex
import TroveStore

/// Finds one calendar record (an event, a task) by its id, or a unique prefix or suffix of it.
///
/// Listings show an id's last 8 characters (a UUIDv7 starts with its time, so records made
/// together share their first ones); 4 characters are the least taken.
enum CalendarLookup {
    /// The record of `type` whose id is `text` or starts with it, or `missing` when there is none.
    static func record(_ text: String, type: String, in index: RecordIndex, missing: CalendarError) throws -> Record {
        let lowered = text.lowercased()
        if RecordID.isValid(lowered), let record = try index.store.record(id: lowered), record.type == type { return record }
        guard lowered.count >= 4 else { throw missing }
        try index.catchUp()
        let byPrefix = try index.ids(prefix: lowered, limit: 50).compactMap { try index.record(id: $0) }.filter { $0.type == type }.map(\.id)
        let matches = Set(byPrefix + (try index.ids(type: type, suffix: lowered, limit: 50)))
        if matches.count > 1 { throw CalendarError.ambiguousID(lowered, matches: matches.count) }
        guard let match = matches.first, let record = try index.store.record(id: match) else { throw missing }
        return record
    }

    /// The one of `items` whose id is `text`, or starts or ends with it (4 characters at least), or `missing`;
    /// for the few records of a kind (notifications, invitations) that are looked through without the index.
    static func match<Item>(_ text: String, in items: [Item], id: (Item) -> String, missing: Error) throws -> Item {
        let lowered = text.lowercased()
        let matches = items.filter { item in
            let candidate = id(item)
            return candidate == lowered || (lowered.count >= 4 && (candidate.hasPrefix(lowered) || candidate.hasSuffix(lowered)))
        }
        if matches.count > 1 { throw CalendarError.ambiguousID(lowered, matches: matches.count) }
        guard let match = matches.first else { throw missing }
        return match
    }
}
