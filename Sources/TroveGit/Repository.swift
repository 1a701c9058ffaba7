import CGit2
import Foundation

/// A git repository opened through libgit2.
///
/// The one owner of a `git_repository` handle; everything else in TroveGit
/// reaches libgit2 through it.
public final class Repository {
    let pointer: OpaquePointer
    /// Set on the handle `batchingObjectWrites` gives out: the objects to pack.
    var batchLog: BatchLog?

    /// Takes ownership of `pointer`, and has its loose objects read safely (see `LooseBackend`).
    init(pointer: OpaquePointer) throws {
        self.pointer = pointer
        try readLooseObjectsSafely()
    }

    deinit { git_repository_free(pointer) }

    /// Creates a repository at `path` (made if missing) with `initialBranch` as its unborn HEAD.
    public static func create(at path: String, bare: Bool = false, initialBranch: String = "main") throws -> Repository {
        _ = Git.initialized
        var options = git_repository_init_options()
        try check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)), "init options")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | GIT_REPOSITORY_INIT_NO_REINIT.rawValue
        if bare { options.flags |= GIT_REPOSITORY_INIT_BARE.rawValue }
        var raw: OpaquePointer?
        try initialBranch.withCString { branch in
            options.initial_head = branch
            try check(git_repository_init_ext(&raw, path, &options), "create repository at \(path)")
        }
        return try Repository(pointer: raw!)
    }

    /// Opens the repository whose work tree or git directory is exactly `path` (no search upwards).
    public convenience init(openingAt path: String) throws {
        _ = Git.initialized
        var raw: OpaquePointer?
        try check(
            git_repository_open_ext(&raw, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
            "open repository at \(path)")
        try self.init(pointer: raw!)
    }

    /// Whether a repository can be opened at exactly `path`.
    public static func exists(at path: String) -> Bool {
        _ = Git.initialized
        return git_repository_open_ext(nil, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil) == 0
    }

    /// The checked-out folder, with a trailing slash; `nil` for a bare repository.
    public var workdir: String? { git_repository_workdir(pointer).map { String(cString: $0) } }

    /// The `.git` folder (or the bare repository itself), with a trailing slash.
    public var gitDirectory: String { String(cString: git_repository_path(pointer)) }

    /// Whether this repository has no work tree.
    public var isBare: Bool { git_repository_is_bare(pointer) == 1 }
}
