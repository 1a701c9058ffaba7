import GRDB

/// One full-text hit: the record, a snippet around the matched words, and its rank (smaller is better).
public struct SearchHit: Sendable, Equatable {
    public var record: IndexedRecord
    /// The best-matching passage, with each matched word between the caller's markers.
    public var snippet: String
    /// bm25 score: more negative means more relevant.
    public var rank: Double
}

extension RecordIndex {
    /// Records matching every word of `text`, best first.
    ///
    /// Each word matches as a prefix ("can" finds "canal"), accents are ignored ("creme" finds
    /// "crème"), and a word in a title or name weighs more than one in the text.
    /// FTS5's own operators are not interpreted, so any text is a safe query.
    public func search(_ text: String, type: String? = nil, limit: Int = 20,
                       highlight: (open: String, close: String) = ("[", "]")) throws -> [SearchHit] {
        guard let query = Self.matchExpression(text) else { return [] }
        // The best hits are chosen from the full-text index alone, and only they are joined with their
        // rows and given a snippet: doing both for every hit took twice as long on a common word.
        // The outer scan does not score again; joins in the order written, it looks up only the chosen rows.
        var best = "SELECT search.rowid AS hit, bm25(search, 10.0, 1.0, 3.0) AS score FROM search"
        var arguments: StatementArguments = []
        if let type {
            best += " JOIN records ON records.rowid = search.rowid WHERE search MATCH ? AND records.type = ?"
            arguments += [query, type]
        } else {
            best += " WHERE search MATCH ?"
            arguments += [query]
        }
        best += " ORDER BY score, search.rowid LIMIT ?"
        arguments += [limit, highlight.open, highlight.close, query]
        let sql = """
            WITH best AS (\(best))
            SELECT \(IndexedRecord.columns), snippet(search, -1, ?, ?, '…', 12), best.score
            FROM search CROSS JOIN best ON +search.rowid = best.hit CROSS JOIN records ON records.rowid = best.hit
            WHERE search MATCH ?
            ORDER BY best.score, records.id
            """
        return try read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                SearchHit(record: IndexedRecord(row: row), snippet: row[IndexedRecord.columnCount], rank: row[IndexedRecord.columnCount + 1])
            }
        }
    }

    /// An FTS5 expression: every word of `text` as a quoted prefix term, or `nil` when there are no words.
    static func matchExpression(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { word in
            word.filter { $0 != "\"" && $0 != "*" }
        }.filter { word in word.contains { $0.isLetter || $0.isNumber } }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
