import TroveGit

/// Works out what an arriving history leaves once refused commits are taken out.
///
/// Every arriving commit gets an *accepted state*: the tree it would have if only
/// accepted changes had ever been made. For a commit with one parent, its own
/// changes (its diff against that parent) are replayed on the parent's accepted
/// state, and the review judges what that actually changes; a refused commit keeps
/// its parent's state. A merge adds nothing of its own: its parents' accepted
/// states are merged again here, the way sync merges, so a merge made or signed
/// by anyone neither smuggles changes in nor drops a member's. Commits we already
/// have count as their own trees: our history holds only what we accepted, or
/// changes we undid on top.
struct ReviewEngine {
    let store: Store
    let review: any IncomingReview
    var repository: Repository { store.repository }

    /// The outcome for the commits reachable from `theirs` and not from `head`.
    struct Outcome {
        /// The accepted state of `theirs`.
        var tree: ObjectID
        var refused: [RefusedCommit]
    }

    /// Most rounds of revoking before the engine stops: each round only ever refuses more, so it settles.
    static let maximumRounds = 8

    func review(theirs: ObjectID, head: ObjectID?) throws -> Outcome {
        let arriving = try repository.commitIDs(from: theirs, notIn: head)
        let context = ReviewContext(store: store, head: StoreState(repository: repository, tree: try head.map { try repository.tree(ofCommit: $0) }))
        var forced: [ObjectID: String] = [:]
        for _ in 1...Self.maximumRounds {
            let pass = try replay(arriving, forced: forced, context: context)
            let revoked = try review.revoked(pass.accepted, context: context).filter { forced[$0.key] == nil }
            if revoked.isEmpty {
                return Outcome(tree: pass.states[theirs]!, refused: try pass.refused.map(describe))
            }
            forced.merge(revoked) { first, _ in first }
        }
        throw StoreError.reviewDidNotSettle(commit: theirs.description)
    }

    private struct Pass {
        var states: [ObjectID: ObjectID] = [:]
        var accepted: [ArrivingCommit] = []
        var refused: [(ObjectID, String)] = []
    }

    private func replay(_ commits: [ObjectID], forced: [ObjectID: String], context: ReviewContext) throws -> Pass {
        var pass = Pass()
        func state(of id: ObjectID) throws -> ObjectID { try pass.states[id] ?? repository.commit(id).treeID }
        for id in commits {
            let commit = try repository.commit(id)
            let parents = commit.parentIDs
            if parents.count > 1 {
                let merged = try mergeParents(parents, state: state)
                pass.states[id] = merged
                // Its tree differing from its parents' own trees merged, it adds changes no commit made.
                if merged != commit.treeID, try mergeParents(parents, state: { try repository.commit($0).treeID }) != commit.treeID {
                    pass.refused.append((id, "a merge that changes more than its parents did"))
                }
                continue
            }
            // A file the store may not hold refuses the commit whoever made it, before the review is asked.
            if let problem = try store.arrivingProblems(of: id, limit: 1).first {
                pass.states[id] = try parents.first.map(state) ?? repository.emptyTreeID()
                pass.refused.append((id, "\(problem.path): \(problem.reason)"))
                continue
            }
            let parentTree = try parents.first.map { try repository.commit($0).treeID }
            let before = try parents.first.map(state)
            let after = try replayChanges(from: parentTree, to: commit.treeID, onto: before)
            let changes = try effectiveChanges(from: before, to: after)
            let arriving = ArrivingCommit(
                id: id, parentIDs: parents, author: commit.author, summary: commit.summary,
                signature: try repository.commitSignature(of: id),
                before: StoreState(repository: repository, tree: try before.map { try repository.tree($0) }), changes: changes)
            let verdict = try forced[id].map { ReviewJudgement.refuse($0) } ?? review.judge(arriving, context: context)
            switch verdict {
            case .accept:
                pass.states[id] = after
                pass.accepted.append(arriving)
            case .refuse(let reason):
                pass.states[id] = try before ?? repository.emptyTreeID()
                pass.refused.append((id, reason))
            }
        }
        return pass
    }

    /// The parents' states merged the way sync merges, the first parent as ours.
    private func mergeParents(_ parents: [ObjectID], state: (ObjectID) throws -> ObjectID) throws -> ObjectID {
        var merged = try state(parents[0])
        for other in parents.dropFirst() {
            let base = try repository.mergeBase(parents[0], other).map(state)
            merged = try mergeStates(base: base, ours: merged, theirs: state(other))
        }
        return merged
    }

    /// The commit's own changes (`parent` to `tree`) applied to the accepted state `base`.
    private func replayChanges(from parent: ObjectID?, to tree: ObjectID, onto base: ObjectID?) throws -> ObjectID {
        if parent == base { return tree }  // nothing was refused below: the commit's own tree is its accepted state
        let baseTree = try base.map { try repository.tree($0) }
        let deltas = try repository.diff(from: parent.map { try repository.tree($0) }, to: repository.tree(tree))
        let changes: [TreeChange] = deltas.compactMap { delta in
            if let id = delta.newID { return .upsert(path: delta.path, blob: id) }
            return baseTree?.entry(atPath: delta.path) == nil ? nil : .remove(path: delta.path)
        }
        return try repository.writeTree(applying: changes, to: baseTree)
    }

    private func effectiveChanges(from before: ObjectID?, to after: ObjectID) throws -> [StateChange] {
        if before == after { return [] }
        return try repository.diff(from: before.map { try repository.tree($0) }, to: repository.tree(after)).map { delta in
            StateChange(path: delta.path, before: try delta.oldID.map { try repository.blob($0) },
                        after: try delta.newID.map { try repository.blob($0) })
        }
    }

    /// Merges two accepted states the way sync merges trees.
    private func mergeStates(base: ObjectID?, ours: ObjectID, theirs: ObjectID) throws -> ObjectID {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        let ourTree = try repository.tree(ours)
        let plan = try TreeMerge(store: store).plan(base: try base.map { try repository.tree($0) }, ours: ourTree, theirs: repository.tree(theirs))
        return try plan.writeTree(onto: ourTree, in: repository)
    }

    private func describe(_ refusal: (ObjectID, String)) throws -> RefusedCommit {
        let commit = try repository.commit(refusal.0)
        return RefusedCommit(commit: refusal.0.description, author: "\(commit.author.name) <\(commit.author.email)>",
                             summary: commit.summary, reason: refusal.1)
    }
}

/// The review of a personal store: every commit counts unless it holds files the store may not hold,
/// which the engine refuses before asking.
struct AcceptEveryCommit: IncomingReview {
    func judge(_ commit: ArrivingCommit, context: ReviewContext) throws -> ReviewJudgement { .accept }
}

extension TreeMergePlan {
    /// Writes the merged tree: `ours` with the plan's changes applied.
    func writeTree(onto ours: Tree, in repository: Repository) throws -> ObjectID {
        var changes: [TreeChange] = []
        for (path, bytes) in self.changes.sorted(by: { $0.key < $1.key }) {
            if let bytes { changes.append(.upsert(path: path, blob: try repository.writeBlob(bytes))) }
            else if ours.entry(atPath: path) != nil { changes.append(.remove(path: path)) }
        }
        return try repository.writeTree(applying: changes, to: ours)
    }
}
