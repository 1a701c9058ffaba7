import Foundation
import GRDB
import GRDBSQLite
import TroveSystem

/// The index's SQLite file: opening it, and replacing it when it is damaged, safely beside other
/// trove processes doing the same.
///
/// SQLite pairs a database with its `-wal` and `-shm` files by name. Deleting or replacing the
/// file while another process has it open could pair that process's database with another one's
/// log. So connections never delete those files (the log is emptied instead), openers hold a
/// shared `flock` on the folder until their connection holds all three files open, and a
/// replacement holds it exclusively.
enum IndexDatabase {
    /// An open connection, and the file it opened.
    struct Opened {
        var queue: DatabaseQueue
        /// The inode of the file when it was opened, to tell later whether another process replaced it.
        var inode: ino_t?
        /// Set when the file was missing or empty (and is now an empty index), worded for the user.
        var notice: String?
        /// Where a folder in the index file's place was moved, by `replace`.
        var movedAside: String?
    }

    /// Opens the index at `path`, creating an empty one if there is none, and replacing a file
    /// that is not a usable index (damaged, foreign, or of another schema version) with an empty one.
    static func open(_ path: String) throws -> Opened {
        let existing = inode(path)
        do {
            var opened = try withFolderLock(of: path, LOCK_SH) { Opened(queue: try connect(path), inode: inode(path)) }
            if try prepareSchema(opened.queue) {
                opened.notice = existing == nil ? "the index was missing; building it from the records"
                    : "the index was empty; building it from the records"
            }
            return opened
        } catch {
            var opened = try replace(path, judged: existing)
            if let aside = opened.movedAside {
                let name = (aside as NSString).lastPathComponent
                opened.notice = "the index was a folder, not a file: moved it to \(name); rebuilding the index from the records"
            } else if let error = error as? IndexFileError {
                opened.notice = "the index \(error); rebuilding it from the records"
            } else {
                opened.notice = "the index was unreadable (\(reason(error))); rebuilding it from the records"
            }
            return opened
        }
    }

    /// Deletes a damaged index file and its logs, and creates an empty index in its place.
    ///
    /// Processes that find the same damage take turns. One that finds the file already replaced (its
    /// inode is not the one it judged) opens the replacement instead of deleting it.
    static func replace(_ path: String, judged: ino_t?) throws -> Opened {
        try withFolderLock(of: path, LOCK_EX) {
            if let judged, let current = inode(path), current != judged, let queue = try? connect(path),
               (try? prepareSchema(queue)) != nil {
                return Opened(queue: queue, inode: current)
            }
            var aside: String?
            for suffix in ["", "-wal", "-shm", "-journal"] {
                // A folder in the way (made by hand, or by a confused program) may hold someone's files: keep it.
                if isFolder(path + suffix) { aside = try moveAside(path + suffix) } else { unlink(path + suffix) }
            }
            let queue = try connect(path)
            try prepareSchema(queue)
            return Opened(queue: queue, inode: inode(path), movedAside: aside)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Renames `path` to the first free `<path>.aside`, `<path>.aside-2`, …; the new path.
    private static func moveAside(_ path: String) throws -> String {
        for attempt in 1...100 {
            let target = path + (attempt == 1 ? ".aside" : ".aside-\(attempt)")
            if access(target, F_OK) == 0 { continue }
            if rename(path, target) == 0 { return target }
            break
        }
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
    }

    /// A connection's page cache, as `PRAGMA cache_size` takes it (negative: in KiB).
    /// Bulk updates touch every b-tree at once; 64 MB of page cache keeps them in memory.
    static let cacheSize = -65536
    /// How much of the file reads map (`PRAGMA mmap_size`): 256 MB.
    static let mmapSize = 268_435_456

    /// Opens a connection and makes it hold the file, its log and its shared memory open.
    private static func connect(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        // Long enough to wait for another process's full build rather than make a second one.
        configuration.busyMode = .timeout(600)
        // WAL is set below, not through `configuration.journalMode = .wal`: GRDB then writes a table and drops it
        // whenever the log is empty (for its reader pools), and this file's log is emptied at every close, so
        // every command paid a write transaction, two fdatasyncs and a checkpoint on opening (issue 25: `trove
        // search` 30.6 -> ms). The mode is kept in the file; setting it again costs nothing.
        configuration.foreignKeysEnabled = false
        configuration.label = "trove-index"
        configuration.prepareDatabase { db in
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "could not use a write-ahead log")
            }
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = 0")
            // A cache: losing the last transaction to a power cut only means catching up again.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
            try temporaryFilesInMemory(db)
            // Reads map the file rather than copy its pages into fresh memory: a month view on 50,000 events
            // 117 -> 101 ms. Only SQLite itself ever shrinks the file (a rebuild's backup), and it remaps
            // at each read transaction; nothing else truncates it under a reader.
            try db.execute(sql: "PRAGMA mmap_size = \(mmapSize)")
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
        return queue
    }

    /// Keeps SQLite's temporary files (statement journals, sorts) in memory, as every index connection does.
    ///
    /// A row's insert runs its triggers, so SQLite keeps a statement journal of the pages it changes, in a file
    /// above 64 KiB: 20 pwrites a record, 368,540 for an import of 20,000 jrnl entries (strace). Kept in memory it
    /// is as large as one statement's pages, and freed at the statement's end. A sort of every row (`BulkChanges`
    /// building indexes) is the exception: in memory, SQLite's sorter never spills and holds every key.
    static func temporaryFilesInMemory(_ db: Database) throws {
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
    }

    /// Creates the tables in an empty file; throws `IndexFileError` for another schema version.
    ///
    /// - Returns: whether the file was empty and the tables were created.
    @discardableResult
    private static func prepareSchema(_ queue: DatabaseQueue) throws -> Bool {
        // The usual case, a current index, needs no write lock.
        if try queue.read({ try IndexSchema.storedVersion($0) }) == IndexSchema.version { return false }
        return try queue.inDatabase { db in
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

    /// Runs `body` holding a `flock` (`LOCK_SH` or `LOCK_EX`) on the folder of `path`.
    private static func withFolderLock<T>(of path: String, _ mode: Int32, _ body: () throws -> T) rethrows -> T {
        try withLock(on: FilePath.folder(of: path), mode, body)
    }

    /// Runs `body` holding a `flock` on `path` (a folder, or a file made if missing), waiting for it.
    /// If the lock cannot be had at all (no such folder), `body` runs anyway: opening the index then fails clearly.
    static func withLock<T>(on path: String, _ mode: Int32, _ body: () throws -> T) rethrows -> T {
        var descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT { descriptor = Glibc.open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644) }
        defer { if descriptor >= 0 { close(descriptor) } }  // closing releases the lock
        if descriptor >= 0 { while flock(descriptor, mode) != 0 && errno == EINTR {} }
        return try body()
    }

    /// SQLite's explanation of an error, e.g. "database or disk is full".
    static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// The inode number of the file at `path`, or nil when there is none.
    static func inode(_ path: String) -> ino_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_ino : nil
    }
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
