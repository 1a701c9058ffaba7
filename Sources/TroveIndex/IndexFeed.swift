import Foundation
import GRDB
import TroveGit
import TroveStore

/// Indexes the records a transaction writes as it writes them, on a thread of its own, and commits them to the
/// index with the transaction's commit: an import's index is ready when the import ends, and built on the second
/// core while the first reads the file and writes git's objects, with nothing read back from git.
///
/// The feed follows the transaction's `observer`. It holds the index's write lock from its start to `finish`, and
/// commits only when the index reflected the transaction's base commit when it began and it saw every change (a
/// transaction's commit is its base with exactly its changes). Anything it cannot follow (a record deleted, or
/// staged as a blob it has not seen) or any failure rolls it back, and the next command's catch-up does the
/// work as it always did.
///
/// ```swift
/// let feed = IndexFeed.start(for: store)      // inside the transaction, where HEAD is its base
/// transaction.observer = feed?.observer
/// // ... puts ...
/// feed?.endOfChanges()                        // the body's last step
/// feed?.finish(commit: result.commit?.hex)   // after the commit; nil rolls the feed back
/// ```
public final class IndexFeed {
    /// A change the feed cannot index without the commit it is making (an id changed twice, or removed).
    struct CannotFollow: Error {}

    /// One record file written and its bytes; the change's blob id is filled in on the feed's thread.
    private typealias Staged = (change: RecordChange, bytes: [UInt8]?)

    /// How many records go to the feed's thread at once; at most `pendingBatches` wait there, so an import's
    /// memory does not grow with it.
    static let batchSize = 512
    static let pendingBatches = 4
    /// The feed's page cache, in KiB.
    static let cacheKiB = 8_192

    private let index: RecordIndex
    private let types: [String: String]
    private let handoff = Handoff<[Staged]>(capacity: IndexFeed.pendingBatches)
    private var thread: BackgroundThread?
    private var batch: [Staged] = []
    private var batchIDs: Set<String> = []
    /// Set when the feed met a change it cannot follow, or its thread stopped: it will roll back.
    private var given = false
    /// Whether the changes ended, and the commit to record.
    private let verdict = Verdict()

    /// Starts a feed for a transaction of `store` that is about to write; `nil` when the index cannot be opened
    /// or does not reflect HEAD (call it where HEAD is the transaction's base: inside `Store.transaction`).
    public static func start(for store: Store) -> IndexFeed? {
        guard let index = try? RecordIndex(store: store), let head = try? store.headHex(),
              (try? index.queue.read({ try IndexSchema.indexedCommit($0) })) == head
        else { return nil }
        return IndexFeed(index: index, base: head)
    }

    private init(index: RecordIndex, base: String) {
        self.index = index
        types = index.store.recordTypesByCollection
        let context = UncheckedBox((index, handoff, verdict))
        thread = BackgroundThread {
            let (index, handoff, verdict) = context.value
            do { try Self.run(index, base: base, from: handoff, verdict: verdict) } catch { handoff.abandon(); throw error }
        }
    }

    /// The transaction's observer (`Transaction.observer`).
    public var observer: (String, Transaction.StagedChange) -> Void {
        { [self] path, change in observe(path, change) }
    }

    private func observe(_ path: String, _ change: Transaction.StagedChange) {
        guard !given else { return }
        switch change {
        case .write(let bytes):
            // The blob's id is left to the feed's thread.
            guard let record = RecordChange(path: path, blob: nil, types: types) else { return }
            // One id once a batch: the writer reads the rows a batch replaces before it writes any.
            if batchIDs.contains(record.id) { send() }
            batch.append((record, bytes))
            batchIDs.insert(record.id)
            if batch.count >= Self.batchSize { send() }
        case .stored, .delete:
            // A record removed may leave another collection's file of its id as the record, and a blob staged
            // whole has bytes the feed has not seen: both need the commit, which the catch-up will have.
            if RecordChange(path: path, blob: nil, types: types) != nil { giveUp() }
        }
    }

    private func send() {
        guard !batch.isEmpty else { return }
        if !handoff.put(batch) { given = true }
        batch.removeAll(keepingCapacity: true)
        batchIDs.removeAll(keepingCapacity: true)
    }

    private func giveUp() {
        given = true
        batch.removeAll()
        handoff.abandon()
    }

    /// Says that the transaction will change nothing more (its body has returned): the thread indexes the rest and
    /// builds what it left for the end while the commit is being written.
    public func endOfChanges() {
        guard !given, !verdict.ended else { return }
        send()
        verdict.ended = true
        handoff.close()
    }

    /// Ends the feed: with the transaction's `commit` (after `endOfChanges`), waits for the thread to record it and
    /// commit; with `nil` (nothing committed, a dry run, a failure), rolls it back.
    ///
    /// - Returns: whether the index now reflects `commit`. When it does not, the next catch-up brings it there.
    @discardableResult
    public func finish(commit: String?) -> Bool {
        guard let thread else { return false }
        self.thread = nil
        if !verdict.ended { handoff.abandon() }
        verdict.decide(given ? nil : commit)
        do { try thread.wait() } catch { return false }
        return commit != nil && verdict.recorded
    }

    deinit { finish(commit: nil) }

    /// The feed's thread: one write transaction on the index, committed only with the verdict's commit.
    private static func run(_ index: RecordIndex, base: String, from handoff: Handoff<[Staged]>, verdict: Verdict) throws {
        try index.queue.inDatabase { db in
            // As in a catch-up: the pages it touches are not kept mapped.
            try db.execute(sql: "PRAGMA mmap_size = 0")
            defer { try? db.execute(sql: "PRAGMA mmap_size = \(IndexDatabase.mmapSize)") }
            try db.inTransaction(.immediate) {
                // Another process may have rebuilt the index meanwhile; it must still reflect the base.
                guard try IndexSchema.indexedCommit(db) == base else { return .rollback }
                // The import's own memory is in use meanwhile (a catch-up came after it): the feed keeps to 8 MB of
                // page cache from the first change.
                try db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKiB)")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(IndexDatabase.cacheSize)") }
                var bulk = try BulkChanges(db, largeCacheKiB: Self.cacheKiB)
                defer { bulk.restore() }
                let writer = IndexWriter(db: db, store: index.store)
                while let batch = handoff.take() {
                    try bulk.willApply(batch.count)
                    let changes = try batch.map { staged in
                        var change = staged.change
                        change.blob = try staged.bytes.map { try Repository.blobID(of: $0).hex }
                        return change
                    }
                    try writer.update(changes, at: nil, bytes: batch.map(\.bytes), progress: nil)
                    bulk.didApply(batch.count)
                }
                // The hand-off ends closed (at the end of the changes) or abandoned.
                guard verdict.ended else { return .rollback }
                try bulk.finish()
                guard let commit = verdict.awaitCommit() else { return .rollback }
                try IndexSchema.setIndexedCommit(db, commit)
                verdict.recorded = true
                return .commit
            }
        }
    }

    /// What the transaction's side tells the thread, and what the thread tells it back.
    private final class Verdict: @unchecked Sendable {
        /// Set before the hand-off closes, read after it has: its lock orders the two.
        var ended = false
        /// Set by the thread before its transaction commits; read after it has been joined.
        var recorded = false
        private var commit: String?
        private let decided = DispatchSemaphore(value: 0)

        /// The commit to record, or `nil` to roll back; once.
        func decide(_ commit: String?) {
            self.commit = commit
            decided.signal()
        }

        /// Waits for `decide`.
        func awaitCommit() -> String? {
            decided.wait()
            return commit
        }
    }
}
