import GRDB

extension RecordIndex {
    /// Every row of every table as text, with row ids replaced by record ids, sorted.
    ///
    /// Two indexes of the same records give the same lines however they were built, so
    /// an incremental index can be compared with a fresh rebuild row for row.
    ///
    /// Unlike the queries, it never repairs the file: a damaged index throws, so a test sees the damage.
    /// It is not a read-only transaction, because FTS5's integrity check is written as an INSERT.
    func snapshot() throws -> [String] {
        try queue.inDatabase { db in
            var lines: [String] = []
            let ids = try Row.fetchAll(db, sql: "SELECT rowid, id FROM records")
                .reduce(into: [Int64: String]()) { $0[$1[0]] = $1[1] }
            for row in try Row.fetchAll(db, sql: #"SELECT id, type, blob, label, parent, start, "end", lat, lon, createdAt, updatedAt, title, body, place, starred, doc, oneOffEnds, oneOffTitle, oneOffClass, oneOffAddress, seriesStarts FROM records"#) {
                lines.append("records " + row.databaseValues.map(\.description).joined(separator: " | "))
            }
            for row in try Row.fetchAll(db, sql: "SELECT type, count FROM counts") {
                lines.append("counts \(row[0] as String) \(row[1] as Int)")
            }
            // What the counts must be: a table kept by triggers is checked against the rows themselves.
            for row in try Row.fetchAll(db, sql: "SELECT type, count(*) FROM records GROUP BY type") {
                lines.append("counts \(row[0] as String) \(row[1] as Int)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT tag, record FROM tags") {
                lines.append("tags \(row[0] as String) \(ids[row[1]] ?? "?")")
            }
            // The full-text index itself, term by term, through a vocabulary view made for the occasion.
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.snapshot_terms USING fts5vocab(main, search, instance)")
            for row in try Row.fetchAll(db, sql: "SELECT term, doc, col, offset FROM temp.snapshot_terms") {
                lines.append("search \(row[0] as String) \(ids[row[1]] ?? "?") \(row[2] as String) \(row[3] as Int)")
            }
            try db.execute(sql: "DROP TABLE temp.snapshot_terms")
            for row in try Row.fetchAll(db, sql: "SELECT rowid, minLat, maxLat, minLon, maxLon FROM places") {
                lines.append("places \(ids[row[0]] ?? "?") \(row[1] as Double) \(row[2] as Double) \(row[3] as Double) \(row[4] as Double)")
            }
            // FTS5's own consistency check: its inverted index must agree with its rows.
            try db.execute(sql: "INSERT INTO search(search) VALUES('integrity-check')")
            // The b-tree indexes: each defined as a fresh build defines it, and holding what its table holds.
            for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") {
                lines.append("index \(row[0] as String) \(row[1] as String)")
            }
            for line in try String.fetchAll(db, sql: "PRAGMA integrity_check") { lines.append("integrity \(line)") }
            lines.append("meta commit \(try IndexSchema.indexedCommit(db) ?? "none")")
            return lines.sorted()
        }
    }
}
