import GRDB

/// The index's tables. Any change to them bumps `version`, and an index of another version is rebuilt, never migrated.
///
/// Records keep their searchable text once, in `records`: the full-text table indexes it as external content.
/// The records themselves stay in git; `blob` names the file each row was made from.
enum IndexSchema {
    static let version = 18

    /// `meta` keys.
    static let versionKey = "schemaVersion"
    static let commitKey = "commit"

    /// Creates every table in an empty database.
    static func create(_ db: Database) throws {
        try createMeta(db)
        try createRecordTables(db)
        try createSearchTables(db)
        try createIndexes(db)
        try createTriggers(db)
    }

    /// Creates the `meta` table, stamped with this schema version.
    static func createMeta(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        try db.execute(sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [versionKey, String(version)])
    }

    /// Creates the plain tables that hold records: `records`, `tags` and `counts`.
    static func createRecordTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE records(
              rowid INTEGER PRIMARY KEY,
              id TEXT NOT NULL,
              type TEXT NOT NULL,
              blob TEXT NOT NULL,
              label TEXT,
              parent TEXT,
              start TEXT,
              "end" TEXT,
              lat REAL,
              lon REAL,
              createdAt TEXT NOT NULL,
              updatedAt TEXT NOT NULL,
              title TEXT NOT NULL,
              body TEXT NOT NULL,
              place TEXT NOT NULL,
              starred INTEGER NOT NULL,
              doc TEXT,
              oneOffEnds INTEGER,
              oneOffTitle TEXT,
              oneOffClass TEXT,
              oneOffAddress TEXT,
              seriesStarts TEXT
            );
            CREATE TABLE tags(
              tag TEXT NOT NULL,
              record INTEGER NOT NULL,
              PRIMARY KEY(tag, record)
            ) WITHOUT ROWID;
            CREATE TABLE counts(type TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID;
            """)
    }

    /// Creates the full-text index of `records` (which holds the text) and the R*Tree of their places.
    static func createSearchTables(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE search USING fts5(
              title, body, place,
              content = 'records', content_rowid = 'rowid',
              tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE VIRTUAL TABLE places USING rtree(rowid, minLat, maxLat, minLon, maxLon);
            """)
        // FTS5 writes a segment whenever its pending terms pass this many bytes (1 MB by default), and
        // then merges segments: with 16 MB a full build writes and merges far fewer, in half the time.
        try db.execute(sql: "INSERT INTO search(search, rank) VALUES ('hashsize', 16777216)")
    }

    /// Creates the b-tree indexes of `records` and `tags`.
    ///
    /// A full build creates them after loading every record: building each once is quicker than updating it row by row.
    /// `records_by_start` holds `end` too, so a calendar's overlap query (`start < ? AND ("end" > ? OR start >= ?)`)
    /// tests every earlier start in the index alone and reads only the rows that overlap. It holds the `oneOff…`
    /// columns (`OneOffEvent`, null but for one-off events) and the id as well, so that a span of one-off events
    /// is listed from the index alone: a year of them is thousands of rows, and their table rows are scattered.
    static func createIndexes(_ db: Database) throws {
        try db.execute(sql: "CREATE UNIQUE INDEX records_by_id ON records(id)")
        try createOrderIndexes(db)
        try db.execute(sql: "CREATE INDEX tags_by_record ON tags(record)")
    }

    /// The indexes that keep `records` in the orders listings, agendas and maps read it in, by name. A catch-up looks
    /// rows up by `records_by_id` and `tags_by_record` only, so a large one may drop these and build them again after.
    static let orderIndexes: [(name: String, columns: String)] = [
        ("records_by_type", "records(type, id)"),
        ("records_by_start", #"records(type, start, "end", id, oneOffEnds, oneOffTitle, oneOffClass, oneOffAddress)"#),
        ("records_by_parent", "records(parent, type, start)"),
        ("records_by_label", "records(type, label COLLATE NOCASE)"),
        ("records_by_place", "records(type, lat, lon, parent, start, label, id) WHERE lat IS NOT NULL"),
    ]

    /// Creates the `orderIndexes`.
    static func createOrderIndexes(_ db: Database) throws {
        for index in orderIndexes { try db.execute(sql: "CREATE INDEX \(index.name) ON \(index.columns)") }
    }

    /// Drops the `orderIndexes`, inside a transaction that creates them again before it commits.
    static func dropOrderIndexes(_ db: Database) throws {
        for index in orderIndexes { try db.execute(sql: "DROP INDEX \(index.name)") }
    }

    /// Creates the triggers that keep `places`, `counts` and `tags` in step with `records` as rows come, change and go.
    ///
    /// A full build fills those tables itself and adds the triggers last.
    static func createTriggers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TRIGGER records_added AFTER INSERT ON records BEGIN
              INSERT INTO places(rowid, minLat, maxLat, minLon, maxLon)
                SELECT new.rowid, new.lat, new.lat, new.lon, new.lon WHERE new.lat IS NOT NULL AND new.lon IS NOT NULL;
              INSERT INTO counts(type, count) VALUES (new.type, 1) ON CONFLICT(type) DO UPDATE SET count = count + 1;
            END;
            CREATE TRIGGER records_moved AFTER UPDATE OF lat, lon ON records
              WHEN old.lat IS NOT new.lat OR old.lon IS NOT new.lon BEGIN
              DELETE FROM places WHERE rowid = old.rowid;
              INSERT INTO places(rowid, minLat, maxLat, minLon, maxLon)
                SELECT new.rowid, new.lat, new.lat, new.lon, new.lon WHERE new.lat IS NOT NULL AND new.lon IS NOT NULL;
            END;
            CREATE TRIGGER records_retyped AFTER UPDATE OF type ON records WHEN old.type IS NOT new.type BEGIN
              UPDATE counts SET count = count - 1 WHERE type = old.type;
              DELETE FROM counts WHERE type = old.type AND count = 0;
              INSERT INTO counts(type, count) VALUES (new.type, 1) ON CONFLICT(type) DO UPDATE SET count = count + 1;
            END;
            CREATE TRIGGER records_removed AFTER DELETE ON records BEGIN
              DELETE FROM tags WHERE record = old.rowid;
              DELETE FROM places WHERE rowid = old.rowid;
              UPDATE counts SET count = count - 1 WHERE type = old.type;
              DELETE FROM counts WHERE type = old.type AND count = 0;
            END;
            """)
    }

    /// The schema version of an open database, `nil` when it has no `meta` table.
    static func storedVersion(_ db: Database) throws -> Int? {
        // One query of sqlite_master, not GRDB's `tableExists`, which reads the whole schema into a set first
        // (1.5 % of a search's samples, issue 25).
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta')") == true
        else { return nil }
        return try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [versionKey]).flatMap { Int($0) }
    }

    static func indexedCommit(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [commitKey])
    }

    static func setIndexedCommit(_ db: Database, _ commit: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", arguments: [commitKey, commit])
    }
}
