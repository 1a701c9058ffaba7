import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// Thrown when a bounded call did not finish in time (it is left running on its thread).
struct TimedOut: Error, CustomStringConvertible {
    var seconds: Double
    var description: String { "did not finish within \(seconds) s" }
}

/// Where a thread leaves its result.
private final class ResultBox<T>: @unchecked Sendable { var result: Result<T, any Error>? }

/// Runs `body` on its own thread and waits at most `seconds`, so a transfer that loops cannot hang the suite.
func within<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Result { try body() }
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success, let result = box.result else { throw TimedOut(seconds: seconds) }
    return try result.get()
}

/// Runs `trove ARGUMENTS` and kills it if it has not finished after `seconds`.
func runBounded(_ cli: TroveCLI, _ arguments: [String], seconds: Double) throws -> ProcessOutput {
    try ProcessRunner.run(TroveCLI.executable, arguments, environment: cli.environment, timeout: seconds)
}

/// How many times sshd has logged a failed public-key login.
func failedLogins(_ server: SSHServer) -> Int {
    server.log.components(separatedBy: "Failed publickey").count - 1
}

/// A dog record's fields.
func dog(_ name: String) -> JSONValue {
    .object(["name": .string(name), "sex": .string("female")])
}

/// Everything a failed sync must leave alone: HEAD, the files, every reference, and the hub.
struct Snapshot: Equatable, CustomStringConvertible {
    var head: ObjectID?
    var status: [FileStatus]
    var references: [String]
    var hubHead: ObjectID?

    init(store path: String, hub: String) throws {
        let repository = try Repository(openingAt: path)
        head = try repository.headCommitID()
        status = try repository.status()
        references = try repository.references(matching: "refs/*").map { "\($0.name) \($0.target)" }.sorted()
        hubHead = try Repository(openingAt: hub).referenceTarget("refs/heads/main")
    }

    var description: String { "HEAD \(head.map { "\($0)" } ?? "none"), status \(status), refs \(references), hub \(hubHead.map { "\($0)" } ?? "none")" }
}

/// The root tree id of HEAD in the repository at `path` (a store or a bare hub).
func headTree(_ path: String) throws -> ObjectID? {
    let repository = try Repository(openingAt: path)
    guard let head = try repository.headCommitID() ?? repository.referenceTarget("refs/heads/main") else { return nil }
    return try repository.commit(head).treeID
}

/// A store A that has pushed to a bare hub at a path, an sshd that serves that hub, and an A remote `ssh`
/// naming the same hub over ssh. A holds one more commit than the hub, so a sync that got through would push.
struct Peers {
    let folder = TemporaryFolder("trove-ssh")
    let server: SSHServer
    let a: Store
    var hub: String { folder.child("hub.git") }
    var hubURL: String { server.url(hub) }
    /// The right key and the right known_hosts for `server`, with nobody at a terminal.
    var security: TransferSecurity { security(identity: server.clientKey) }

    /// `identity` and the right known_hosts, with nobody at a terminal (ssh runs in batch mode).
    func security(identity: String?, knownHosts: String? = nil) -> TransferSecurity {
        TransferSecurity(identityFile: identity, knownHostsFile: knownHosts ?? server.knownHostsFile, interactive: false)
    }

    init(unpushedEdit: Bool = false, serverConfig: String = "") throws {
        server = try SSHServer(extraConfig: serverConfig)
        a = try Store.create(at: folder.child("a"))
        try a.addRemote(name: "hub", url: folder.child("hub.git"), create: true)
        _ = try a.sync(remotes: ["hub"])
        if unpushedEdit {
            try a.addRemote(name: "ssh", url: server.url(folder.child("hub.git")))
            _ = try a.transaction { try $0.put(dog("Unpushed"), type: "dog") }
        }
    }

    /// A's state and the hub's, to compare before and after a sync that must fail.
    func snapshot() throws -> Snapshot { try Snapshot(store: a.path, hub: hub) }

    /// The `trove` binary in an isolated home, on store `store` (a folder name inside the test's folder).
    func cli(store: String, knownHosts: String? = nil) -> TroveCLI {
        var cli = TroveCLI(home: folder.child("home"), store: folder.child(store))
        cli.extraEnvironment["TROVE_KNOWN_HOSTS"] = knownHosts ?? server.knownHostsFile
        return cli
    }
}

/// The files of the tree of HEAD in the repository at `path`, path by path with their bytes.
func treeFiles(_ path: String) throws -> [String: [UInt8]] {
    let repository = try Repository(openingAt: path)
    guard let head = try repository.headCommitID() ?? repository.referenceTarget("refs/heads/main") else { return [:] }
    var files: [String: [UInt8]] = [:]
    func walk(_ tree: ObjectID, _ prefix: String) throws {
        for entry in try repository.tree(tree).entries {
            if entry.kind == .tree { try walk(entry.id, prefix + entry.name + "/") } else { files[prefix + entry.name] = try repository.blob(entry.id) }
        }
    }
    try walk(try repository.commit(head).treeID, "")
    return files
}
