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
        try db.execute(sql: """
            DROP TABLE IF EXISTS records; DROP TABLE IF EXISTS tags; DROP TABLE IF EXISTS search;
            DROP TABLE IF EXISTS places; DROP TABLE IF EXISTS counts;
            """)
        try IndexSchema.createRecordTables(db)
        try insertAll(changes, progress: progress)
        try db.execute(sql: "INSERT INTO search(search) VALUES('rebuild')")
        try db.execute(sql: "INSERT INTO counts(type, count) SELECT type, count(*) FROM records GROUP BY type")
        try IndexSchema.createIndexes(db)
    }

    /// Applies `changes` to an index that holds the records before them.
    func update(_ changes: [RecordChange], progress: ((Int, Int) -> Void)?) throws {
        // FTS5 flushes its in-memory buffer whenever a row id goes backwards, so every removal
        // comes first, and new rows (with higher ids) after; the records are read from git meanwhile.
        var last: Int64 = 0
        try insertAll(changes, progress: progress) {
            try remove(changes.map(\.id))
            last = try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM records") ?? 0
        }
        // New rows got row ids above every old one, so their full-text entries go in as one set.
        try db.execute(sql: "INSERT INTO search(rowid, title, body, place) SELECT rowid, title, body, place FROM records WHERE rowid > ?",
                       arguments: [last])
    }

    /// Removes the records with these ids (those the index has), in two statements: SQLite runs a set
    /// far faster than one row per statement. A full-text entry is removed by giving back the text
    /// it was made from; triggers remove tags and places.
    private func remove(_ ids: [String]) throws {
        var rowids: [Int64] = []
        for id in ids {
            if let rowid = try Int64.fetchOne(db.cachedStatement(sql: "SELECT rowid FROM records WHERE id = ?"), arguments: [id]) {
                rowids.append(rowid)
            }
        }
        let doomed = "[" + rowids.sorted().map(String.init).joined(separator: ",") + "]"
        try db.execute(sql: """
            INSERT INTO search(search, rowid, title, body, place)
            SELECT 'delete', rowid, title, body, place FROM records WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid
            """, arguments: [doomed])
        try db.execute(sql: "DELETE FROM records WHERE rowid IN (SELECT value FROM json_each(?))", arguments: [doomed])
    }

    /// Inserts every record that `changes` leaves in the store, with its tags; a trigger adds its place.
    /// The caller adds the full-text entries afterwards, all in one statement.
    private func insertAll(_ changes: [RecordChange], progress: ((Int, Int) -> Void)?, meanwhile: () throws -> Void = {}) throws {
        let step = max(1, changes.count / 200)
        let statement = try db.cachedStatement(sql: """
            INSERT INTO records(id, type, blob, label, parent, start, "end", lat, lon, createdAt, updatedAt, title, body, place, starred)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let tagStatement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO tags(tag, record) VALUES (?, ?)")
        try RecordReader(store: store, changes: changes).forEach(meanwhile: meanwhile) { number, parsed in
            if let (fields, blob) = parsed {
                statement.setUncheckedArguments([
                    fields.id, fields.type, blob, fields.label, fields.parent, fields.start, fields.end,
                    fields.latitude, fields.longitude, fields.createdAt, fields.updatedAt, fields.title, fields.body, fields.place, fields.starred,
                ])
                try statement.execute()
                let rowid = db.lastInsertedRowID
                for tag in fields.tags {
                    try tagStatement.execute(arguments: [tag, rowid])
                }
            }
            if let progress, number % step == 0 { progress(number, changes.count) }
        }
        progress?(changes.count, changes.count)
    }
}
