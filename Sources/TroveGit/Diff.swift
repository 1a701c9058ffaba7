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
}

extension Repository {
    /// The files that differ between two trees (`nil` = the empty tree), in path order, without rename detection.
    ///
    /// Subtrees with the same id are skipped whole, so the cost grows with the change. Written by hand:
    /// libgit2's diff builds a path and an iterator frame for every entry it passes, which doubled
    /// the time to compare two 100,000-file trees that differ in 1,000 files.
    public func diff(from old: Tree?, to new: Tree?) throws -> [TreeDelta] {
        var deltas: [TreeDelta] = []
        try diff(old, new, base: "", into: &deltas)
        return deltas
    }

    private func diff(_ old: Tree?, _ new: Tree?, base: String, into deltas: inout [TreeDelta]) throws {
        let oldCount = old.map { git_tree_entrycount($0.pointer) } ?? 0
        let newCount = new.map { git_tree_entrycount($0.pointer) } ?? 0
        var i = 0, j = 0
        while i < oldCount || j < newCount {
            let a = i < oldCount ? git_tree_entry_byindex(old!.pointer, i) : nil
            let b = j < newCount ? git_tree_entry_byindex(new!.pointer, j) : nil
            let order: Int32 = if let a, let b { Self.treeOrder(a, b) } else { a == nil ? 1 : -1 }
            if order < 0 {
                try record(a!, base: base, as: .deleted, into: &deltas)
                i += 1
            } else if order > 0 {
                try record(b!, base: base, as: .added, into: &deltas)
                j += 1
            } else {
                let (a, b) = (a!, b!)
                i += 1
                j += 1
                if git_oid_equal(git_tree_entry_id(a), git_tree_entry_id(b)) == 1
                    && git_tree_entry_filemode(a) == git_tree_entry_filemode(b) { continue }
                let name = String(cString: git_tree_entry_name(a))
                switch (git_tree_entry_type(a), git_tree_entry_type(b)) {
                case (GIT_OBJECT_TREE, GIT_OBJECT_TREE):
                    try diff(tree(ObjectID(git_tree_entry_id(a))), tree(ObjectID(git_tree_entry_id(b))), base: base + name + "/", into: &deltas)
                case (GIT_OBJECT_BLOB, GIT_OBJECT_BLOB):
                    deltas.append(TreeDelta(status: .modified, path: base + name,
                                            oldID: ObjectID(git_tree_entry_id(a)), newID: ObjectID(git_tree_entry_id(b))))
                default:
                    // A file became a folder or the reverse: what went, then what came.
                    try record(a, base: base, as: .deleted, into: &deltas)
                    try record(b, base: base, as: .added, into: &deltas)
                }
            }
        }
    }

    /// Records a whole entry as added or deleted: a file, or every file below a folder.
    private func record(_ entry: OpaquePointer, base: String, as status: TreeDelta.Status, into deltas: inout [TreeDelta]) throws {
        let path = base + String(cString: git_tree_entry_name(entry))
        let id = ObjectID(git_tree_entry_id(entry))
        switch git_tree_entry_type(entry) {
        case GIT_OBJECT_BLOB:
            deltas.append(TreeDelta(status: status, path: path, oldID: status == .deleted ? id : nil, newID: status == .added ? id : nil))
        case GIT_OBJECT_TREE:
            let subtree = try tree(id)
            try status == .added ? diff(nil, subtree, base: path + "/", into: &deltas) : diff(subtree, nil, base: path + "/", into: &deltas)
        default:
            break  // submodules are not part of a store
        }
    }

    /// Git's order of names in a tree: byte order, with a folder's name compared as if it ended in "/".
    private static func treeOrder(_ a: OpaquePointer, _ b: OpaquePointer) -> Int32 {
        var x = git_tree_entry_name(a)!, y = git_tree_entry_name(b)!
        while x.pointee != 0 && x.pointee == y.pointee { x += 1; y += 1 }
        let xByte = x.pointee != 0 ? UInt8(bitPattern: x.pointee) : (git_tree_entry_type(a) == GIT_OBJECT_TREE ? UInt8(ascii: "/") : 0)
        let yByte = y.pointee != 0 ? UInt8(bitPattern: y.pointee) : (git_tree_entry_type(b) == GIT_OBJECT_TREE ? UInt8(ascii: "/") : 0)
        return Int32(xByte) - Int32(yByte)
    }
}
