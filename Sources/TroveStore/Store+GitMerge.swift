import Foundation
import TroveGit

extension Store {
    /// The commit plain git was merging when it stopped (a `git pull` that met a delete-vs-edit, which
    /// git never hands to a merge driver), or `nil`.
    public func unfinishedGitMerge() -> ObjectID? { repository.mergeHeadID() }

    /// Finishes a merge that plain git stopped, by Trove's rules: the same merge commit a sync would
    /// make of HEAD and `MERGE_HEAD` (an edit wins over a delete; losing values kept in `conflicts`).
    ///
    /// What git left in the files it merged (its results, conflicting versions) is put back to HEAD
    /// first; other hand edits are left alone for `commitHandEdits`. Returns `nil` when no merge was stopped.
    @discardableResult
    public func finishGitMerge() throws -> SyncSummary? {
        guard let theirs = repository.mergeHeadID() else { return nil }
        if try isShared() { throw StoreError.unreviewedSharedStore(path: path) }
        return try withWriterLock {
            guard let head = try repository.headCommitID() else { throw StoreError.unfinishedGitMerge(commit: theirs.description) }
            let headTree = try repository.tree(ofCommit: head)
            let touched = try repository.diff(from: headTree, to: repository.tree(ofCommit: theirs)).map(\.path)
            let index = try repository.index()
            try index.reload()
            try index.removeConflicts()
            try index.write()
            let checkout = Checkout(repository)
            for path in touched {
                if let entry = headTree.entry(atPath: path) {
                    try checkout.write(path: path, bytes: repository.blob(entry.id), blob: entry.id)
                } else {
                    try checkout.remove(path: path)
                }
            }
            try checkout.finish()
            var summary = SyncSummary(remote: "git pull")
            try integrate(theirs, from: "git pull", review: nil, into: &summary)
            try repository.clearMergeState()
            return summary
        }
    }

    /// Refuses to write while plain git's merge is unfinished: the git index then holds conflict entries
    /// that a commit of ours would mix with its own.
    func refuseDuringGitMerge() throws {
        if let theirs = repository.mergeHeadID() { throw StoreError.unfinishedGitMerge(commit: theirs.description) }
    }
}
