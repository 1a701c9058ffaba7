import TroveGit

extension Store {
    /// Undo trailer: names the commit an undo reverted.
    static let undoTrailer = "Undoes: "

    /// Reverts the last action that is not already undone, as a new commit.
    ///
    /// History is never rewritten, so undo is safe after sync. It walks the
    /// first-parent chain, skipping undo commits and what they undid, and
    /// refuses when a record the action touched has changed since.
    @discardableResult
    public func undo() throws -> CommitResult {
        try transaction { transaction in
            guard let target = try lastUndoableCommit() else { throw StoreError.nothingToUndo }
            let parentTree = try target.parentIDs.first.map { try repository.tree(ofCommit: $0) }
            let targetTree = try repository.tree(target.treeID)
            for delta in try repository.diff(from: parentTree, to: targetTree) {
                guard transaction.base?.entry(atPath: delta.path)?.id == delta.newID else {
                    throw StoreError.undoBlocked(path: delta.path)
                }
                transaction.write(path: delta.path, bytes: try delta.oldID.map { try repository.blob($0) })
            }
            transaction.message = "Undo: \(target.summary)\n\n\(Self.undoTrailer)\(target.id.hex)\n"
        }.result
    }

    private func lastUndoableCommit() throws -> Commit? {
        guard var current = try repository.headCommitID().map({ try repository.commit($0) }) else { return nil }
        var undone = Set<String>()
        while let parent = current.parentIDs.first {
            if current.parentIDs.count > 1 { return nil }  // a sync merge: undo stops here
            if let target = Self.undoTarget(of: current) {
                undone.insert(target)
            } else if !undone.contains(current.id.hex) {
                return current
            }
            current = try repository.commit(parent)
        }
        return nil  // the store's first commit cannot be undone
    }
}
