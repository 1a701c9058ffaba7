import Foundation
import TroveGit
import TroveJSON

/// What one remote's sync did, for the one-line summary.
public struct SyncSummary: Sendable, Equatable {
    public var remote: String
    /// Commits that arrived from the remote.
    public var received = 0
    /// Commits the remote did not have before the push.
    public var sent = 0
    /// Records merged field by field.
    public var merged = 0
    /// Losing values kept in records' `conflicts`.
    public var conflictsKept = 0
    /// Files that came in unreadable or invalid, kept as they came (`trove check` names them).
    public var invalidFiles: [String] = []
    /// How many times a peer's push in between sent us back to fetch.
    public var retries = 0
    /// Arriving commits whose changes were left out: unsigned, or by someone not allowed to make them.
    public var refused: [RefusedCommit] = []
    /// An encrypted hub past its number of packs was compacted after the push.
    public var compacted: HubCompaction?
    /// Why compacting it failed (the sync itself succeeded).
    public var compactionFailure: String?
}

extension Store {
    /// The branch every store syncs.
    static let branch = "refs/heads/main"
    /// Fetch-merge-push rounds before giving up when peers keep pushing in between.
    static let syncAttempts = 5

    /// Syncs with each remote in turn (all of them by default): fetch, fast-forward or merge, push.
    ///
    /// A remote that fails (unplugged, unreachable, refusing) does not stop the
    /// others; the first failure is thrown once they have all been tried.
    public func sync(remotes names: [String]? = nil, security: TransferSecurity = TransferSecurity(),
                     review: (any IncomingReview)? = nil, progress: TransferProgress.Handler? = nil) throws -> [SyncSummary] {
        let all = try repository.remotes()
        let chosen = try (names ?? all.map(\.name)).map { name in
            guard all.contains(where: { $0.name == name }) else { throw StoreError.unknownRemote(name) }
            return name
        }
        var summaries: [SyncSummary] = []
        var firstFailure: Error?
        for name in chosen {
            do { summaries.append(try sync(remote: name, security: security, review: review, progress: progress)) } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure { throw firstFailure }
        return summaries
    }

    /// Syncs with one remote: fetch, fast-forward or merge, push, retrying when a peer pushed in between.
    ///
    /// A shared store needs a `review`: what arrives counts only as far as it accepts it.
    ///
    /// An encrypted hub that holds more than `compactAfterPacks` packs after the push is compacted.
    public func sync(remote: String, security: TransferSecurity = TransferSecurity(),
                     review: (any IncomingReview)? = nil, progress: TransferProgress.Handler? = nil,
                     compactAfterPacks: Int = Store.encryptedHubCompactAfterPacks) throws -> SyncSummary {
        if review == nil, try isShared() { throw StoreError.unreviewedSharedStore(path: path) }
        try refuseDuringGitMerge()
        var summary = SyncSummary(remote: remote)
        let tracking = "refs/remotes/\(remote)/main"
        let hub = try encryptedHub(remote)
        for attempt in 1...Self.syncAttempts {
            summary.retries = attempt - 1
            // An encrypted hub is fetched, verified and decrypted into the same remote-tracking ref: from there on,
            // the merge and the review are the same.
            let opened = try hub.map { hub in try clearingAbandonedLocks { try hub.fetch(security: security, progress: progress) } }
            if hub == nil { try fetch(remote: remote, security: security, progress: progress) }
            try withWriterLock {
                if local.hasPendingCheckout { try recoverPendingCheckout() }
                guard let theirs = try repository.referenceTarget(tracking) else { return }
                try integrate(theirs, from: remote, review: review, into: &summary)
            }
            guard let head = try repository.headCommitID() else { return summary }
            let remoteHead = try repository.referenceTarget(tracking)
            if remoteHead == head { return summary }
            // A commit made with plain git never went through Trove's checks: the hub gets only what `check` accepts.
            let problems = try outgoingProblems(head: head, remoteHead: remoteHead)
            if !problems.isEmpty { throw StoreError.pushRefused(remote: remote, problems: problems) }
            do {
                if let hub, let opened {
                    try hub.send(head: head, over: opened, security: security, progress: progress)
                } else {
                    try repository.push(remote: remote, refspecs: ["\(Self.branch):\(Self.branch)"], security: security, progress: progress)
                }
                summary.sent += try repository.countCommits(from: head, notIn: remoteHead)
                try repository.updateReference(tracking, to: head, expected: nil as ObjectID?, force: true, message: "trove: pushed")
                if let hub, let opened, opened.manifest.packs.count + 1 > compactAfterPacks {
                    // The push is done: a compaction that fails (a host that refuses a forced push) leaves the hub as it was.
                    do { summary.compacted = try hub.compact(security: security, progress: progress) } catch {
                        summary.compactionFailure = "\(error)"
                    }
                }
                return summary
            } catch let error as GitError where error.isConflict || error.isLocked {
                try waitForHubLocks(remote)  // a peer pushed in between: fetch and merge again
                continue
            } catch TransferError.rejected {
                try waitForHubLocks(remote)
                continue
            }
        }
        throw StoreError.syncGaveUp(remote: remote, attempts: Self.syncAttempts)
    }

    /// How long a lock in a folder hub must have stood untouched before a sync takes it for abandoned: a
    /// pusher on another machine (a shared drive) holds a ref's lock for the instant of its update only.
    static let abandonedHubLockAge: TimeInterval = 1

    /// Before pushing again: a lock in a folder hub that nobody holds and nobody has touched for a while
    /// was left by a push that was killed, and is cleared; one still young is given time to age or go.
    private func waitForHubLocks(_ remote: String) throws {
        guard let hub = try hubFolder(of: remote) else { return }
        let gitDirectory = hub.hasSuffix("/") ? hub : hub + "/"
        _ = StaleLocks.sweepAbandoned(gitDirectory: gitDirectory, minimumAge: Self.abandonedHubLockAge)
        if StaleLocks.hasLockFiles(in: gitDirectory) { Thread.sleep(forTimeInterval: 0.5) }
    }

    /// The folder of a remote that is a bare repository at a path (a USB stick, a shared folder), or `nil`.
    private func hubFolder(of remote: String) throws -> String? {
        guard let url = try repository.remotes().first(where: { $0.name == remote })?.url else { return nil }
        return Self.location(of: url).localPath
    }

    /// Fetches `remote`, first clearing lock files that a process killed while fetching left.
    ///
    /// A fetch runs outside the writer lock (it can take minutes), so a sync killed during one leaves
    /// `refs/remotes/<remote>/main.lock` where no writer's sweep looks soon, and every later fetch fails on it.
    private func fetch(remote: String, security: TransferSecurity, progress: TransferProgress.Handler?) throws {
        try clearingAbandonedLocks { try repository.fetch(remote: remote, security: security, progress: progress) }
        // A plain push to an encrypted hub would put the whole store on it in plaintext.
        if try repository.referenceTarget("refs/remotes/\(remote)/trove-encrypted") != nil {
            throw HubError.encryptedHubAddedPlain(remote: remote)
        }
    }

    /// Runs `fetch` (plain, or an encrypted hub's, which moves the same remote-tracking ref), and once more
    /// if it failed on a lock file that a killed process left.
    private func clearingAbandonedLocks<T>(_ fetch: () throws -> T) throws -> T {
        do {
            return try fetch()
        } catch let error as GitError where error.isLocked {
            // Under the writer lock no Trove writer is mid-way through a lock file, so one nobody holds open is abandoned.
            let removed = try withWriterLock { StaleLocks.sweepAbandoned(gitDirectory: repository.gitDirectory) }
            guard !removed.isEmpty else { throw error }
            return try fetch()
        }
    }

    /// Brings HEAD up to `theirs`: nothing, a fast-forward, or a merge commit.
    ///
    /// With a review, refused commits stay in the history but not their changes:
    /// what we merge is `theirs`'s accepted state, in a commit of our own on top.
    func integrate(_ theirs: ObjectID, from remote: String, review: (any IncomingReview)?,
                           into summary: inout SyncSummary) throws {
        let head = try repository.headCommitID()
        if let head, try head == theirs || repository.isDescendant(head, of: theirs) { return }
        // Every arriving file is judged before anything is written; a personal store's own review accepts
        // every commit but those, which the engine refuses and undoes on top like a group's.
        let review = try review ?? (arrivingProblems(theirs: theirs, head: head).isEmpty ? nil : AcceptEveryCommit())
        let outcome = try review.map { try ReviewEngine(store: self, review: $0).review(theirs: theirs, head: head) }
        summary.received += try repository.countCommits(from: theirs, notIn: head)
        summary.refused += outcome?.refused ?? []
        let theirTree = try outcome.map { try repository.tree($0.tree) } ?? repository.tree(ofCommit: theirs)
        // Undo whenever their tree holds more than was accepted; a refusal a peer already undid leaves nothing.
        let theirOwnTree = try repository.commit(theirs).treeID
        let refusing = outcome.map { $0.tree != theirOwnTree } ?? false
        guard let head else {
            try moveHead(from: nil, to: refusing ? commitRefusal(on: theirs, tree: theirTree.id, outcome!) : theirs,
                         message: "trove: sync from \(remote)")
            return
        }
        if try repository.isDescendant(theirs, of: head) {
            try moveHead(from: head, to: refusing ? commitRefusal(on: theirs, tree: theirTree.id, outcome!) : theirs,
                         message: "trove: fast-forward from \(remote)")
            summary.invalidFiles += try invalidRecords(changedBetween: head, and: theirs)
            return
        }
        let base = try repository.mergeBase(head, theirs)
        let ours = try repository.tree(ofCommit: head)
        let plan = try TreeMerge(store: self).plan(base: try base.map { try repository.tree(ofCommit: $0) }, ours: ours, theirs: theirTree)
        var message = "Merge \(remote): \(plan.mergedRecords) record\(plan.mergedRecords == 1 ? "" : "s") merged, "
            + "\(plan.conflictsKept) conflict\(plan.conflictsKept == 1 ? "" : "s") kept\n"
        if let outcome, refusing { message += "\n" + Self.refusalLines(outcome.refused) }
        let author = signature()
        let signer = commitSigner
        let write = { (repository: Repository) throws -> ObjectID in
            let tree = try plan.writeTree(onto: ours, in: repository)
            return try repository.createCommit(tree: tree, parents: [head, theirs], author: author, committer: author, message: message,
                                                signer: signer)
        }
        let merge = plan.changes.count >= Self.packThreshold ? try repository.batchingObjectWrites(write) : try write(repository)
        try verifyNothingVanished(base: base, ours: ours, theirs: theirTree, merged: repository.tree(repository.commit(merge).treeID))
        try moveHead(from: head, to: merge, message: "trove: merge \(remote)")
        summary.merged += plan.mergedRecords
        summary.conflictsKept += plan.conflictsKept
        summary.invalidFiles += plan.invalidFiles
    }

    /// A commit on top of `theirs` that undoes what the refused commits changed.
    func commitRefusal(on theirs: ObjectID, tree: ObjectID, _ outcome: ReviewEngine.Outcome) throws -> ObjectID {
        let count = outcome.refused.count
        let message = count == 0 ? "Keep only accepted changes\n"
            : "Refuse \(count) commit\(count == 1 ? "" : "s")\n\n" + Self.refusalLines(outcome.refused)
        let author = signature()
        return try repository.createCommit(tree: tree, parents: [theirs], author: author, committer: author, message: message,
                                           signer: commitSigner)
    }

    static func refusalLines(_ refused: [RefusedCommit]) -> String {
        refused.map { "Refused \($0.commit.prefix(10)) by \($0.author): \($0.reason)\n" }.joined()
    }

    /// Reviews the whole history of a store just cloned, and undoes what the review refuses in a commit on top.
    ///
    /// A clone takes the hub as it is; a shared store's clone must then be held to the same rules as a sync.
    @discardableResult
    public func reviewCloned(with review: any IncomingReview) throws -> [RefusedCommit] {
        try withWriterLock {
            guard let head = try repository.headCommitID() else { return [] }
            let outcome = try ReviewEngine(store: self, review: review).review(theirs: head, head: nil)
            if outcome.tree == (try repository.commit(head).treeID) { return outcome.refused }  // nothing refused, or undone already
            try moveHead(from: head, to: commitRefusal(on: head, tree: outcome.tree, outcome), message: "trove: refuse on clone")
            return outcome.refused
        }
    }

    /// Whether this is a shared store (`trove.json` kind `shared`), whose writers are checked on sync.
    public func isShared() throws -> Bool {
        guard try repository.headCommitID() != nil else { return false }
        return try metadata()["kind"]?.stringValue == StoreKind.shared.rawValue
    }

    /// Moves HEAD and then the checked-out files, refusing first if a file to change has hand edits.
    func moveHead(from old: ObjectID?, to new: ObjectID, message: String) throws {
        let oldTree = try old.map { try repository.tree(ofCommit: $0) }
        let newTree = try repository.tree(ofCommit: new)
        let checkout = Checkout(repository)
        let deltas = try repository.diff(from: oldTree, to: newTree)
        for delta in deltas {
            try refuseHandEdit(at: delta.path, committed: delta.oldID, checkout: checkout)
        }
        try local.savePendingCheckout(from: old, to: new)
        try repository.updateReference(try repository.headBranch(), to: new, expected: old, message: message)
        try checkOut(deltas, with: checkout)
        local.clearPendingCheckout()
    }

    /// Every file present on either side must survive unless the other side deleted it.
    ///
    /// A file one side has and the merged tree lacks shows up in one diff; it is
    /// allowed only if the base had it and the other side removed it.
    private func verifyNothingVanished(base: ObjectID?, ours: Tree, theirs: Tree, merged: Tree) throws {
        let baseTree = try base.map { try repository.tree(ofCommit: $0) }
        let sides = [ours, theirs]
        for (side, other) in [(sides[0], sides[1]), (sides[1], sides[0])] {
            for delta in try repository.diff(from: side, to: merged) where delta.newID == nil {
                let deletedByOther = baseTree?.entry(atPath: delta.path) != nil && other.entry(atPath: delta.path) == nil
                guard deletedByOther else { throw StoreError.mergeLostRecord(path: delta.path) }
            }
        }
    }

    private func invalidRecords(changedBetween old: ObjectID, and new: ObjectID) throws -> [String] {
        try repository.diff(from: repository.tree(ofCommit: old), to: repository.tree(ofCommit: new)).compactMap { delta in
            guard let blob = delta.newID, case .record(let type, _) = classify(delta.path) else { return nil }
            let valid = (try? JSONValue(parsing: repository.blob(blob))).map { formats.format(for: type)?.validate($0).isEmpty == true } ?? false
            return valid ? nil : delta.path
        }
    }
}
