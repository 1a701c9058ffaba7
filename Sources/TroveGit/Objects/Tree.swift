import CGit2
import Foundation

/// A git tree: one folder's listing.
public final class Tree {
    let pointer: OpaquePointer
    /// The tree's object id.
    public let id: ObjectID

    init(pointer: OpaquePointer) {
        self.pointer = pointer
        self.id = ObjectID(git_tree_id(pointer))
    }

    deinit { git_tree_free(pointer) }

    /// The entry at a slash-separated `path` below this tree, or `nil`.
    public func entry(atPath path: String) -> TreeEntry? {
        var raw: OpaquePointer?
        guard git_tree_entry_bypath(&raw, pointer, path) == 0, let raw else { return nil }
        defer { git_tree_entry_free(raw) }
        return TreeEntry(raw)
    }

    /// The entries directly in this tree, in git's order.
    public var entries: [TreeEntry] {
        (0..<git_tree_entrycount(pointer)).map { TreeEntry(git_tree_entry_byindex(pointer, $0)!) }
    }
}

/// One name in a tree.
public struct TreeEntry: Sendable, Equatable {
    public enum Kind: Sendable { case blob, tree, other }
    public var name: String
    public var id: ObjectID
    public var kind: Kind
    public var isExecutable: Bool

    init(_ raw: OpaquePointer) {
        name = String(cString: git_tree_entry_name(raw))
        id = ObjectID(git_tree_entry_id(raw))
        switch git_tree_entry_type(raw) {
        case GIT_OBJECT_BLOB: kind = .blob
        case GIT_OBJECT_TREE: kind = .tree
        default: kind = .other
        }
        isExecutable = git_tree_entry_filemode(raw) == GIT_FILEMODE_BLOB_EXECUTABLE
    }
}

/// One change to apply to a tree: a file written or removed.
public enum TreeChange: Sendable, Equatable {
    case upsert(path: String, blob: ObjectID)
    case remove(path: String)

    public var path: String {
        switch self {
        case .upsert(let path, _), .remove(let path): return path
        }
    }
}

extension Repository {
    /// The tree `id`.
    public func tree(_ id: ObjectID) throws -> Tree {
        var raw = id.raw
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, &raw), "read tree \(id.short)")
        return Tree(pointer: tree!)
    }

    /// The id of the empty tree, written if the object database lacks it.
    public func emptyTreeID() throws -> ObjectID {
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, pointer, nil), "make tree builder")
        defer { git_treebuilder_free(builder) }
        var oid = git_oid()
        try check(git_treebuilder_write(&oid, builder), "write empty tree")
        logWrite(ObjectID(oid))
        return ObjectID(oid)
    }

    /// Writes the tree that results from applying `changes` to `base`.
    ///
    /// Only the folders on the changed paths are read and rewritten, so the
    /// cost grows with the change, not with the size of the tree.
    public func writeTree(applying changes: [TreeChange], to base: Tree?) throws -> ObjectID {
        if changes.isEmpty { return try base?.id ?? emptyTreeID() }
        // libgit2 keeps pointers to the paths for the duration of the call.
        let paths = changes.map { strdup($0.path)! }
        defer { paths.forEach { free($0) } }
        var updates = [git_tree_update]()
        updates.reserveCapacity(changes.count)
        for (change, path) in zip(changes, paths) {
            var update = git_tree_update()
            update.path = UnsafePointer(path)
            switch change {
            case .upsert(_, let blob):
                update.action = GIT_TREE_UPDATE_UPSERT
                update.id = blob.raw
                update.filemode = GIT_FILEMODE_BLOB
            case .remove:
                update.action = GIT_TREE_UPDATE_REMOVE
            }
            updates.append(update)
        }
        var oid = git_oid()
        try check(git_tree_create_updated(&oid, pointer, base?.pointer, updates.count, updates), "write tree")
        if batchLog != nil { try logTrees(on: changes.map(\.path), in: ObjectID(oid)) }
        return ObjectID(oid)
    }

    /// Logs the trees a tree update wrote: the root and every folder on a changed path.
    private func logTrees(on paths: [String], in root: ObjectID) throws {
        logWrite(root)
        let tree = try self.tree(root)
        var folders = Set<Substring>()
        for path in paths {
            var end = path.startIndex
            while let slash = path[end...].firstIndex(of: "/") {
                folders.insert(path[..<slash])
                end = path.index(after: slash)
            }
        }
        for folder in folders {
            if let entry = tree.entry(atPath: String(folder)), entry.kind == .tree { logWrite(entry.id) }
        }
    }

    /// Calls `visit` with the path and blob id of every file below `tree`, optionally only under `prefix`.
    public func walkFiles(in tree: Tree, under prefix: String? = nil, _ visit: (String, ObjectID) throws -> Void) throws {
        var start = tree
        var base = ""
        if let prefix, !prefix.isEmpty {
            guard let entry = tree.entry(atPath: prefix), entry.kind == .tree else { return }
            start = try self.tree(entry.id)
            base = prefix + "/"
        }
        try walk(start, base: base, visit)
    }

    private func walk(_ tree: Tree, base: String, _ visit: (String, ObjectID) throws -> Void) throws {
        for entry in tree.entries {
            switch entry.kind {
            case .blob: try visit(base + entry.name, entry.id)
            case .tree: try walk(self.tree(entry.id), base: base + entry.name + "/", visit)
            case .other: continue
            }
        }
    }
}
