import GRDB

/// Inserts records' rows into `records` and their tags into `tags`, values bound straight into SQLite.
///
/// Its statements are its own: GRDB skips binding arguments it believes are bound already.
struct RowInserter {
    private let db: Database
    private let record: RawStatement
    private let tag: RawStatement

    init(_ db: Database) throws {
        self.db = db
        record = RawStatement(try db.makeStatement(sql: """
            INSERT INTO records(rowid, id, type, blob, label, parent, start, "end", lat, lon, createdAt, updatedAt, title, body, place, starred, doc,
                                oneOffEnds, oneOffTitle, oneOffClass, oneOffAddress, seriesStarts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """), in: db)
        tag = RawStatement(try db.makeStatement(sql: "INSERT OR IGNORE INTO tags(tag, record) VALUES (?, ?)"), in: db)
    }

    /// Inserts the row of `fields`, read from blob `blob`, and its tags.
    ///
    /// - Parameter rowid: the row's id, or `nil` for SQLite's next one.
    /// - Returns: the row's id.
    @discardableResult
    func insert(_ fields: IndexedFields, blob: String, rowid: Int64? = nil) throws -> Int64 {
        record.bind(1, rowid)
        for (position, text) in [fields.id, fields.type, blob, fields.label, fields.parent, fields.start, fields.end].enumerated() {
            record.bind(Int32(position + 2), text)
        }
        record.bind(9, fields.latitude)
        record.bind(10, fields.longitude)
        for (position, text) in [fields.createdAt, fields.updatedAt, fields.title, fields.body, fields.place].enumerated() {
            record.bind(Int32(position + 11), text)
        }
        record.bind(16, Int64(fields.starred ? 1 : 0))
        record.bind(17, fields.calendar?.document)
        record.bind(18, fields.calendar?.oneOff.map { Int64($0.hasEnd ? 1 : 0) })
        record.bind(19, fields.calendar?.oneOff?.title)
        record.bind(20, fields.calendar?.oneOff?.classLabel)
        record.bind(21, fields.calendar?.oneOff?.address)
        record.bind(22, fields.calendar?.seriesStarts)
        try record.run()
        let rowid = db.lastInsertedRowID
        for text in fields.tags {
            tag.bind(1, text)
            tag.bind(2, rowid)
            try tag.run()
        }
        return rowid
    }
}
