import GRDB
import TroveJSON

extension RecordIndex {
    /// Records of `type` (all types when `nil`), optionally only those belonging to `parent` or
    /// carrying `tag`, in `sort` order.
    public func records(type: String? = nil, parent: String? = nil, tag: String? = nil, sort: IndexSort = .created,
                        descending: Bool = false, page: IndexPage = IndexPage()) throws -> [IndexedRecord] {
        try records(matching: RecordQuery(type: type, parent: parent, tag: tag), sort: sort, descending: descending, page: page)
    }

    /// Records that match `query`, in `sort` order.
    public func records(matching query: RecordQuery, sort: IndexSort = .created, descending: Bool = false,
                        page: IndexPage = IndexPage()) throws -> [IndexedRecord] {
        var (sql, arguments) = query.whereClause()
        let direction = descending ? "DESC" : "ASC"
        sql = "SELECT \(IndexedRecord.columns) FROM records \(sql) ORDER BY \(sort.column) \(direction), records.id \(direction) LIMIT ? OFFSET ?"
        arguments += [page.limit, page.offset]
        return try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(IndexedRecord.init(row:)) }
    }

    /// How many records match `query`.
    public func count(matching query: RecordQuery) throws -> Int {
        if let type = query.type, query == RecordQuery(type: type) {
            return try read { db in try Int.fetchOne(db, sql: "SELECT count FROM counts WHERE type = ?", arguments: [type]) ?? 0 }
        }
        let (sql, arguments) = query.whereClause()
        return try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM records \(sql)", arguments: arguments) ?? 0 }
    }

    /// The whole record behind an index row: from the row itself for events and tasks, else read from git;
    /// `nil` if its file no longer parses.
    public func value(of record: IndexedRecord) -> JSONValue? {
        value(document: record.document, blob: record.blob)
    }

    /// A record from its copy in a row, or from git's blob when there is none or it does not parse.
    func value(document: String?, blob: String) -> JSONValue? {
        if let document, let value = try? JSONValue(parsing: Array(document.utf8)) { return value }
        return RecordReader.record(blob, in: store)
    }

    /// One record by id, or `nil`.
    public func record(id: String) throws -> IndexedRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(IndexedRecord.columns) FROM records WHERE id = ?", arguments: [id])
                .map(IndexedRecord.init(row:))
        }
    }

    /// How many records of each type, most numerous first.
    public func counts() throws -> [(type: String, count: Int)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT type, count FROM counts ORDER BY count DESC, type")
                .map { (type: $0[0], count: $0[1]) }
        }
    }

    /// The number of records, all types together.
    public func recordCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT coalesce(sum(count), 0) FROM counts") ?? 0 }
    }

    /// Records of `types` whose name or title is `label` (ignoring case).
    public func records(labelled label: String, types: [String]) throws -> [IndexedRecord] {
        let marks = Array(repeating: "?", count: types.count).joined(separator: ", ")
        return try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(IndexedRecord.columns) FROM records WHERE type IN (\(marks)) AND label = ? COLLATE NOCASE ORDER BY id
                """, arguments: StatementArguments(types + [label])).map(IndexedRecord.init(row:))
        }
    }

    /// Names or titles of `type` that start with `prefix` (ignoring case), for completion.
    public func labels(type: String, prefix: String = "", limit: Int = 100) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT label FROM records
                WHERE type = ? AND label IS NOT NULL AND label LIKE ? ESCAPE '\\'
                ORDER BY label COLLATE NOCASE LIMIT ?
                """, arguments: [type, Self.likePrefix(prefix), limit])
        }
    }

    /// Ids of records of `type` that start with `prefix`, for completion.
    public func ids(type: String, prefix: String, limit: Int = 100) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM records WHERE type = ? AND id >= ? AND id < ? ORDER BY id LIMIT ?",
                                arguments: [type, prefix, prefix + "\u{10FFFF}", limit])
        }
    }

    /// Ids that start with `prefix`, for completion.
    public func ids(prefix: String, limit: Int = 100) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM records WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                                arguments: [prefix, prefix + "\u{10FFFF}", limit])
        }
    }

    /// Ids of `type` that end with `suffix` (the random end of a UUIDv7, which listings show), for lookups.
    public func ids(type: String, suffix: String, limit: Int = 100) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM records WHERE type = ? AND id LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?",
                                arguments: [type, "%" + Self.likePrefix(suffix).dropLast(), limit])
        }
    }

    /// Ids of any type that end with `suffix`, for lookups.
    public func ids(suffix: String, limit: Int = 100) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM records WHERE id LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?",
                                arguments: ["%" + Self.likePrefix(suffix).dropLast(), limit])
        }
    }

    /// A LIKE pattern matching text that starts with `prefix`, with `%`, `_` and `\` taken literally.
    static func likePrefix(_ prefix: String) -> String {
        var pattern = ""
        for character in prefix {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }

    /// Reads, rebuilding the file first if SQLite finds it damaged.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try recovering { try queue.read(body) }
    }
}

/// Which records a listing wants: every condition given must hold.
public struct RecordQuery: Sendable, Equatable {
    public var type: String?
    /// The record they belong to (a journal, dog, calendar…).
    public var parent: String?
    public var tag: String?
    /// Only records whose `start` (an entry's date) is at or after this UTC time or date.
    public var from: String?
    /// Only records whose `start` is before this UTC time or date.
    public var before: String?
    /// Only starred records.
    public var starredOnly = false

    public init(type: String? = nil, parent: String? = nil, tag: String? = nil, from: String? = nil,
                before: String? = nil, starredOnly: Bool = false) {
        self.type = type
        self.parent = parent
        self.tag = tag
        self.from = from
        self.before = before
        self.starredOnly = starredOnly
    }

    func whereClause() -> (String, StatementArguments) {
        var filters: [String] = []
        var arguments: StatementArguments = []
        if let type { filters.append("records.type = ?"); arguments += [type] }
        if let parent { filters.append("records.parent = ?"); arguments += [parent] }
        if let tag { filters.append("records.rowid IN (SELECT record FROM tags WHERE tag = ?)"); arguments += [tag] }
        if let from { filters.append("records.start >= ?"); arguments += [from] }
        if let before { filters.append("records.start < ?"); arguments += [before] }
        if starredOnly { filters.append("records.starred = 1") }
        return (filters.isEmpty ? "" : "WHERE " + filters.joined(separator: " AND "), arguments)
    }
}
