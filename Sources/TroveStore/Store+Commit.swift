import Foundation
import TroveGit
import TroveJSON

/// What one transaction committed.
public struct CommitResult: Sendable {
    /// The new commit, or `nil` when the transaction changed nothing.
    public var commit: ObjectID?
    /// The commit message's first line.
    public var summary: String
    /// Changed files the transaction left alone (hand-edit commits skip files that are not Trove's).
    public var leftAlone: [String] = []
    /// Fields a hand edit changed that the store manages (`createdAt`), put back as they were: one note each.
    public var putBack: [String] = []
}

extension Store {
    /// Transactions at least this large keep their objects in memory and write one pack.
    static let packThreshold = 256
    /// Transactions writing at least this many bytes (large logs) write one pack too.
    static let packBytesThreshold = 8 << 20
    /// How many bytes of blobs already written a commit reads back at a time to write their files.
    static let checkoutBytes = 8 << 20

    /// Runs `body` under the writer lock and commits everything it did as one commit.
    ///
    /// The commit becomes HEAD atomically; the checked-out files and the git
    /// index follow. A kill at any point leaves HEAD at the old or the new
    /// commit, and the next open finishes the checkout (`recoverPendingCheckout`).
    @discardableResult
    public func transaction<T>(message: String? = nil, _ body: (inout Transaction) throws -> T) throws -> (value: T, result: CommitResult) {
        try withWriterLock {
            if local.hasPendingCheckout { try recoverPendingCheckout() }
            try refuseDuringGitMerge()
            let head = try repository.headCommitID()
            let base = try head.map { try repository.tree(ofCommit: $0) }
            var transaction = Transaction(store: self, base: base, clock: local.lastClock(), message: message)
            do {
                let value = try body(&transaction)
                let result = try commit(transaction, head: head)
                return (value, result)
            } catch {
                // Objects spilled to the transaction's pack are named by no commit unless HEAD moved to its commit.
                if transaction.spillPack != nil, (try? repository.headCommitID()) == head { transaction.discardSpilledPack() }
                throw error
            }
        }
    }

    private func commit(_ transaction: Transaction, head: ObjectID?) throws -> CommitResult {
        let fullMessage = transaction.message.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }
            ?? CommitMessage.full(summary: CommitMessage.summary(transaction.actions), actions: transaction.actions)
        let summary = String(fullMessage.prefix { $0 != "\n" })
        // A transaction that spilled (an import) writes the rest of its blobs and its trees to that pack as well,
        // folder by folder, and reads its changes back from its runs: holding them all was most of an import's
        // memory (issue 25).
        if let pack = transaction.spillPack, let spilled = transaction.spilled, !pack.isFinished {
            return try commitSpilled(transaction, spilled: spilled, pack: pack, head: head, message: fullMessage, summary: summary)
        }
        let changes = transaction.changes
            .filter { path, change in
                if case .delete = change { return transaction.base?.entry(atPath: path) != nil }
                return true
            }
            .sorted { $0.key < $1.key }
        guard !changes.isEmpty else { return CommitResult(commit: nil, summary: summary) }
        let checkout = Checkout(repository)
        for (path, _) in changes where !transaction.adoptedPaths.contains(path) {
            try refuseHandEdit(at: path, committed: transaction.base?.entry(atPath: path)?.id, checkout: checkout)
        }
        let author = signature()
        let signer = commitSigner
        // Most of a large git index is written while the objects below are written and synced.
        try checkout.beginIndexWrite(upserting: changes.compactMap { if case .delete = $0.value { nil } else { $0.key } },
                                     removing: changes.compactMap { if case .delete = $0.value { $0.key } else { nil } })
        // Records spilled during the transaction become readable to git before any tree names them.
        try transaction.spillPack?.finish()
        let write = { (repository: Repository) throws -> (commit: ObjectID, tree: ObjectID, blobs: [String: ObjectID]) in
            var blobs: [String: ObjectID] = [:]
            var treeChanges: [TreeChange] = []
            treeChanges.reserveCapacity(changes.count)
            for (path, change) in changes {
                switch change {
                case .write(let bytes):
                    let blob = try repository.writeBlob(bytes)
                    blobs[path] = blob
                    treeChanges.append(.upsert(path: path, blob: blob))
                case .stored(let blob):
                    treeChanges.append(.upsert(path: path, blob: blob))
                case .delete:
                    treeChanges.append(.remove(path: path))
                }
            }
            let baseTree = try head.map { try repository.tree(ofCommit: $0) }
            let tree = try repository.writeTree(applying: treeChanges, to: baseTree)
            let commit = try repository.createCommit(
                tree: tree, parents: head.map { [$0] } ?? [], author: author, committer: author, message: fullMessage,
                signer: signer)
            return (commit, tree, blobs)
        }
        let bytes = changes.reduce(0) { total, change in
            if case .write(let data) = change.value { return total + data.count }
            return total
        }
        let written = changes.count >= Self.packThreshold || bytes >= Self.packBytesThreshold
            ? try repository.batchingObjectWrites(write) : try write(repository)
        return try finishCommit(transaction, changes: changes, written: written, head: head, checkout: checkout, summary: summary)
    }

    /// Writes a spilled transaction's remaining blobs and its trees to its pack, finishes the pack, writes the
    /// commit and checks it out, reading the changes from the runs once per pass: in memory that does not grow
    /// with the transaction.
    private func commitSpilled(_ transaction: Transaction, spilled: SpilledChanges, pack: PackStream, head: ObjectID?,
                               message: String, summary: String) throws -> CommitResult {
        var held = transaction.changes.map { (path: $0.key, change: $0.value) }
        let writes = held.indices.filter { if case .write = held[$0].change { true } else { false } }
        let ids = try pack.append(writes.map { if case .write(let bytes) = held[$0].change { bytes } else { [] } })
        for (position, id) in zip(writes, ids) { held[position].change = .stored(id) }
        let base = transaction.base
        /// One pass over every change, in path order; a deletion of what the base lacks is no change.
        func eachChange(_ body: (String, Transaction.PendingChange) throws -> Void) throws {
            let merged = try MergedChanges(spilled.merged(with: held))
            for (path, change) in merged {
                if case .delete = change, base?.entry(atPath: path) == nil { continue }
                try body(path, change)
            }
            try merged.check()
        }
        let checkout = Checkout(repository)
        var count = 0
        try eachChange { path, _ in
            count += 1
            if !transaction.adoptedPaths.contains(path) {
                try refuseHandEdit(at: path, committed: base?.entry(atPath: path)?.id, checkout: checkout)
            }
        }
        guard count > 0 else { return CommitResult(commit: nil, summary: summary) }
        let merged = try MergedChanges(spilled.merged(with: held))
        let tree = try repository.writeTree(applyingSorted: merged.lazy.compactMap { path, change -> TreeChange? in
            switch change {
            case .stored(let blob): return .upsert(path: path, blob: blob)
            case .delete: return base?.entry(atPath: path) == nil ? nil : .remove(path: path)
            case .write: return nil
            }
        }, to: base, into: pack)
        try merged.check()
        try pack.finish()
        let author = signature()
        let commit = try repository.createCommit(tree: tree, parents: head.map { [$0] } ?? [], author: author, committer: author,
                                                 message: message, signer: commitSigner)
        try checkout.stageInPathOrder()
        let changes = try MergedChanges(spilled.merged(with: held))
        let result = try finishCommit(transaction, changes: changes.lazy.filter { path, change in
            if case .delete = change { return base?.entry(atPath: path) != nil }
            return true
        }, written: (commit, tree, [:]), head: head, checkout: checkout, summary: summary)
        try changes.check()
        return result
    }

    /// Moves HEAD to the written commit, then checks out its files and writes the git index.
    private func finishCommit<Changes: Sequence>(_ transaction: Transaction, changes: Changes,
                              written: (commit: ObjectID, tree: ObjectID, blobs: [String: ObjectID]), head: ObjectID?,
                              checkout: Checkout, summary: String) throws -> CommitResult
    where Changes.Element == (key: String, value: Transaction.PendingChange) {
        if let base = transaction.base, written.tree == base.id {
            return CommitResult(commit: nil, summary: summary)
        }
        try local.saveClock(transaction.lastClock)
        let statusCacheWasCurrent = repository.statusCacheIsCurrent(local.statusCacheFile)
        try local.savePendingCheckout(from: head, to: written.commit)
        try repository.updateReference(try repository.headBranch(), to: written.commit, expected: head, message: "trove: \(summary)")
        if transaction.onlyCheckedWrites, transaction.base == nil || transaction.base?.id == local.checkedTree() {
            local.saveCheckedTree(written.tree)
        }
        // In path order, so that the git index takes them as they come (out of order, 50,000 cost it a 23 MB
        // dictionary). Blobs written earlier (records a large import spilled, large log files) are read back a
        // few MB at a time, never all at once.
        var files: [(path: String, bytes: [UInt8], blob: ObjectID)] = [], readBytes = 0
        for (path, change) in changes {
            switch change {
            case .write(let bytes): files.append((path, bytes, written.blobs[path]!))
            case .stored(let blob):
                let bytes = try transaction.blob(blob)
                files.append((path, bytes, blob))
                readBytes += bytes.count
                if readBytes >= Self.checkoutBytes {
                    try checkout.write(files)
                    files.removeAll(keepingCapacity: true)
                    readBytes = 0
                }
            case .delete:
                // Files before it are written first: a checkout staging in path order takes them so.
                if !files.isEmpty {
                    try checkout.write(files)
                    files.removeAll(keepingCapacity: true)
                    readBytes = 0
                }
                try checkout.remove(path: path)
            }
        }
        try checkout.write(files)
        try checkout.finish()
        if statusCacheWasCurrent { repository.carryStatusCache(local.statusCacheFile) }
        local.clearPendingCheckout()
        return CommitResult(commit: written.commit, summary: summary)
    }

    /// Refuses to touch `path` when its checked-out file or staged blob differs from the `committed` one,
    /// or when a folder above it is a link (which a status looks through, and a write would follow).
    func refuseHandEdit(at path: String, committed: ObjectID?, checkout: Checkout) throws {
        // No folder, no file: a record's first commit into a new collection skips the look at its file.
        let checkedOut = try checkout.requireRealFolders(above: path) ? try repository.hashCheckedOut(path: path) : nil
        if try checkedOut != committed || checkout.stagedID(atPath: path) != committed {
            throw StoreError.handEdited(path: path)
        }
    }

    /// Finishes a checkout that a killed process left half done: HEAD already moved, files may lag.
    func recoverPendingCheckout() throws {
        guard let pending = local.pendingCheckout() else { local.clearPendingCheckout(); return }
        if try repository.headCommitID() == pending.to {
            let old = try pending.from.map { try repository.tree(ofCommit: $0) }
            let new = try repository.tree(ofCommit: pending.to)
            try checkOutDifference(from: old, to: new)
        }
        local.clearPendingCheckout()
    }

    /// Brings the checked-out files and the index from `old` to `new`, touching only the paths that differ.
    func checkOutDifference(from old: Tree?, to new: Tree) throws {
        try checkOut(repository.diff(from: old, to: new), with: Checkout(repository))
    }

    /// Writes or removes the checked-out file of each delta, then stages them in one index write.
    func checkOut(_ deltas: [TreeDelta], with checkout: Checkout) throws {
        for delta in deltas {
            if let blob = delta.newID {
                try checkout.write(path: delta.path, bytes: repository.blob(blob), blob: blob)
            } else {
                try checkout.remove(path: delta.path)
            }
        }
        try checkout.finish()
    }

    /// The person committing: `TROVE_AUTHOR_NAME`/`EMAIL`, else git's `user.name`/`email`, else the login.
    func signature() -> Signature {
        let environment = ProcessInfo.processInfo.environment
        let config = try? repository.config()
        let login = environment["USER"] ?? NSUserName()
        let name = environment["TROVE_AUTHOR_NAME"] ?? config?.string("user.name") ?? login
        let host = ProcessInfo.processInfo.hostName
        let email = environment["TROVE_AUTHOR_EMAIL"] ?? config?.string("user.email") ?? "\(login)@\(host)"
        return Signature(name: name, email: email)
    }
}

extension LocalState {
    struct PendingCheckout { var from: ObjectID?; var to: ObjectID }

    func savePendingCheckout(from: ObjectID?, to: ObjectID) throws {
        let value: JSONValue = ["from": from.map { .string($0.hex) } ?? .null, "to": .string(to.hex)]
        try LocalState.writeAtomically(CanonicalJSON.encode(value), to: pendingFile)
    }

    func pendingCheckout() -> PendingCheckout? {
        guard let bytes = FileManager.default.contents(atPath: pendingFile),
              let value = try? JSONValue(parsing: Array(bytes)),
              let to = value["to"]?.stringValue.flatMap(ObjectID.init(hex:))
        else { return nil }
        return PendingCheckout(from: value["from"]?.stringValue.flatMap(ObjectID.init(hex:)), to: to)
    }

    func clearPendingCheckout() { unlink(pendingFile) }
}
