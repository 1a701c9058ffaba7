import GRDB
import TroveJSON
import TroveStore

/// Writes record changes into the index's tables, inside a transaction its caller owns.
struct IndexWriter {
    let db: Database
    let store: Store

    /// Removes every record from every table, keeping `meta`.
    static func clear(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM records; DELETE FROM tags; DELETE FROM search; DELETE FROM places;")
    }

    /// Applies `changes`; with `fresh`, the tables are known to be empty, so nothing is looked up first.
    ///
    /// - Returns: the number of changes applied.
    func apply(_ changes: [RecordChange], fresh: Bool, progress: ((Int, Int) -> Void)?) throws -> Int {
        let step = max(1, changes.count / 200)
        for (number, change) in changes.enumerated() {
            if !fresh { try remove(id: change.id) }
            if let blob = change.blob, let value = store.recordValue(blob: blob),
               let fields = IndexedFields(id: change.id, type: change.type, value: value) {
                try insert(fields, blob: blob, json: CanonicalJSON.compact(value))
            }
            if let progress, number % step == 0 { progress(number, changes.count) }
        }
        progress?(changes.count, changes.count)
        return changes.count
    }

    private func remove(id: String) throws {
        guard let rowid = try Int64.fetchOne(db.cachedStatement(sql: "SELECT rowid FROM records WHERE id = ?"), arguments: [id])
        else { return }
        for sql in ["DELETE FROM search WHERE rowid = ?", "DELETE FROM places WHERE rowid = ?",
                    "DELETE FROM tags WHERE record = ?", "DELETE FROM records WHERE rowid = ?"] {
            try db.cachedStatement(sql: sql).execute(arguments: [rowid])
        }
    }

    private func insert(_ fields: IndexedFields, blob: String, json: String) throws {
        try db.cachedStatement(sql: """
            INSERT INTO records(id, type, blob, label, parent, start, "end", lat, lon, createdAt, updatedAt, json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                fields.id, fields.type, blob, fields.label, fields.parent, fields.start, fields.end,
                fields.latitude, fields.longitude, fields.createdAt, fields.updatedAt, json,
            ])
        let rowid = db.lastInsertedRowID
        if !(fields.title.isEmpty && fields.body.isEmpty && fields.place.isEmpty) {
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
