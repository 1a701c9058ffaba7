import Foundation
import GRDB
import TroveStore

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
    var queue: DatabaseQueue

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
        let existed = FileManager.default.fileExists(atPath: path)
        do {
            queue = try Self.openDatabase(path)
            // A file that exists but holds nothing (truncated to zero bytes) is rebuilt like a missing one.
            if try Self.prepareSchema(queue), existed { notice = "the index was empty; building it from the records" }
        } catch {
            do { queue = try Self.replaceDatabase(path) } catch let error as DatabaseError {
                throw IndexError(path: path, reason: Self.reason(error))
            }
            if let error = error as? IndexFileError {
                notice = "the index \(error); rebuilding it from the records"
            } else {
                notice = "the index was unreadable (\(Self.reason(error))); rebuilding it from the records"
            }
        }
        if !existed { notice = "the index was missing; building it from the records" }
        if rebuilding {
            notice = nil
            _ = try rebuild(progress: progress)
        } else {
            _ = try recovering(progress: progress) { try catchUp(progress: progress) }
        }
    }

    /// Records changes from the indexed commit up to HEAD. Cheap when nothing changed.
    ///
    /// - Returns: how many records were added, changed or removed.
    @discardableResult
    public func catchUp(progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        guard let head = try store.headHex() else { return 0 }
        let indexed = try queue.read { try IndexSchema.indexedCommit($0) }
        if indexed == head { return 0 }
        if indexed == nil { return try replaceWithFreshBuild(of: head, progress: progress) }
        var commitGone = false
        let applied = try queue.inDatabase { db in
            var applied = 0
            try db.inTransaction(.immediate) {
                // Another process may have caught up, or started over, while we waited for the write lock.
                guard let indexed = try IndexSchema.indexedCommit(db), indexed != head else { return .commit }
                let changes: [RecordChange]
                do {
                    changes = try store.recordChanges(from: indexed, to: head)
                } catch StoreError.unknownCommit {
                    commitGone = true
                    return .rollback
                }
                try IndexWriter(db: db, store: store).update(changes, progress: progress)
                try IndexSchema.setIndexedCommit(db, head)
                applied = changes.count
                return .commit
            }
            return applied
        }
        guard commitGone else { return applied }
        // The indexed commit is gone (history rewritten by hand): start over.
        if notice == nil { notice = "the index's commit is no longer in the store; rebuilding it from the records" }
        return try replaceWithFreshBuild(of: head, progress: progress)
    }

    /// Throws the index away and builds it again from HEAD's records.
    ///
    /// - Returns: the number of records indexed.
    @discardableResult
    public func rebuild(progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        try recovering(progress: progress) {
            if let head = try store.headHex() { try replaceWithFreshBuild(of: head, progress: progress) }
        }
        return try recordCount()
    }

    /// Runs `body`; if SQLite finds the file damaged, replaces it, rebuilds, and runs `body` once more.
    /// Any other SQLite failure becomes an `IndexError` naming the file.
    func recovering<T>(progress: ((Int, Int) -> Void)? = nil, _ body: () throws -> T) throws -> T {
        do {
            do {
                return try body()
            } catch let error as DatabaseError where Self.isDamage(error) {
                try? queue.close()
                queue = try Self.replaceDatabase(path)
                notice = "the index was damaged (\(Self.reason(error))); rebuilding it from the records"
                try catchUp(progress: progress)
                return try body()
            }
        } catch let error as DatabaseError {
            throw IndexError(path: path, reason: Self.reason(error))
        }
    }

    // MARK: - The file

    static func openDatabase(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.journalMode = .wal
        configuration.foreignKeysEnabled = false
        configuration.label = "trove-index"
        configuration.prepareDatabase { db in
            // A cache: losing the last transaction to a power cut only means catching up again.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Bulk updates touch every b-tree at once; 64 MB of page cache keeps them in memory.
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Creates the tables in an empty file; throws `IndexFileError` for another schema version.
    ///
    /// - Returns: whether the file was empty and the tables were created.
    @discardableResult
    private static func prepareSchema(_ queue: DatabaseQueue) throws -> Bool {
        try queue.inDatabase { db in
            var created = false
            try db.inTransaction(.immediate) {
                switch try IndexSchema.storedVersion(db) {
                case nil:
                    // An empty file (new, or truncated to nothing): but a file with other tables is not ours.
                    guard try String.fetchAll(db, sql: "SELECT name FROM sqlite_master").isEmpty else {
                        throw IndexFileError.foreignTables
                    }
                    try IndexSchema.create(db)
                    created = true
                case IndexSchema.version?:
                    break
                case let other?:
                    throw IndexFileError.otherVersion(other)
                }
                return .commit
            }
            return created
        }
    }

    /// Deletes the index file and its journals, and creates an empty index.
    private static func replaceDatabase(_ path: String) throws -> DatabaseQueue {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        let queue = try openDatabase(path)
        try prepareSchema(queue)
        return queue
    }

    static func isDamage(_ error: DatabaseError) -> Bool {
        [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT, .SQLITE_SCHEMA].contains(error.resultCode)
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
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

/// Why an index file was set aside.
enum IndexFileError: Error, CustomStringConvertible {
    case otherVersion(Int)
    case foreignTables

    var description: String {
        switch self {
        case .otherVersion(let version): return "was made by another version of trove (index schema \(version))"
        case .foreignTables: return "holds tables trove did not make"
        }
    }
}
