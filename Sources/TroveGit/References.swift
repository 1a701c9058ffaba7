import CGit2

extension Repository {
    /// The commit HEAD points at, or `nil` while the branch is unborn.
    public func headCommitID() throws -> ObjectID? {
        try referenceTarget("HEAD")
    }

    /// The commit a reference resolves to, or `nil` if it does not exist (or is unborn).
    public func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let result = git_reference_name_to_id(&oid, pointer, name)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "read reference \(name)")
        return ObjectID(oid)
    }

    /// The branch HEAD names, e.g. `refs/heads/main`, even while unborn.
    public func headBranch() throws -> String {
        var ref: OpaquePointer?
        try check(git_reference_lookup(&ref, pointer, "HEAD"), "read HEAD")
        defer { git_reference_free(ref) }
        guard let target = git_reference_symbolic_target(ref) else {
            throw GitError(operation: "read HEAD", code: -1, message: "HEAD is detached")
        }
        return String(cString: target)
    }

    /// Points `name` at `target`, atomically, only if it still points at `expected`.
    ///
    /// `expected == nil` means the reference must not exist yet. A reference
    /// that moved meanwhile throws a `GitError` whose `isConflict` is true.
    public func updateReference(_ name: String, to target: ObjectID, expected: ObjectID?, force: Bool = false, message: String) throws {
        var ref: OpaquePointer?
        var new = target.raw
        // libgit2 reports "moved" as GIT_EMODIFIED, but "created meanwhile" as GIT_EEXISTS and
        // "deleted meanwhile" as GIT_ENOTFOUND; all three are the same lost race to the caller.
        let moved = { (now: String) in
            GitError(operation: "update \(name)", code: GIT_EMODIFIED.rawValue,
                     message: "\(name) \(now), expected \(expected?.short ?? "it not to exist")")
        }
        if force {
            try check(git_reference_create(&ref, pointer, name, &new, 1, message), "update \(name)")
        } else if var old = expected?.raw {
            let result = git_reference_create_matching(&ref, pointer, name, &new, 1, &old, message)
            if result == GIT_ENOTFOUND.rawValue, try referenceTarget(name) == nil { throw moved("does not exist") }
            try check(result, "update \(name)")
        } else {
            let result = git_reference_create(&ref, pointer, name, &new, 0, message)
            if result == GIT_EEXISTS.rawValue { throw moved("already exists") }
            try check(result, "create \(name)")
        }
        git_reference_free(ref)
    }

    /// Deletes the reference `name`; a missing one is not an error.
    public func deleteReference(_ name: String) throws {
        var ref: OpaquePointer?
        let result = git_reference_lookup(&ref, pointer, name)
        if result == GIT_ENOTFOUND.rawValue { return }
        try check(result, "read \(name)")
        defer { git_reference_free(ref) }
        try check(git_reference_delete(ref), "delete \(name)")
    }

    /// The names and targets of the direct references matching a glob, e.g. `refs/remotes/*`.
    public func references(matching glob: String) throws -> [(name: String, target: ObjectID)] {
        var iterator: OpaquePointer?
        try check(git_reference_iterator_glob_new(&iterator, pointer, glob), "list references")
        defer { git_reference_iterator_free(iterator) }
        var found: [(String, ObjectID)] = []
        var ref: OpaquePointer?
        while git_reference_next(&ref, iterator) == 0 {
            defer { git_reference_free(ref) }
            if let target = git_reference_target(ref) {
                found.append((String(cString: git_reference_name(ref)), ObjectID(target)))
            }
        }
        return found
    }
}
