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
    /// The files that differ between two trees (`nil` = the empty tree), without rename detection.
    ///
    /// Subtrees with the same id are skipped whole, so the cost grows with the change.
    public func diff(from old: Tree?, to new: Tree?) throws -> [TreeDelta] {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "diff options")
        var diff: OpaquePointer?
        try check(git_diff_tree_to_tree(&diff, pointer, old?.pointer, new?.pointer, &options), "diff trees")
        defer { git_diff_free(diff) }
        var deltas: [TreeDelta] = []
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { continue }
            let oldFile = delta.old_file, newFile = delta.new_file
            switch delta.status {
            case GIT_DELTA_ADDED:
                deltas.append(TreeDelta(status: .added, path: String(cString: newFile.path), oldID: nil, newID: ObjectID(newFile.id)))
            case GIT_DELTA_DELETED:
                deltas.append(TreeDelta(status: .deleted, path: String(cString: oldFile.path), oldID: ObjectID(oldFile.id), newID: nil))
            default:
                deltas.append(TreeDelta(status: .modified, path: String(cString: newFile.path), oldID: ObjectID(oldFile.id), newID: ObjectID(newFile.id)))
            }
        }
        return deltas
    }
}
