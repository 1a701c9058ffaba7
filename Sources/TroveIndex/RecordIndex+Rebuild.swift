import Foundation
import GRDB
import TroveStore
import TroveSystem

extension RecordIndex {
    /// Builds the index of commit `head` from scratch and puts it in the live file.
    ///
    /// The build (`IndexBuild`) goes into a new file beside the live one, with no journal: nobody else sees it, so
    /// a crash leaves only a stray file, and building there is far cheaper than dropping and
    /// refilling the live tables through the write-ahead log. SQLite's backup then copies it into
    /// the live file in one write transaction, under SQLite's own locks, so other processes go on
    /// reading the old index and then see the new one whole. (Renaming the new file over the live
    /// one would split SQLite's pairing of a database with its `-wal` and `-shm` files.)
    ///
    /// One build at a time: processes that start together on a missing index wait for the first
    /// one's build (an exclusive `flock` on `index.sqlite.build`) and then find the index current.
    ///
    /// - Parameter always: build even if another process built `head` meanwhile; `trove reindex`
    ///   asks for that, opening a missing index does not.
    /// - Returns: the number of records in the index.
    @discardableResult
    func buildAfresh(of head: String, always: Bool, progress: ((Int, Int) -> Void)?) throws -> Int {
        try IndexDatabase.withLock(on: path + ".build", LOCK_EX) {
            if !always, try queue.read({ try IndexSchema.indexedCommit($0) }) == head { return }
            removeAbandonedBuilds()
            let temporary = path + ".new-\(getpid())"
            let remove = { for suffix in ["", "-journal", "-wal", "-shm", "-rows"] { unlink(temporary + suffix) } }
            remove()
            defer { remove() }
            // One id with files in two collections is one record, the first in path order (the diff's order), as
            // `Store.record(id:)` reads it; the other would break the index's unique id (`trove check` names it).
            var seen: Set<String> = []
            let changes = try store.recordChanges(from: nil, to: head).filter { seen.insert($0.id).inserted }
            let fresh = try IndexBuild(store: store, path: temporary).run(changes, head: head, progress: progress)
            // Every page passes through the live connection's cache on its way to the log: a small cache
            // meanwhile keeps the copy from filling 64 MB with pages nobody reads again.
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -2048") }
            defer { try? queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = \(IndexDatabase.cacheSize)") } }
            try fresh.backup(to: queue)
            try fresh.close()
            // The whole index went through the write-ahead log: fold it back and empty it.
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        return try recordCount()
    }

    /// Deletes the half-built files of builds whose process was killed (`index.sqlite.new-PID…`).
    private func removeAbandonedBuilds() {
        let folder = FilePath.folder(of: path)
        let prefix = Self.fileName + ".new-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            // A live process (another store's build, say) keeps its file.
            guard let pid = pid_t(digits), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }
}
