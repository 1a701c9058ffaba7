import CGit2

extension Repository {
    /// Commits reachable from `start`, newest first, optionally only those that changed `path`.
    ///
    /// A commit changed `path` when its version differs from that of every
    /// parent (git's default history simplification, without following renames).
    public func log(from start: ObjectID, path: String? = nil, limit: Int? = nil) throws -> [Commit] {
        var commits: [Commit] = []
        try walkCommits(from: start, sorting: GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue) { id in
            if let limit, commits.count >= limit { return false }
            let commit = try self.commit(id)
            if let path, try !changes(commit, path: path) { return true }
            commits.append(commit)
            return true
        }
        return commits
    }

    /// Calls `visit` with each commit reachable from `tip` and not from `hidden`, in the order `sorting` asks,
    /// until it returns false.
    func walkCommits(from tip: ObjectID, hiding hidden: ObjectID? = nil, sorting: UInt32, _ visit: (ObjectID) throws -> Bool) throws {
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, pointer), "start history walk")
        defer { git_revwalk_free(walker) }
        git_revwalk_sorting(walker, sorting)
        var raw = tip.raw
        try check(git_revwalk_push(walker, &raw), "walk from \(tip.short)")
        if var hiddenRaw = hidden?.raw { try check(git_revwalk_hide(walker, &hiddenRaw), "hide \(hidden!.short)") }
        var oid = git_oid()
        while git_revwalk_next(&oid, walker) == 0 {
            guard try visit(ObjectID(oid)) else { return }
        }
    }

    private func changes(_ commit: Commit, path: String) throws -> Bool {
        let mine = try tree(commit.treeID).entry(atPath: path)?.id
        let parents = commit.parentIDs
        if parents.isEmpty { return mine != nil }
        for parent in parents where try tree(ofCommit: parent).entry(atPath: path)?.id == mine {
            return false
        }
        return true
    }
}
