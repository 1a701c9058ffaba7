import Foundation
import GRDB
import TroveStore
import TroveSystem

/// The SQLite index of a store's records at `.git/trove/index.sqlite`: a cache that is never the truth.
///
/// Opening it catches up with HEAD, whoever moved HEAD (a trove command, `git pull`, another process),
/// by applying only the records that changed since the commit it reflects. A missing, unreadable or
/// older-schema file is rebuilt from the records, and `notice` says so in one line.
public final class RecordIndex {
    /// The store whose records this indexes.
    public let store: Store
    /// The SQLite file.
    public let path: String
    /// Set when opening had to rebuild the index, worded for the person at the keyboard.
    public private(set) var notice: String?
    /// The connection to the file, and which file it is.
    private var opened: IndexDatabase.Opened
    var queue: DatabaseQueue { opened.queue }

    /// The index file's name inside the store's local folder.
    public static let fileName = "index.sqlite"

    /// Opens (or builds) the index of `store` and brings it up to HEAD.
    ///
    /// - Parameters:
    ///   - progress: called while a rebuild runs, with records done and records in all.
    ///   - rebuilding: build it afresh from HEAD whatever state it is in (`trove reindex`), so that
    ///     a missing or damaged file is built once, not once on opening and again on request.
    public init(store: Store, progress: ((Int, Int) -> Void)? = nil, rebuilding: Bool = false) throws {
        self.store = store
        path = store.localFolder + "/" + Self.fileName
        do { opened = try IndexDatabase.open(path) } catch let error as DatabaseError {
            throw IndexError(path: path, reason: IndexDatabase.reason(error))
        }
        notice = opened.notice
        if rebuilding {
            notice = nil
            _ = try rebuild(progress: progress)
        } else {
            _ = try recovering(progress: progress) { try catchUp(progress: progress) }
        }
    }

    /// Whether another process has since replaced the file this index has open (it was damaged):
    /// a long-lived holder, such as the shell, should then open the index again.
    public var fileWasReplaced: Bool { IndexDatabase.inode(path) != opened.inode }

    /// Records changes from the indexed commit up to HEAD. Cheap when nothing changed.
    ///
    /// - Returns: how many records were added, changed or removed.
    @discardableResult
    public func catchUp(progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        guard let head = try store.headHex() else { return 0 }
        let indexed = try queue.read { try IndexSchema.indexedCommit($0) }
        if indexed == head { return 0 }
        if indexed == nil { return try buildAfresh(of: head, always: false, progress: progress) }
        var commitGone = false
        let applied = try queue.inDatabase { db in
            var applied = 0
            // A catch-up does not map the file (set outside the transaction, where SQLite takes it): every page an
            // import's catch-up touched stayed mapped, up to 256 MB of the process's memory at 1,000,000 records
            // (issue 25). Reads map it again after.
            try db.execute(sql: "PRAGMA mmap_size = 0")
            defer { try? db.execute(sql: "PRAGMA mmap_size = \(IndexDatabase.mmapSize)") }
            try db.inTransaction(.immediate) {
                // Another process may have caught up, or started over, while we waited for the write lock.
                guard let indexed = try IndexSchema.indexedCommit(db), indexed != head else { return .commit }
                // Its changes come `BulkChanges.large` at a time, in one SQLite transaction: 1,000,000 are never
                // held at once (issue 25).
                var bulk = try BulkChanges(db)
                defer { bulk.restore() }
                do {
                    try store.recordChanges(from: indexed, to: head, batch: BulkChanges.large) { changes in
                        try bulk.willApply(changes.count)
                        let before = applied
                        try IndexWriter(db: db, store: store).update(changes, at: head, progress: progress.map { report in
                            { done, total in report(before + done, before + total) }
                        })
                        applied += changes.count
                        bulk.didApply(changes.count)
                    }
                } catch StoreError.unknownCommit {
                    commitGone = true
                    return .rollback
                }
                try bulk.finish()
                try IndexSchema.setIndexedCommit(db, head)
                return .commit
            }
            return applied
        }
        guard commitGone else { return applied }
        // The indexed commit is gone (history rewritten by hand): start over.
        if notice == nil { notice = "the index's commit is no longer in the store; rebuilding it from the records" }
        return try buildAfresh(of: head, always: false, progress: progress)
    }

    /// Throws the index away and builds it again from HEAD's records.
    ///
    /// - Returns: the number of records indexed.
    @discardableResult
    public func rebuild(progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        try recovering(progress: progress) {
            guard let head = try store.headHex() else { return try recordCount() }
            return try buildAfresh(of: head, always: true, progress: progress)
        }
    }

    /// Runs `body`; if SQLite finds the file damaged, replaces it, rebuilds, and runs `body` once more.
    /// Any other SQLite failure becomes an `IndexError` naming the file.
    func recovering<T>(progress: ((Int, Int) -> Void)? = nil, _ body: () throws -> T) throws -> T {
        do {
            do {
                return try body()
            } catch let error as DatabaseError where Self.isDamage(error) {
                // The old connection closes when released, once the replacement is open.
                opened = try IndexDatabase.replace(path, judged: opened.inode)
                notice = "the index was damaged (\(IndexDatabase.reason(error))); rebuilding it from the records"
                try catchUp(progress: progress)
                return try body()
            }
        } catch let error as DatabaseError {
            throw IndexError(path: path, reason: IndexDatabase.reason(error))
        }
    }

    static func isDamage(_ error: DatabaseError) -> Bool {
        [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT, .SQLITE_SCHEMA].contains(error.resultCode)
    }
}

/// The index could not be read or written, for a reason other than damage (which is repaired).
public struct IndexError: Error, Sendable, CustomStringConvertible {
    /// The index file.
    public var path: String
    /// SQLite's explanation, e.g. "database or disk is full".
    public var reason: String

    public var description: String { "the index \(path) cannot be used: \(reason)" }
}
