import Foundation
import Testing
import TroveGit
import TroveStore
import TroveTestSupport

/// gitolite (Debian `gitolite3`) behind a real sshd, run as the test's user with its own HOME, the way a
/// gitolite host runs it: each key's authorized_keys line starts gitolite-shell with that key's user name.
struct Gitolite {
    static let shell = "/usr/share/gitolite3/gitolite-shell"
    let folder: TemporaryFolder
    let server: SSHServer
    /// gitolite's HOME: its rc file, its compiled config and `repositories/`.
    let home: String
    /// A key per user, authorized for gitolite.
    let keys: [String: String]

    /// Sets gitolite up with `config` (gitolite.conf's repo rules) and a key for each of `users`.
    init(users: [String], config: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.shell) else {
            throw SSHServerError(description: "\(Self.shell) is missing: install the Debian package gitolite3 (tools/setup --tests does).")
        }
        let folder = TemporaryFolder("trove-gitolite")
        let home = folder.child("gitolite-home")
        self.folder = folder
        self.home = home
        // No ForceCommand: the authorized_keys lines choose the command, as on a gitolite host.
        server = try SSHServer(forceCommand: nil)
        let admin = try SSHServer.makeKey(at: folder.child("admin"), comment: "gitolite-admin")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try Self.run(home: home, ["setup", "-pk", admin + ".pub"])
        try folder.write("gitolite-home/.gitolite/conf/gitolite.conf", """
            repo gitolite-admin
                RW+ = admin

            \(config)

            """)
        try Self.run(home: home, ["setup"])
        // gitolite makes repositories whose HEAD names git's default branch (master), which Trove never pushes:
        // left so, as on a real gitolite, a clone must find the hub's main by itself.
        var keys: [String: String] = [:]
        var lines = ""
        for user in users {
            let key = try SSHServer.makeKey(at: folder.child("key-\(user)"), comment: user)
            keys[user] = key
            lines += "command=\"HOME=\(home) \(Self.shell) \(user)\",no-port-forwarding,no-X11-forwarding,no-agent-forwarding,no-pty "
                + (try SSHServer.publicKey(of: key)) + "\n"
        }
        self.keys = keys
        try lines.write(toFile: server.authorizedKeysFile, atomically: true, encoding: .utf8)
    }

    private static func run(home: String, _ arguments: [String]) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        let output = try ProcessRunner.run("/usr/bin/gitolite", arguments, environment: environment)
        guard output.status == 0 else {
            throw SSHServerError(description: "gitolite \(arguments.joined(separator: " ")) failed (exit \(output.status)): \(output.stderr)")
        }
    }

    /// `ssh://USER@127.0.0.1:PORT/REPO`, a repository by its gitolite name.
    func url(_ repository: String) -> String { "ssh://\(server.user)@127.0.0.1:\(server.port)/\(repository)" }

    /// `main` of the repository on the server.
    func head(_ repository: String) throws -> ObjectID? {
        try Repository(openingAt: home + "/repositories/\(repository).git").referenceTarget("refs/heads/main")
    }

    func security(_ user: String) -> TransferSecurity {
        TransferSecurity(identityFile: keys[user], knownHostsFile: server.knownHostsFile, interactive: false)
    }

    /// The binary as `user`, on store `store`.
    func cli(_ user: String, store: String) -> TroveCLI {
        var cli = TroveCLI(home: folder.child("home-\(user)"), store: folder.child(store))
        cli.extraEnvironment["TROVE_KNOWN_HOSTS"] = server.knownHostsFile
        return cli
    }
}

@Suite("sync over ssh: gitolite", .serialized)
struct GitoliteTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("a gitolite user with read access clones and fetches, and their push is refused with 'no permission to write'")
    func readOnlyUser() throws {
        let gitolite = try Gitolite(users: ["alice", "bob", "carol"], config: """
            repo trove
                RW+ = alice
                R   = bob
            """)
        let url = gitolite.url("trove")
        let alice = try Store.create(at: gitolite.folder.child("alice"))
        try alice.addRemote(name: "hub", url: url)
        let first = try alice.sync(security: gitolite.security("alice"))
        #expect(first.map(\.sent) == [1], "\(first)")
        #expect(try gitolite.head("trove") == alice.headCommitID())

        let bob = gitolite.cli("bob", store: "bob")
        let bobKey = gitolite.keys["bob"]!
        let clone = try runBounded(bob, ["clone", url, bob.store, "--identity", bobKey], seconds: 60)
        #expect(clone.status == 0, "\(clone.stderr)")

        // Bob edits and syncs: the fetch goes through, the push is refused, the hub is unchanged.
        let fromAlice = try alice.transaction { try $0.put(dog("Pixel"), type: "dog") }.value
        _ = try alice.sync(security: gitolite.security("alice"))
        let hubHead = try gitolite.head("trove")
        try bob.run("record", "put", "dog", "--json", #"{"name": "Biscuit", "sex": "male"}"#)
        let sync = try runBounded(bob, ["sync", "--identity", bobKey], seconds: 60)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("no permission to write to \(url)"), "\(sync.stderr)")
        #expect(try gitolite.head("trove") == hubHead)
        #expect(try Store.open(at: bob.store).record(id: fromAlice.id) != nil, "bob's fetch still brought alice's edit")

        // Carol is in no rule: she may not even read.
        let carol = gitolite.cli("carol", store: "carol")
        let denied = try runBounded(carol, ["clone", url, carol.store, "--identity", gitolite.keys["carol"]!], seconds: 60)
        #expect(denied.status == 1)
        #expect(denied.stderr.contains("no permission to read \(url)"), "\(denied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: carol.store))
    }
}
