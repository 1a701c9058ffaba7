import GRDB
import GRDBSQLite
import TroveICal
import TroveJSON
import TroveSchema

/// A one-off event's index row: all a calendar lists of it.
public struct OneOffEventRow: Sendable, Equatable {
    public var id: String
    public var start: CalendarTime
    /// Its end; nil when it has none, or one that does not read (as `Event` reads it).
    public var end: CalendarTime?
    public var event: OneOffEvent

    public init(id: String, start: CalendarTime, end: CalendarTime?, event: OneOffEvent) {
        self.id = id
        self.start = start
        self.end = end
        self.event = event
    }
}

/// The events whose spans overlap a range: the one-offs as their rows list them, and the others
/// (series, overrides of one occurrence, odd records) as rows whose records are read whole.
public struct EventRows: Sendable {
    public var oneOffs: [OneOffEventRow]
    public var others: [WholeEventRow]
}

/// An event's row whose record is read whole (`RecordIndex.value(of:)`), with its rule's starts.
public struct WholeEventRow: Sendable, Equatable {
    public var id: String
    /// The record as compact JSON (see `IndexedRecord.document`).
    var document: String?
    /// The git blob of its file, read when the copy does not parse.
    var blob: String
    var seriesStarts: String?

    /// As `IndexedRecord.ruleStarts`.
    public var ruleStarts: [RuleStart]? { seriesStarts.flatMap(SeriesStarts.starts) }
}

extension RecordIndex {
    /// The events whose span overlaps `[from, to)`, as `records(type: RecordType.event, overlappingFrom:to:)` finds them.
    ///
    /// One scan of `records_by_start`, read straight off the SQLite statement. The one-offs come from the
    /// index alone: no table row, no record parsed, their times read in place; a one-off whose start does
    /// not read is left out (it is no event). Only the others (a calendar's few series and overrides) have
    /// their table rows read, and only they: the query reads table columns under `oneOffEnds IS NULL`,
    /// so SQLite seeks the table row of no other (its deferred seek).
    public func eventRows(overlappingFrom from: String, to: String) throws -> EventRows {
        try read { db in
            var oneOffs: [OneOffEventRow] = []
            // Room for every event of the store: growing the array step by step copied it over and over, and
            // memory reserved but never written costs nothing (the system maps its pages in when written).
            oneOffs.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count FROM counts WHERE type = 'event'") ?? 0)
            var others: [WholeEventRow] = []
            // Only what a whole record needs, and only for rows that are no one-off: each column read for every
            // row costs a year's listing a fraction of a millisecond.
            let statement = try db.makeStatement(sql: """
                SELECT oneOffEnds, id, start, "end", oneOffTitle, oneOffClass, oneOffAddress,
                       CASE WHEN oneOffEnds IS NULL THEN doc END, CASE WHEN oneOffEnds IS NULL THEN blob END,
                       CASE WHEN oneOffEnds IS NULL THEN seriesStarts END
                FROM records INDEXED BY records_by_start
                WHERE type = 'event' AND start < ? AND ("end" > ? OR start >= ?)
                """)
            try statement.setArguments([to, from, from])
            let raw = statement.sqliteStatement
            defer { sqlite3_reset(raw) }
            while true {
                let step = sqlite3_step(raw)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: step)) }
                let row = RawRow(statement: raw)
                guard !row.isNull(0) else {
                    others.append(WholeEventRow(id: row.text(1) ?? "", document: row.text(7), blob: row.text(8) ?? "", seriesStarts: row.text(9)))
                    continue
                }
                // A one-off's row always has its id and title (`OneOffEvent`); one whose start does not read is no event.
                guard let id = row.text(1), let title = row.text(4), let start = row.time(2) else { continue }
                let event = OneOffEvent(title: title, classLabel: row.text(5), address: row.text(6), hasEnd: row.integer(0) != 0)
                oneOffs.append(OneOffEventRow(id: id, start: start, end: event.hasEnd ? row.time(3) : nil, event: event))
            }
            return EventRows(oneOffs: oneOffs, others: others)
        }
    }
}

/// The columns of the row a SQLite statement stands on, read in place.
struct RawRow {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// A text column, or nil when it is null.
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    /// A text column read as a record's time, or nil when it is null or not a time.
    func time(_ column: Int32) -> CalendarTime? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return CalendarTime(recordBytes: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))))
    }
}

extension RecordIndex {
    /// The whole record behind an event's row, as `value(of:)` reads an index row's.
    public func value(of row: WholeEventRow) -> JSONValue? {
        value(document: row.document, blob: row.blob)
    }
}
