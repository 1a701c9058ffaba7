import GRDB
import TroveJSON
import TroveStore

/// Writes record changes into the index's tables, inside a transaction its caller owns.
struct IndexWriter {
    let db: Database
    let store: Store

    /// Builds the index of `changes` (every record of a commit) from scratch, replacing all it held.
    ///
    /// Dropping the tables beats deleting rows, and building the b-tree indexes and the
    /// full-text index once at the end beats updating them row by row.
    func rebuild(_ changes: [RecordChange], progress: ((Int, Int) -> Void)?) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS records; DROP TABLE IF EXISTS tags; DROP TABLE IF EXISTS search; DROP TABLE IF EXISTS places;")
        try IndexSchema.createRecordTables(db)
        // In id order, the unique index on ids only ever grows at its end.
        try insertAll(changes.sorted { $0.id < $1.id }, fullText: false, progress: progress)
        try IndexSchema.createIndexes(db)
        try db.execute(sql: "INSERT INTO search(search) VALUES('rebuild')")
    }

    /// Applies `changes` to an index that holds the records before them.
    func update(_ changes: [RecordChange], progress: ((Int, Int) -> Void)?) throws {
        // FTS5 flushes its in-memory buffer whenever a row id goes backwards, so every
        // removal comes first, in row id order, and new rows (with higher ids) after.
        var rowids: [Int64] = []
        for change in changes {
            if let rowid = try Int64.fetchOne(db.cachedStatement(sql: "SELECT rowid FROM records WHERE id = ?"), arguments: [change.id]) {
                rowids.append(rowid)
            }
        }
        for rowid in rowids.sorted() { try remove(rowid: rowid) }
        try insertAll(changes, fullText: true, progress: progress)
    }

    /// Inserts every record that `changes` leaves in the store.
    private func insertAll(_ changes: [RecordChange], fullText: Bool, progress: ((Int, Int) -> Void)?) throws {
        let step = max(1, changes.count / 200)
        for (number, change) in changes.enumerated() {
            // A file that is not a JSON object is left out: `trove check` names it.
            if let blob = change.blob, let bytes = store.blobBytes(blob), let value = try? JSONValue(parsing: bytes),
               let fields = IndexedFields(id: change.id, type: change.type, value: value) {
                try insert(fields, blob: blob, fullText: fullText)
            }
            if let progress, number % step == 0 { progress(number, changes.count) }
        }
        progress?(changes.count, changes.count)
    }

    private func remove(rowid: Int64) throws {
        // An external-content full-text row is deleted by giving back the text it was made from.
        if let text = try Row.fetchOne(db.cachedStatement(sql: "SELECT title, body, place FROM records WHERE rowid = ?"), arguments: [rowid]),
           !(text[0] as String).isEmpty || !(text[1] as String).isEmpty || !(text[2] as String).isEmpty {
            try db.cachedStatement(sql: "INSERT INTO search(search, rowid, title, body, place) VALUES ('delete', ?, ?, ?, ?)")
                .execute(arguments: [rowid, text[0], text[1], text[2]])
        }
        for sql in ["DELETE FROM places WHERE rowid = ?", "DELETE FROM tags WHERE record = ?", "DELETE FROM records WHERE rowid = ?"] {
            try db.cachedStatement(sql: sql).execute(arguments: [rowid])
        }
    }

    private func insert(_ fields: IndexedFields, blob: String, fullText: Bool) throws {
        try db.cachedStatement(sql: """
            INSERT INTO records(id, type, blob, label, parent, start, "end", lat, lon, createdAt, updatedAt, title, body, place)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                fields.id, fields.type, blob, fields.label, fields.parent, fields.start, fields.end,
                fields.latitude, fields.longitude, fields.createdAt, fields.updatedAt, fields.title, fields.body, fields.place,
            ])
        let rowid = db.lastInsertedRowID
        if fullText && !(fields.title.isEmpty && fields.body.isEmpty && fields.place.isEmpty) {
            try db.cachedStatement(sql: "INSERT INTO search(rowid, title, body, place) VALUES (?, ?, ?, ?)")
                .execute(arguments: [rowid, fields.title, fields.body, fields.place])
        }
        if let latitude = fields.latitude, let longitude = fields.longitude {
            try db.cachedStatement(sql: "INSERT INTO places(rowid, minLat, maxLat, minLon, maxLon) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [rowid, latitude, latitude, longitude, longitude])
        }
        for tag in fields.tags {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO tags(tag, record) VALUES (?, ?)").execute(arguments: [tag, rowid])
        }
    }
}
