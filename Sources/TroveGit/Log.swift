import CGit2

extension Repository {
    /// Commits reachable from `start`, newest first, optionally only those that changed `path`.
    ///
    /// A commit changed `path` when its version differs from that of every
    /// parent (git's default history simplification, without following renames).
    public func log(from start: ObjectID, path: String? = nil, limit: Int? = nil) throws -> [Commit] {
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, pointer), "start history walk")
        defer { git_revwalk_free(walker) }
        git_revwalk_sorting(walker, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue)
        var raw = start.raw
        try check(git_revwalk_push(walker, &raw), "walk from \(start.short)")
        var commits: [Commit] = []
        var oid = git_oid()
        while git_revwalk_next(&oid, walker) == 0 {
            if let limit, commits.count >= limit { break }
            let commit = try self.commit(ObjectID(oid))
            if let path, try !changes(commit, path: path) { continue }
            commits.append(commit)
        }
        return commits
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
