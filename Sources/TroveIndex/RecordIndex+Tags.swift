import GRDB

extension RecordIndex {
    /// Every tag (and event category) with the number of records carrying it, most used first.
    public func tags(type: String? = nil) throws -> [(tag: String, count: Int)] {
        var sql = "SELECT tags.tag, count(*) FROM tags"
        var arguments: StatementArguments = []
        if let type { sql += " JOIN records ON records.rowid = tags.record WHERE records.type = ?"; arguments += [type] }
        sql += " GROUP BY tags.tag ORDER BY count(*) DESC, tags.tag"
        return try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map { (tag: $0[0], count: $0[1]) } }
    }

    /// Records carrying `tag`, newest first.
    public func records(tagged tag: String, type: String? = nil, page: IndexPage = IndexPage()) throws -> [IndexedRecord] {
        var sql = "SELECT \(IndexedRecord.columns) FROM tags JOIN records ON records.rowid = tags.record WHERE tags.tag = ?"
        var arguments: StatementArguments = [tag]
        if let type { sql += " AND records.type = ?"; arguments += [type] }
        sql += " ORDER BY records.start DESC, records.id DESC LIMIT ? OFFSET ?"
        arguments += [page.limit, page.offset]
        return try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments).map(IndexedRecord.init(row:)) }
    }
}
