import CGit2

/// A git commit, read from the object database.
public final class Commit {
    let pointer: OpaquePointer
    /// The commit's object id.
    public let id: ObjectID

    init(pointer: OpaquePointer) {
        self.pointer = pointer
        id = ObjectID(git_commit_id(pointer))
    }

    deinit { git_commit_free(pointer) }

    /// The id of the commit's root tree.
    public var treeID: ObjectID { ObjectID(git_commit_tree_id(pointer)) }

    /// The ids of the parent commits, first parent first.
    public var parentIDs: [ObjectID] {
        (0..<git_commit_parentcount(pointer)).map { ObjectID(git_commit_parent_id(pointer, $0)) }
    }

    /// The full message.
    public var message: String { git_commit_message(pointer).map { String(cString: $0) } ?? "" }

    /// The first line of the message.
    public var summary: String { git_commit_summary(pointer).map { String(cString: $0) } ?? "" }

    public var author: Signature { Signature(git_commit_author(pointer)) }
    public var committer: Signature { Signature(git_commit_committer(pointer)) }
}

extension Repository {
    /// The commit `id`.
    public func commit(_ id: ObjectID) throws -> Commit {
        var raw = id.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &raw), "read commit \(id.short)")
        return Commit(pointer: commit!)
    }

    /// The root tree of the commit `id`.
    public func tree(ofCommit id: ObjectID) throws -> Tree {
        try tree(commit(id).treeID)
    }

    /// Writes a commit object; no reference moves (see `updateReference`).
    ///
    /// With a `signer`, the commit carries its signature in a `gpgsig` header
    /// (git's format for GPG and SSH signatures alike); without one it is written
    /// exactly as before.
    public func createCommit(
        tree treeID: ObjectID, parents parentIDs: [ObjectID], author: Signature, committer: Signature, message: String,
        signer: (any CommitSigner)? = nil
    ) throws -> ObjectID {
        let tree = try self.tree(treeID)
        let parents = try parentIDs.map { try commit($0) }
        var parentPointers: [OpaquePointer?] = parents.map { $0.pointer }
        var oid = git_oid()
        _ = try author.withRaw { authorRaw in
            try committer.withRaw { committerRaw in
                try parentPointers.withUnsafeMutableBufferPointer { buffer in
                    guard let signer else {
                        try check(
                            git_commit_create(
                                &oid, pointer, nil, authorRaw, committerRaw, "UTF-8", message, tree.pointer,
                                buffer.count, buffer.baseAddress),
                            "write commit")
                        return
                    }
                    var text = git_buf()
                    defer { git_buf_dispose(&text) }
                    try check(
                        git_commit_create_buffer(
                            &text, pointer, authorRaw, committerRaw, "UTF-8", message, tree.pointer,
                            buffer.count, buffer.baseAddress),
                        "make commit text")
                    let content = String(cString: text.ptr)
                    let signature = try signer.signature(for: content)
                    try check(
                        git_commit_create_with_signature(&oid, pointer, content, signature, "gpgsig"),
                        "write signed commit")
                }
            }
        }
        logWrite(ObjectID(oid))
        return ObjectID(oid)
    }

    /// The `gpgsig` signature of commit `id` and the text it signs, or `nil` for an unsigned commit.
    public func commitSignature(of id: ObjectID) throws -> SignedCommit? {
        var raw = id.raw
        var signature = git_buf(), signed = git_buf()
        defer { git_buf_dispose(&signature); git_buf_dispose(&signed) }
        let result = git_commit_extract_signature(&signature, &signed, pointer, &raw, "gpgsig")
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "read the signature of commit \(id.short)")
        return SignedCommit(signature: String(cString: signature.ptr), signedText: String(cString: signed.ptr))
    }

    /// Finds a commit from a full or abbreviated id, or any revision expression (`HEAD~2`).
    public func resolveCommit(_ revision: String) throws -> ObjectID {
        var object: OpaquePointer?
        try check(git_revparse_single(&object, pointer, revision), "find commit \(revision)")
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "\(revision) is not a commit")
        defer { git_commit_free(commit) }
        return ObjectID(git_commit_id(commit))
    }

    /// The merge base of two commits, or `nil` when their histories are unrelated.
    public func mergeBase(_ one: ObjectID, _ two: ObjectID) throws -> ObjectID? {
        var out = git_oid()
        var a = one.raw, b = two.raw
        let result = git_merge_base(&out, pointer, &a, &b)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try check(result, "find merge base")
        return ObjectID(out)
    }
}

extension Repository {
    /// Whether `commit` has `ancestor` in its history (a commit is not its own descendant).
    public func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var one = commit.raw, two = ancestor.raw
        let result = git_graph_descendant_of(pointer, &one, &two)
        try check(result, "compare histories")
        return result == 1
    }

    /// The commits reachable from `tip` but not from `base` (all of them when `base` is nil), parents before children.
    public func commitIDs(from tip: ObjectID, notIn base: ObjectID?) throws -> [ObjectID] {
        var ids: [ObjectID] = []
        try walkCommits(from: tip, hiding: base, sorting: GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_REVERSE.rawValue) { ids.append($0); return true }
        return ids
    }

    /// The number of commits reachable from `tip` but not from `base` (all of them when `base` is nil).
    public func countCommits(from tip: ObjectID, notIn base: ObjectID?) throws -> Int {
        var count = 0
        try walkCommits(from: tip, hiding: base, sorting: GIT_SORT_NONE.rawValue) { _ in count += 1; return true }
        return count
    }
}
