import GRDB

/// The index's tables. Any change to them bumps `version`, and an index of another version is rebuilt, never migrated.
enum IndexSchema {
    static let version = 1

    /// `meta` keys.
    static let versionKey = "schemaVersion"
    static let commitKey = "commit"

    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
            CREATE TABLE records(
              rowid INTEGER PRIMARY KEY,
              id TEXT NOT NULL UNIQUE,
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
              json TEXT NOT NULL
            );
            CREATE INDEX records_by_type ON records(type, id);
            CREATE INDEX records_by_start ON records(type, start);
            CREATE INDEX records_by_parent ON records(parent, type);
            CREATE INDEX records_by_label ON records(type, label COLLATE NOCASE);
            CREATE TABLE tags(
              tag TEXT NOT NULL,
              record INTEGER NOT NULL,
              PRIMARY KEY(tag, record)
            ) WITHOUT ROWID;
            CREATE INDEX tags_by_record ON tags(record);
            CREATE VIRTUAL TABLE search USING fts5(
              title, body, place,
              tokenize = 'unicode61 remove_diacritics 2',
              prefix = '2 3'
            );
            CREATE VIRTUAL TABLE places USING rtree(rowid, minLat, maxLat, minLon, maxLon);
            """)
        try db.execute(sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [versionKey, String(version)])
    }

    /// The schema version of an open database, `nil` when it has no `meta` table.
    static func storedVersion(_ db: Database) throws -> Int? {
        guard try db.tableExists("meta") else { return nil }
        return try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [versionKey]).flatMap { Int($0) }
    }

    static func indexedCommit(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [commitKey])
    }

    static func setIndexedCommit(_ db: Database, _ commit: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", arguments: [commitKey, commit])
    }
}
