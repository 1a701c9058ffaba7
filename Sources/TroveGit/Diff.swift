import CGit2

/// One file that differs between two trees.
public struct TreeDelta: Sendable, Equatable {
    public enum Status: Sendable { case added, deleted, modified }
    public var status: Status
    public var path: String
    /// The blob before, `nil` when added.
    public var oldID: ObjectID?
    /// The blob after, `nil` when deleted.
    public var newID: ObjectID?
    /// What the entry is after (before, when deleted): a plain file unless an arriving tree says otherwise.
    public var mode: TreeEntryMode = .file

    public init(status: Status, path: String, oldID: ObjectID?, newID: ObjectID?, mode: TreeEntryMode = .file) {
        self.status = status
        self.path = path
        self.oldID = oldID
        self.newID = newID
        self.mode = mode
    }
}

/// What a tree entry that is not a folder holds, by its git file mode.
public enum TreeEntryMode: Sendable, Equatable {
    /// 100644.
    case file
    /// 100755.
    case executable
    /// 120000: the blob is the link's target.
    case symbolicLink
    /// 160000: a commit of another repository (a submodule).
    case gitlink
    /// Any other mode a hand-made tree may hold.
    case other(UInt32)

    init(_ raw: git_filemode_t) {
        switch raw {
        case GIT_FILEMODE_BLOB: self = .file
        case GIT_FILEMODE_BLOB_EXECUTABLE: self = .executable
        case GIT_FILEMODE_LINK: self = .symbolicLink
        case GIT_FILEMODE_COMMIT: self = .gitlink
        default: self = .other(raw.rawValue)
        }
    }
}

extension Repository {
    /// The files that differ between two trees (`nil` = the empty tree), in path order, without rename detection.
    ///
    /// Both trees are walked side by side and subtrees with the same id are skipped whole, so the cost
    /// grows with the change. (libgit2's diff iterates every entry of each changed folder through its
    /// generic iterators, building a full path for each: three times slower on 100,000 records.)
    public func diff(from old: Tree?, to new: Tree?) throws -> [TreeDelta] {
        var deltas: [TreeDelta] = []
        try diff(from: old, to: new) { deltas.append($0) }
        return deltas
    }

    /// Calls `visit` with each file that differs, in path order, holding only the folders on the current path: a
    /// diff of 1,000,000 files need not be held whole (issue 25).
    public func diff(from old: Tree?, to new: Tree?, _ visit: (TreeDelta) throws -> Void) throws {
        try diff(old?.pointer, new?.pointer, prefix: "", into: visit)
    }

    private func diff(_ old: OpaquePointer?, _ new: OpaquePointer?, prefix: String, into deltas: (TreeDelta) throws -> Void) throws {
        let oldCount = old.map { git_tree_entrycount($0) } ?? 0
        let newCount = new.map { git_tree_entrycount($0) } ?? 0
        var oldIndex = 0, newIndex = 0
        while oldIndex < oldCount || newIndex < newCount {
            let before = oldIndex < oldCount ? git_tree_entry_byindex(old, oldIndex) : nil
            let after = newIndex < newCount ? git_tree_entry_byindex(new, newIndex) : nil
            // Tree order is the order of full paths: a folder sorts as its name with a slash.
            let order: Int32 = before == nil ? 1 : after == nil ? -1 : git_tree_entry_cmp(before, after)
            if order < 0 {
                try entry(before!, side: .old, prefix: prefix, into: deltas)
                oldIndex += 1
            } else if order > 0 {
                try entry(after!, side: .new, prefix: prefix, into: deltas)
                newIndex += 1
            } else {
                oldIndex += 1
                newIndex += 1
                guard git_oid_equal(git_tree_entry_id(before), git_tree_entry_id(after)) == 0 else { continue }
                let path = prefix + String(cString: git_tree_entry_name(after))
                if git_tree_entry_type(after) == GIT_OBJECT_TREE {
                    try withSubtrees(before!, after!) { try diff($0, $1, prefix: path + "/", into: deltas) }
                } else {
                    try deltas(TreeDelta(status: .modified, path: path,
                                            oldID: ObjectID(git_tree_entry_id(before)), newID: ObjectID(git_tree_entry_id(after)),
                                            mode: TreeEntryMode(git_tree_entry_filemode(after))))
                }
            }
        }
    }

    private enum Side { case old, new }

    /// An entry on one side only: a file added or deleted, or every file of a folder added or deleted.
    private func entry(_ entry: OpaquePointer, side: Side, prefix: String, into deltas: (TreeDelta) throws -> Void) throws {
        let path = prefix + String(cString: git_tree_entry_name(entry))
        if git_tree_entry_type(entry) == GIT_OBJECT_TREE {
            try withSubtrees(side == .old ? entry : nil, side == .new ? entry : nil) {
                try diff($0, $1, prefix: path + "/", into: deltas)
            }
            return
        }
        let id = ObjectID(git_tree_entry_id(entry)), mode = TreeEntryMode(git_tree_entry_filemode(entry))
        try deltas(side == .old ? TreeDelta(status: .deleted, path: path, oldID: id, newID: nil, mode: mode)
                                   : TreeDelta(status: .added, path: path, oldID: nil, newID: id, mode: mode))
    }

    /// Looks up the trees two entries name (either may be absent) for the length of `body`.
    private func withSubtrees(_ old: OpaquePointer?, _ new: OpaquePointer?, _ body: (OpaquePointer?, OpaquePointer?) throws -> Void) throws {
        func lookup(_ entry: OpaquePointer?) throws -> OpaquePointer? {
            guard let entry, git_tree_entry_type(entry) == GIT_OBJECT_TREE else { return nil }
            var tree: OpaquePointer?
            try check(git_tree_lookup(&tree, pointer, git_tree_entry_id(entry)), "read tree \(ObjectID(git_tree_entry_id(entry)).short)")
            return tree
        }
        let oldTree = try lookup(old)
        defer { git_tree_free(oldTree) }
        let newTree = try lookup(new)
        defer { git_tree_free(newTree) }
        try body(oldTree, newTree)
    }
}
