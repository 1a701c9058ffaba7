import CGit2
import Foundation

extension Repository {
    /// The commit a plain `git merge` (or `git pull`) was merging when it stopped, from `MERGE_HEAD`; `nil` when none.
    public func mergeHeadID() -> ObjectID? {
        guard let data = FileManager.default.contents(atPath: gitDirectory + "MERGE_HEAD") else { return nil }
        return ObjectID(hex: String(decoding: data.prefix(40), as: UTF8.self))
    }

    /// Forgets a stopped merge: `MERGE_HEAD`, `MERGE_MSG`, `MERGE_MODE` and git's `AUTO_MERGE`.
    public func clearMergeState() throws {
        try check(git_repository_state_cleanup(pointer), "clear the merge state")
        unlink(gitDirectory + "AUTO_MERGE")  // newer git writes it; libgit2 1.5 does not know it
    }
}
