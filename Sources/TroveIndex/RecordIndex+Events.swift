import GRDB
import GRDBSQLite
import TroveICal

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
    public var others: [IndexedRecord]
}

extension RecordIndex {
    /// The events whose span overlaps `[from, to)`, as `records(type: "event", overlappingFrom:to:)` finds them.
    ///
    /// The one-offs come from `records_by_start` alone, straight off the SQLite statement: no table row,
    /// no record parsed, their times read in place. A one-off whose start does not read is left out (it is no
    /// event). Only the others (a calendar's few series and overrides) are read from the table.
    public func eventRows(overlappingFrom from: String, to: String) throws -> EventRows {
        try read { db in
            var oneOffs: [OneOffEventRow] = []
            // Room for every event of the store: growing the array step by step copied it over and over, and
            // memory reserved but never written costs nothing (the system maps its pages in when written).
            oneOffs.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count FROM counts WHERE type = 'event'") ?? 0)
            var others: [Int64] = []
            let statement = try db.makeStatement(sql: """
                SELECT rowid, id, start, "end", oneOffEnds, oneOffTitle, oneOffClass, oneOffAddress
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
                guard sqlite3_column_type(raw, 4) != SQLITE_NULL, let id = Self.text(raw, 1), let title = Self.text(raw, 5) else {
                    others.append(sqlite3_column_int64(raw, 0))
                    continue
                }
                guard let start = Self.time(raw, 2) else { continue }
                let event = OneOffEvent(title: title, classLabel: Self.text(raw, 6), address: Self.text(raw, 7),
                                        hasEnd: sqlite3_column_int64(raw, 4) != 0)
                oneOffs.append(OneOffEventRow(id: id, start: start, end: event.hasEnd ? Self.time(raw, 3) : nil, event: event))
            }
            guard !others.isEmpty else { return EventRows(oneOffs: oneOffs, others: []) }
            let list = "[" + others.map(String.init).joined(separator: ",") + "]"
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(IndexedRecord.columns) FROM records WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY start, id
                """, arguments: [list])
            return EventRows(oneOffs: oneOffs, others: rows.map(IndexedRecord.init(row:)))
        }
    }

    /// A text column read as a record's time, or nil when it is null or not a time.
    private static func time(_ statement: OpaquePointer, _ column: Int32) -> CalendarTime? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return CalendarTime(recordBytes: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))))
    }

    /// A text column, or nil when it is null.
    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }
}
