import CGit2

/// A file whose checked-out or staged state differs from HEAD.
public struct FileStatus: Sendable, Equatable {
    public enum Change: Sendable, Equatable { case added, modified, deleted, untracked }
    public var path: String
    public var change: Change
    /// Whether the change is staged in the index (as opposed to only in the work tree).
    public var isStaged: Bool
}

extension Repository {
    /// Every path whose work-tree or index state differs from HEAD, like `git status`.
    public func status() throws -> [FileStatus] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "status options")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "read status")
        defer { git_status_list_free(list) }
        var found: [FileStatus] = []
        for position in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, position)?.pointee else { continue }
            let flags = entry.status.rawValue
            let delta = entry.index_to_workdir ?? entry.head_to_index
            guard let file = delta?.pointee.new_file.path ?? delta?.pointee.old_file.path else { continue }
            let path = String(cString: file)
            let staged = flags & (GIT_STATUS_INDEX_NEW.rawValue | GIT_STATUS_INDEX_MODIFIED.rawValue
                | GIT_STATUS_INDEX_DELETED.rawValue) != 0
            let change: FileStatus.Change
            if flags & GIT_STATUS_WT_NEW.rawValue != 0 { change = .untracked }
            else if flags & (GIT_STATUS_WT_DELETED.rawValue | GIT_STATUS_INDEX_DELETED.rawValue) != 0 { change = .deleted }
            else if flags & GIT_STATUS_INDEX_NEW.rawValue != 0 { change = .added }
            else { change = .modified }
            found.append(FileStatus(path: path, change: change, isStaged: staged))
        }
        return found
    }
}
