import GRDB
import TroveSystem

/// How one write transaction on the index changes its ways as its changes grow large: a catch-up's, or an
/// import's feed's (`IndexFeed`). Call `willApply` before each batch, `didApply` after it, `finish` before the
/// commit, and `restore` once the transaction has ended, however it ended.
struct BulkChanges {
    /// From this many changes, the transaction runs with a smaller page cache.
    static let large = 20_000

    private let db: Database
    /// How many records the index held when the transaction began.
    private let heldAtStart: Int
    /// The page cache once the changes are large, in KiB.
    private let largeCacheKiB: Int
    private var applied = 0
    private var isLarge = false
    private var orderIndexesDropped = false

    /// - Parameter largeCacheKiB: the page cache from `large` changes on: a catch-up's 32 MB by default.
    init(_ db: Database, largeCacheKiB: Int = 32_768) throws {
        self.db = db
        self.largeCacheKiB = largeCacheKiB
        heldAtStart = try Int(Double.fetchOne(db, sql: "SELECT total(count) FROM counts") ?? 0)
    }

    /// Before a batch of `count` changes.
    mutating func willApply(_ count: Int) throws {
        let total = applied + count
        // A large catch-up (an import's) runs with half the page cache: 100,000 new records peaked at 207 MB
        // instead of 241 MB, in 5.1 s instead of 4.8 s (16 MB: 190 MB, 5.45 s).
        if !isLarge, total >= Self.large {
            isLarge = true
            try db.execute(sql: "PRAGMA cache_size = -\(largeCacheKiB)")
        }
        // Once the changes are as many as the records the index held when they began (a first import into a new
        // store's at once), the indexes rows are not looked up by are dropped and built again at the end: sorting
        // the rows once is cheaper than keeping five b-trees in order a row at a time. Python's sqlite3 on the rows
        // of 100,000 jrnl entries, in the catch-up's order: 13-18 s kept, 8-9 s dropped and built.
        if !orderIndexesDropped, total >= Self.large, total >= heldAtStart {
            orderIndexesDropped = true
            try IndexSchema.dropOrderIndexes(db)
        }
    }

    /// After a batch of `count` changes.
    mutating func didApply(_ count: Int) {
        applied += count
        // The records of the last `large` changes are free again: give their pages back before the next ones.
        if applied / Self.large != (applied - count) / Self.large { FreedMemory.giveBack() }
    }

    /// Before the commit: builds the indexes dropped.
    func finish() throws {
        guard orderIndexesDropped else { return }
        // SQLite's sorter holds up to the page cache: building the five indexes over 100,000 rows peaked 37 MB
        // higher with the large catch-up's 32 MB than with 8 MB, for 0.4 s less (Python's sqlite3).
        try db.execute(sql: "PRAGMA cache_size = -8192")
        // With temporary files in memory (`IndexDatabase.temporaryFilesInMemory`) the sorter would never spill and
        // hold every key: three indexes over 1,000,000 rows peaked at 84 MB against 31 MB in a file (Python's
        // sqlite3); an import of 1,000,000 jrnl entries at 242 MB against 175 MB. SQLite allows the change inside a
        // transaction when no temporary table exists, and the index has none.
        try db.execute(sql: "PRAGMA temp_store = FILE")
        try IndexSchema.createOrderIndexes(db)
    }

    /// Once the transaction has ended: the connection's usual page cache.
    func restore() {
        if isLarge { try? db.execute(sql: "PRAGMA cache_size = \(IndexDatabase.cacheSize)") }
        if orderIndexesDropped { try? IndexDatabase.temporaryFilesInMemory(db) }
    }
}
