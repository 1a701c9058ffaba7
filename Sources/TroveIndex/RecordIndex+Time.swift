import GRDB

extension RecordIndex {
    /// Records of `type` whose span overlaps `[from, to)`, in `start` order.
    ///
    /// Times are UTC timestamps (`2026-11-22T07:30:00.000Z`) or dates (`2026-11-22`), which sort as text.
    /// An entry or task has a zero-length span at its date or due time; an event spans start to end.
    /// A recurring event spans its whole series: expanding it into occurrences is the calendar's work.
    public func records(type: String, overlappingFrom from: String, to: String,
                        page: IndexPage = .all) throws -> [IndexedRecord] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(IndexedRecord.columns) FROM records
                WHERE type = ? AND start < ? AND ("end" > ? OR start >= ?)
                ORDER BY start, id LIMIT ? OFFSET ?
                """, arguments: [type, to, from, from, page.limit, page.offset]).map(IndexedRecord.init(row:))
        }
    }
}
