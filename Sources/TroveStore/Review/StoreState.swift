import TroveGit

/// A read-only view of one tree of a store, as a review sees it.
public struct StoreState {
    let repository: Repository
    let tree: Tree?

    /// The bytes of the file at `path`, or `nil` when there is none.
    public func bytes(at path: String) throws -> [UInt8]? {
        guard let entry = tree?.entry(atPath: path), entry.kind == .blob else { return nil }
        return try repository.blob(entry.id)
    }

    /// Every file under the folder `prefix` (say, `members`), by path.
    public func files(under prefix: String) throws -> [(path: String, bytes: [UInt8])] {
        guard let tree, tree.entry(atPath: prefix)?.kind == .tree else { return [] }
        var found: [(String, [UInt8])] = []
        try repository.walkFiles(in: tree, under: prefix) { path, id in found.append((path, try repository.blob(id))) }
        return found
    }
}

/// What a review may ask about the store besides one commit.
public struct ReviewContext {
    let store: Store
    /// Our own head's state before this sync: already accepted, so trusted. Empty for a first clone.
    public let head: StoreState

    /// Whether commit `ancestor` is in the history of `commit`.
    public func isAncestor(_ ancestor: ObjectID, of commit: ObjectID) throws -> Bool {
        try store.repository.isDescendant(commit, of: ancestor)
    }

    /// The record type a path holds, if it is a record file.
    public func recordType(atPath path: String) -> String? {
        if case .record(let type, _) = store.classify(path) { return type }
        return nil
    }
}
