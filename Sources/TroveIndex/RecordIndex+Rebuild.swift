import Foundation
import GRDB
import TroveStore

extension RecordIndex {
    /// Builds the index of commit `head` in a new file beside the old one, then puts it in the old one's place.
    ///
    /// A fresh file needs no journal: until the rename nobody else can see it, so a crash leaves only
    /// a stray temporary file. That halves what a rebuild writes (no write-ahead log copied back).
    /// Another process still reading the old file keeps its own open copy until it next opens the index.
    ///
    /// - Returns: the number of records in `head`.
    @discardableResult
    func replaceWithFreshBuild(of head: String, progress: ((Int, Int) -> Void)?) throws -> Int {
        removeAbandonedBuilds()
        let temporary = path + ".new-\(getpid())"
        let remove = { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) } }
        remove()
        var count = 0
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = false
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
            }
            let fresh = try DatabaseQueue(path: temporary, configuration: configuration)
            let changes = try store.recordChanges(from: nil, to: head)
            try fresh.inDatabase { db in
                try db.inTransaction {
                    try IndexSchema.createMeta(db)
                    try IndexWriter(db: db, store: store).rebuild(changes, progress: progress)
                    try IndexSchema.setIndexedCommit(db, head)
                    return .commit
                }
            }
            try fresh.close()
            count = changes.count
            let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
            if descriptor >= 0 { fsync(descriptor); close(descriptor) }
            try? queue.close()
            guard rename(temporary, path) == 0 else { throw IndexError(path: path, reason: String(cString: strerror(errno))) }
            // The old file's log and shared memory would be replayed into the new file: they go with it.
            unlink(path + "-wal")
            unlink(path + "-shm")
            queue = try Self.openDatabase(path)
        } catch {
            remove()
            if (try? queue.read({ _ in })) == nil { queue = try Self.openDatabase(path) }
            throw error
        }
        return count
    }

    /// Deletes the half-built files of builds whose process was killed (`index.sqlite.new-PID…`).
    private func removeAbandonedBuilds() {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = Self.fileName + ".new-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            // A live process (another build going on right now) keeps its file.
            guard let pid = pid_t(digits), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }
}
