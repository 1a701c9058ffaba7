import CGit2
import Foundation

/// A named remote and where it lives.
public struct RemoteInfo: Sendable, Equatable {
    public var name: String
    public var url: String
}

extension Repository {
    /// The configured remotes, sorted by name.
    public func remotes() throws -> [RemoteInfo] {
        var names = git_strarray()
        try check(git_remote_list(&names, pointer), "list remotes")
        defer { git_strarray_dispose(&names) }
        var found: [RemoteInfo] = []
        for index in 0..<names.count {
            let name = String(cString: names.strings[index]!)
            var remote: OpaquePointer?
            guard git_remote_lookup(&remote, pointer, name) == 0 else { continue }
            defer { git_remote_free(remote) }
            found.append(RemoteInfo(name: name, url: git_remote_url(remote).map { String(cString: $0) } ?? ""))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// Adds a remote that fetches every branch into `refs/remotes/NAME/`.
    public func addRemote(name: String, url: String) throws {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, pointer, name, url), "add remote \(name)")
        git_remote_free(remote)
    }

    /// Removes a remote and its remote-tracking references.
    public func removeRemote(name: String) throws {
        try check(git_remote_delete(pointer, name), "remove remote \(name)")
    }

    /// Fetches the remote's configured references.
    public func fetch(remote name: String, security: TransferSecurity = TransferSecurity(),
                      progress: TransferProgress.Handler? = nil) throws {
        try withRemote(name, security: security, progress: progress, localLocks: true) { remote, context in
            var options = git_fetch_options()
            try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "fetch options")
            context.install(into: &options.callbacks)
            TransferContext.installProxy(&options.proxy_opts)
            options.prune = GIT_FETCH_PRUNE
            try check(git_remote_fetch(remote, nil, &options, "trove: fetch"), "fetch \(name)")
        }
    }

    /// Pushes `refspecs` (e.g. `refs/heads/main:refs/heads/main`); a refused update throws `TransferError.rejected`.
    ///
    /// A push that is not a fast-forward throws a `GitError` whose `isConflict` is true.
    public func push(remote name: String, refspecs: [String], security: TransferSecurity = TransferSecurity(),
                     progress: TransferProgress.Handler? = nil) throws {
        try withRemote(name, security: security, progress: progress) { remote, context in
            // ssh and https hubs get Trove's own pack (SendPack.swift); a folder keeps libgit2's push, which
            // writes into the hub's object database directly.
            if context.localPath == nil, refspecs.count == 1 {
                try sendPack(remote: remote, refspec: refspecs[0], context: context)
                return
            }
            var options = git_push_options()
            try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "push options")
            context.install(into: &options.callbacks)
            TransferContext.installProxy(&options.proxy_opts)
            options.pb_parallelism = 0  // one delta-search thread per core
            _ = try withStringArray(refspecs) { array in
                try check(git_remote_push(remote, &array, &options), "push to \(name)")
            }
            if let (reference, reason) = context.rejected.first {
                throw TransferError.rejected(reference: reference, reason: reason)
            }
        }
    }

    /// Clones `url` into `path` with its files checked out.
    ///
    /// With `checkOut` false the work tree and the git index stay empty, for the caller to judge the
    /// history before any of it is written to disk.
    public static func clone(from url: String, to path: String, security: TransferSecurity = TransferSecurity(),
                             checkOut: Bool = true, progress: TransferProgress.Handler? = nil) throws -> Repository {
        _ = Git.initialized
        let context = TransferContext(security: security, url: url, progress: progress)
        var options = git_clone_options()
        try check(git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION)), "clone options")
        if !checkOut { options.checkout_opts.checkout_strategy = GIT_CHECKOUT_NONE.rawValue }
        context.install(into: &options.fetch_opts.callbacks)
        TransferContext.installProxy(&options.fetch_opts.proxy_opts)
        var raw: OpaquePointer?
        do {
            try withExtendedLifetime(context) {
                try context.withHTTPSetUp(remoteCAFile: security.http.caFile) { try check(git_clone(&raw, url, path, &options), "clone \(url)") }
            }
        } catch { throw context.error(from: error) }
        let repository = try Repository(pointer: raw!)
        try repository.adoptMainIfHeadIsUnborn()
        return repository
    }

    /// A hub whose HEAD names a branch it does not have (gitolite and older `git init --bare` point it at
    /// `master`, Trove pushes `main`) leaves a clone with an unborn HEAD: take the hub's `main` then.
    private func adoptMainIfHeadIsUnborn() throws {
        guard git_repository_head_unborn(pointer) == 1, let main = try referenceTarget("refs/remotes/origin/main") else { return }
        try updateReference("refs/heads/main", to: main, expected: nil, message: "clone: the hub's main")
        try check(git_repository_set_head(pointer, "refs/heads/main"), "set HEAD to main")
        let config = try localConfig()
        try config.set("branch.main.remote", "origin")
        try config.set("branch.main.merge", "refs/heads/main")
    }

    /// - Parameter localLocks: whether a held lock file is ours (a fetch writes only our refs), not the remote's.
    func withRemote(_ name: String, security: TransferSecurity, progress: TransferProgress.Handler?,
                            localLocks: Bool = false, _ body: (OpaquePointer, TransferContext) throws -> Void) throws {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, pointer, name), "find remote \(name)")
        defer { git_remote_free(remote) }
        let context = TransferContext(security: security, url: git_remote_url(remote).map { String(cString: $0) } ?? name,
                                      progress: progress)
        do {
            let remoteCAFile = caFile(forURL: context.url)
            try withExtendedLifetime(context) { try context.withHTTPSetUp(remoteCAFile: remoteCAFile) { try body(remote!, context) } }
        } catch let error as GitError where error.isConflict || (localLocks && error.isLocked) {
            // Not the remote's fault: a ref moved under us, or one of our own lock files is held.
            throw error
        } catch let error as TransferError {
            throw error
        } catch {
            throw context.error(from: error)
        }
    }
}

/// Calls `body` with a `git_strarray` of copies of `strings`, freed afterwards.
func withStringArray<T>(_ strings: [String], _ body: (inout git_strarray) throws -> T) rethrows -> T {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return try pointers.withUnsafeMutableBufferPointer { buffer in
        var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
        return try body(&array)
    }
}
