import Foundation
import GRDB
import TroveStore

/// A full build of the index, from every record of a commit, into a new file nobody else uses yet.
///
/// Three threads share the work, so that a build takes about half the time of one thread's:
/// - the reader thread reads the records from git and parses them (`RecordReader`);
/// - the calling thread writes their rows and tags into a scratch file, then builds the b-tree indexes there;
/// - a third thread writes the full-text index and the R*Tree of places into the new file.
///
/// The rows then move into the new file in one statement per table. SQLite copies a table and its
/// indexes record by record, without sorting, when the two files define them alike (its "transfer
/// optimization"): far quicker than building the indexes a second time.
struct IndexBuild {
    let store: Store
    /// The new file; it must not exist.
    let path: String

    /// The scratch file of rows, removed when the build ends.
    private var rowsPath: String { path + "-rows" }

    /// What the search thread writes for one record.
    private struct SearchRow {
        var rowid: Int64
        var title: String
        var body: String
        var place: String
        var latitude: Double?
        var longitude: Double?
    }

    /// Builds the index of `changes`, the records of commit `head`, and returns the new file's connection.
    func run(_ changes: [RecordChange], head: String, progress: ((Int, Int) -> Void)?) throws -> DatabaseQueue {
        let remove = { for suffix in ["", "-journal"] { unlink(rowsPath + suffix) } }
        remove()
        defer { remove() }
        let fresh = try Self.open(path)
        try fresh.inDatabase { db in
            try IndexSchema.createMeta(db)
            try IndexSchema.createRecordTables(db)
            try IndexSchema.createSearchTables(db)
            // Before the rows come, so that they come with theirs.
            try IndexSchema.createIndexes(db)
        }
        let handoff = Handoff<[SearchRow]>(capacity: 4)
        let searchWriter = BackgroundThread { [fresh] in
            do { try Self.writeSearch(from: handoff, into: fresh) } catch { handoff.abandon(); throw error }
        }
        do {
            try writeRows(changes, to: handoff, progress: progress)
        } catch {
            handoff.abandon()
            // The search thread's own failure, when that is what stopped the rows.
            try searchWriter.wait()
            throw error
        }
        try searchWriter.wait()
        try fresh.inDatabase { db in
            try db.execute(sql: "ATTACH DATABASE ? AS scratch", arguments: [rowsPath])
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO records SELECT * FROM scratch.records; INSERT INTO tags SELECT * FROM scratch.tags")
                try db.execute(sql: "INSERT INTO counts(type, count) SELECT type, count(*) FROM records GROUP BY type")
                try IndexSchema.createTriggers(db)
                try IndexSchema.setIndexedCommit(db, head)
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE scratch")
        }
        return fresh
    }

    /// Writes the rows and tags of `changes` into the scratch file, with row ids counted from 1, and hands
    /// what the search thread needs to `handoff`; then indexes the rows.
    private func writeRows(_ changes: [RecordChange], to handoff: Handoff<[SearchRow]>, progress: ((Int, Int) -> Void)?) throws {
        let rows = try Self.open(rowsPath)
        try rows.inDatabase { db in
            try IndexSchema.createRecordTables(db)
            try db.inTransaction {
                let inserter = try RowInserter(db)
                let step = max(1, changes.count / 200)
                var rowid: Int64 = 0
                var batch: [SearchRow] = []
                try RecordReader(store: store, changes: changes).forEach { number, parsed in
                    if let (fields, blob) = parsed {
                        rowid += 1
                        try inserter.insert(fields, blob: blob, rowid: rowid)
                        batch.append(SearchRow(rowid: rowid, title: fields.title, body: fields.body, place: fields.place,
                                               latitude: fields.latitude, longitude: fields.longitude))
                        if batch.count == 256 {
                            guard handoff.put(batch) else { throw CancellationError() }
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    if let progress, number % step == 0 { progress(number, changes.count) }
                }
                guard handoff.put(batch) else { throw CancellationError() }
                handoff.close()
                progress?(changes.count, changes.count)
                return .commit
            }
            try IndexSchema.createIndexes(db)
        }
        try rows.close()
    }

    /// Adds each row `handoff` brings to the full-text index and, when it has a location, to the R*Tree.
    private static func writeSearch(from handoff: Handoff<[SearchRow]>, into fresh: DatabaseQueue) throws {
        try fresh.inDatabase { db in
            try db.inTransaction {
                let text = RawStatement(try db.makeStatement(sql: "INSERT INTO search(rowid, title, body, place) VALUES (?, ?, ?, ?)"), in: db)
                let place = RawStatement(try db.makeStatement(sql: """
                    INSERT INTO places(rowid, minLat, maxLat, minLon, maxLon) VALUES (?1, ?2, ?2, ?3, ?3)
                    """), in: db)
                while let batch = handoff.take() {
                    for row in batch {
                        text.bind(1, row.rowid)
                        text.bind(2, row.title)
                        text.bind(3, row.body)
                        text.bind(4, row.place)
                        try text.run()
                        guard let latitude = row.latitude, let longitude = row.longitude else { continue }
                        place.bind(1, row.rowid)
                        place.bind(2, latitude)
                        place.bind(3, longitude)
                        try place.run()
                    }
                }
                return .commit
            }
        }
    }

    /// Opens a build file: no journal and no syncing, since a failed build is thrown away whole.
    /// Its rows are written in order, so 16 MB of cache serve as well as more: two builders with
    /// 32 MB each, and their index sorts, took a full build's memory near 280 MB.
    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16384")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
