import Foundation
import GRDB
import TroveStore

extension RecordIndex {
    /// Builds the index of commit `head` from scratch, in one write transaction on the live file.
    ///
    /// Building in place, under SQLite's own locks, lets other trove processes go on reading the old
    /// index and then see the new one whole. (Renaming a file built elsewhere over this one would
    /// split SQLite's pairing of a database with its `-wal` and `-shm` files between processes.)
    ///
    /// - Parameter always: build even if another process built `head` while this one waited for the
    ///   write lock; `trove reindex` asks for that, opening a missing index does not.
    /// - Returns: the number of records in the index.
    @discardableResult
    func buildAfresh(of head: String, always: Bool, progress: ((Int, Int) -> Void)?) throws -> Int {
        try queue.inDatabase { db in
            try db.inTransaction(.immediate) {
                if !always, try IndexSchema.indexedCommit(db) == head { return .commit }
                let changes = try store.recordChanges(from: nil, to: head)
                try IndexWriter(db: db, store: store).rebuild(changes, progress: progress)
                try IndexSchema.setIndexedCommit(db, head)
                return .commit
            }
            // The whole index went through the write-ahead log: fold it back and empty it.
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return try recordCount()
    }
}
