import GRDB
import TroveJSON
import TroveStore

/// Applies record changes to the index's tables, inside a transaction its caller owns.
///
/// A full build is `IndexBuild`'s job.
struct IndexWriter {
    let db: Database
    let store: Store

    /// Applies `changes`, the record files that differ between the indexed commit and commit `head`, to an
    /// index that holds the records before them.
    ///
    /// A changed record keeps its row and is updated in place, naming only the indexed columns whose
    /// values moved: SQLite then leaves the b-tree indexes of the others alone. (Deleting and inserting
    /// it again rewrote a page of every index per record, megabytes for a thousand edits.)
    ///
    /// - Parameters:
    ///   - head: the commit, to look up the other files of an id changed twice or removed; `nil` when it is not
    ///     made yet (an import's feed), and then such changes throw `IndexFeed.CannotFollow`.
    ///   - bytes: the changes' bytes, when the caller has them, in their order; else they are read from git.
    func update(_ changes: [RecordChange], at head: String?, bytes: [[UInt8]?]? = nil, progress: ((Int, Int) -> Void)?) throws {
        let (changes, settled) = try resolvingSharedIDs(changes, at: head)
        // Resolving (only with `head`) puts files of `head` in place of changes, and those are read from git.
        let bytes = settled.isEmpty ? bytes : nil
        // FTS5 flushes its in-memory buffer whenever a row id goes backwards, so the full-text entries of
        // every row that changes or goes are removed first, and the new ones added after, in row order;
        // the records are read from git meanwhile.
        var existing: [String: ExistingRow] = [:]
        var written: [Int64] = []
        try insertAll(changes, bytes: bytes, progress: progress, meanwhile: {
            existing = try rows(changes.map(\.id))
            try db.execute(sql: """
                INSERT INTO search(search, rowid, title, body, place)
                SELECT 'delete', rowid, title, body, place FROM records WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid
                """, arguments: [Self.jsonList(existing.values.map(\.rowid))])
        }, existing: { id in existing[id] }, settled: settled, written: { written.append($0) })
        // A new row may reuse the id of a row removed just before, so rows are named, not taken from above a mark.
        try db.execute(sql: """
            INSERT INTO search(rowid, title, body, place)
            SELECT rowid, title, body, place FROM records WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY rowid
            """, arguments: [Self.jsonList(written)])
    }

    /// One id with files in two places (two collections, committed by hand or from a hub) is one record: the
    /// file whose path sorts first, as a full build and `Store.record(id:)` take it. A change to the other file
    /// must not replace or remove its row.
    ///
    /// An id changed twice (a record moved) or removed (another collection's file may take over) becomes one
    /// change to the first of its files after the change: those it changes and those `head` has in the other
    /// collections, at a few tree lookups each. These come back `settled`, applied as they are. A single change
    /// to an id whose row has another type meets that row's unchanged file, and `insertAll` compares the two paths.
    private func resolvingSharedIDs(_ changes: [RecordChange], at head: String?) throws -> ([RecordChange], settled: Set<String>) {
        var byID: [String: [RecordChange]] = [:]
        for change in changes { byID[change.id, default: []].append(change) }
        let settled = Set(byID.filter { $0.value.count > 1 || $0.value[0].blob == nil }.keys)
        guard !settled.isEmpty else { return (changes, []) }
        guard let head else { throw IndexFeed.CannotFollow() }
        var resolved: [RecordChange] = []
        for change in changes {
            guard settled.contains(change.id) else { resolved.append(change); continue }
            guard let group = byID.removeValue(forKey: change.id) else { continue }
            let present = group.filter { $0.blob != nil } + (try store.recordFiles(id: change.id, at: head))
            resolved.append(present.min { $0.path < $1.path } ?? change)
        }
        return (resolved, settled)
    }

    /// Whether a change to `change`'s file must leave alone the row made from the unchanged file of `rowType`:
    /// of two files of one id, the one whose path sorts first is the record.
    private func yields(_ change: RecordChange, to rowType: String) -> Bool {
        guard change.type != rowType, let collection = store.formats.format(for: rowType)?.collection else { return false }
        return StoreLayout.recordPath(collection: collection, id: change.id) < change.path
    }

    /// What the index holds of a record about to change: its row, and the indexed columns an update may leave alone.
    struct ExistingRow {
        var rowid: Int64
        var values: [String: DatabaseValue]
    }

    /// The indexed columns of `records` besides `id`, as an update compares them.
    static let indexedColumns = ["type", "label", "parent", "start", "lat", "lon"]

    /// The rows the index has for these ids.
    private func rows(_ ids: [String]) throws -> [String: ExistingRow] {
        let statement = try db.cachedStatement(sql: "SELECT rowid, type, label, parent, start, lat, lon FROM records WHERE id = ?")
        var found: [String: ExistingRow] = [:]
        for id in ids {
            guard let row = try Row.fetchOne(statement, arguments: [id]) else { continue }
            var values: [String: DatabaseValue] = [:]
            for column in Self.indexedColumns { values[column] = row[column] }
            found[id] = ExistingRow(rowid: row["rowid"], values: values)
        }
        return found
    }

    private static func jsonList(_ rowids: [Int64]) -> String {
        "[" + rowids.sorted().map(String.init).joined(separator: ",") + "]"
    }

    /// Writes every record that `changes` leaves in the store, with its tags: a new row, or the `existing`
    /// one updated; a record gone or unreadable loses its row. A trigger keeps its place. The rows written
    /// are reported to `written`.
    /// The caller adds the full-text entries afterwards, all in one statement.
    private func insertAll(_ changes: [RecordChange], bytes: [[UInt8]?]? = nil, progress: ((Int, Int) -> Void)?, meanwhile: () throws -> Void = {},
                           existing: (String) -> ExistingRow? = { _ in nil }, settled: Set<String> = [],
                           written: (Int64) -> Void = { _ in }) throws {
        let step = max(1, changes.count / 200)
        let inserter = try RowInserter(db)
        try RecordReader(store: store, changes: changes, bytes: bytes).forEach(meanwhile: meanwhile) { number, parsed in
            let change = changes[number]
            let row = existing(change.id)
            if let row, !settled.contains(change.id), let rowType = String.fromDatabaseValue(row.values["type"] ?? .null),
               yields(change, to: rowType) {
                // The other file of this id is the record; this one is a duplicate `trove check` names. The row's
                // full-text entries were taken out with every changed id's: they go back as they were.
                written(row.rowid)
            } else if let row, let (fields, blob) = parsed {
                try update(row, to: fields, blob: blob)
                written(row.rowid)
            } else if let row {
                try db.cachedStatement(sql: "DELETE FROM records WHERE rowid = ?").execute(arguments: [row.rowid])
            } else if let (fields, blob) = parsed {
                written(try inserter.insert(fields, blob: blob))
            }
            if let progress, number % step == 0 { progress(number, changes.count) }
        }
        progress?(changes.count, changes.count)
    }

    /// Updates a row in place: the columns no index covers always, the indexed ones only when they changed,
    /// and only the tags that came or went.
    private func update(_ row: ExistingRow, to fields: IndexedFields, blob: String) throws {
        let indexed: [String: DatabaseValue] = [
            "type": fields.type.databaseValue, "label": fields.label.databaseValue, "parent": fields.parent.databaseValue,
            "start": fields.start.databaseValue, "lat": fields.latitude.databaseValue, "lon": fields.longitude.databaseValue,
        ]
        let moved = Self.indexedColumns.filter { indexed[$0] != row.values[$0] }
        // `records_by_start` holds `end` and the `oneOff…` columns: assigning them always costs no more than `end` alone did.
        let assignments = (["blob", "\"end\"", "createdAt", "updatedAt", "title", "body", "place", "starred", "doc",
                            "oneOffEnds", "oneOffTitle", "oneOffClass", "oneOffAddress", "seriesStarts"] + moved).map { $0 + " = ?" }
        let oneOff = fields.calendar?.oneOff
        let arguments: [DatabaseValueConvertible?] = [blob, fields.end, fields.createdAt, fields.updatedAt, fields.title, fields.body, fields.place, fields.starred, fields.calendar?.document,
                                                      oneOff.map { $0.hasEnd ? 1 : 0 }, oneOff?.title, oneOff?.classLabel, oneOff?.address,
                                                      fields.calendar?.seriesStarts]
            + moved.map { indexed[$0]! } + [row.rowid]
        try db.cachedStatement(sql: "UPDATE records SET " + assignments.joined(separator: ", ") + " WHERE rowid = ?")
            .execute(arguments: StatementArguments(arguments))
        let old = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT tag FROM tags WHERE record = ?"), arguments: [row.rowid]))
        let new = Set(fields.tags)
        for tag in old.subtracting(new) {
            try db.cachedStatement(sql: "DELETE FROM tags WHERE tag = ? AND record = ?").execute(arguments: [tag, row.rowid])
        }
        for tag in new.subtracting(old) {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO tags(tag, record) VALUES (?, ?)").execute(arguments: [tag, row.rowid])
        }
    }
}
