import CGit2
import Foundation

/// What checking a remote end to end found: it can be reached, logged in to, read and written.
public struct RemoteTestReport: Sendable, Equatable {
    public var url: String
    /// The remote's `main` branch, or `nil` when nothing was pushed there yet.
    public var head: ObjectID?
    /// How many branches the remote has.
    public var branches: Int
}

/// The step of a remote test that failed.
public enum RemoteTestStage: String, Sendable {
    /// Reaching the remote, logging in and reading its branches.
    case read
    /// Being let in to push (nothing is pushed).
    case write
}

/// A remote test that failed at `stage`, because of `reason` (a `TransferError`, an `HTTPFailure`, …).
public struct RemoteTestFailure: Error, @unchecked Sendable, CustomStringConvertible {
    public var stage: RemoteTestStage
    public var reason: any Error
    /// What reading found, when it was writing that failed.
    public var read: RemoteTestReport?

    public var description: String {
        stage == .read ? "\(reason)" : "it can be read, but not written: \(reason)"
    }
}

/// A hub folder this user may read but not write.
public struct HubNotWritable: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var description: String { "the hub folder \(path) cannot be written by this user: check its owner and permissions" }
}

extension Repository {
    /// Checks a remote end to end without changing anything, here or there: connects for fetching (reach,
    /// log in, list the branches), then for pushing (the server lets this login push: an http server asks
    /// for the login or refuses here, an ssh server starts git-receive-pack), and for a hub folder checks
    /// that its objects and refs can be written.
    public func testRemote(_ name: String, security: TransferSecurity = TransferSecurity()) throws -> RemoteTestReport {
        var report = RemoteTestReport(url: "", head: nil, branches: 0)
        do {
            try withRemote(name, security: security, progress: nil) { remote, context in
                report.url = context.url
                let heads = try Self.advertisedReferences(remote, direction: GIT_DIRECTION_FETCH, context: context)
                report.head = heads["refs/heads/main"]
                report.branches = heads.keys.filter { $0.hasPrefix("refs/heads/") }.count
            }
        } catch {
            throw RemoteTestFailure(stage: .read, reason: error)
        }
        do {
            try withRemote(name, security: security, progress: nil) { remote, context in
                _ = try Self.advertisedReferences(remote, direction: GIT_DIRECTION_PUSH, context: context)
                if let path = context.localPath {
                    let folder = path.hasSuffix("/") ? path : path + "/"
                    for inside in ["objects", "refs"] where access(folder + inside, W_OK) != 0 {
                        throw HubNotWritable(path: path)
                    }
                }
            }
        } catch {
            throw RemoteTestFailure(stage: .write, reason: error, read: report)
        }
        return report
    }

    /// Connects to `remote` in `direction` and returns the references it advertises (git ls-remote); nothing is fetched.
    static func advertisedReferences(_ remote: OpaquePointer, direction: git_direction,
                                     context: TransferContext) throws -> [String: ObjectID] {
        var callbacks = git_remote_callbacks()
        try check(git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "remote callbacks")
        context.install(into: &callbacks)
        var proxy = git_proxy_options()
        try check(git_proxy_options_init(&proxy, UInt32(GIT_PROXY_OPTIONS_VERSION)), "proxy options")
        TransferContext.installProxy(&proxy)
        try check(git_remote_connect(remote, direction, &callbacks, &proxy, nil),
                  direction == GIT_DIRECTION_PUSH ? "connect to push" : "connect")
        defer { git_remote_disconnect(remote) }
        var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
        var count = 0
        try check(git_remote_ls(&heads, &count, remote), "list the remote's branches")
        var found: [String: ObjectID] = [:]
        for index in 0..<count {
            guard let head = heads?[index] else { continue }
            found[String(cString: head.pointee.name)] = ObjectID(head.pointee.oid)
        }
        return found
    }
}
