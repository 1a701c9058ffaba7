import TroveIndex
import TroveStore

/// Finds one calendar record (an event, a task, a notification) by its id or a unique prefix of it.
///
/// People copy ids from listings, where they show shortened; 4 characters are the least taken.
enum CalendarLookup {
    /// The record of `type` whose id is `text` or starts with it, or `missing` when there is none.
    static func record(_ text: String, type: String, in index: RecordIndex, missing: CalendarError) throws -> Record {
        let lowered = text.lowercased()
        if RecordID.isValid(lowered), let record = try index.store.record(id: lowered), record.type == type { return record }
        guard lowered.count >= 4 else { throw missing }
        let matches = try index.ids(prefix: lowered, limit: 50).compactMap { try index.record(id: $0) }.filter { $0.type == type }
        if matches.count > 1 { throw CalendarError.ambiguousID(lowered, matches: matches.count) }
        guard let match = matches.first, let record = try index.store.record(id: match.id) else { throw missing }
        return record
    }
}
