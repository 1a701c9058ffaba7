import Foundation
import Testing
import TroveGit
import TroveStore
import TroveTestSupport

/// The user's own ssh setup, in a throwaway HOME: a Host alias in ~/.ssh/config, known_hosts, scp-like URLs.
@Suite("sync over ssh: the user's ssh config", .serialized)
struct SSHConfigTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// A machine: the binary in its own HOME, whose ~/.ssh/config names the server `trovehub` (HostName,
    /// Port, User and IdentityFile) and whose known_hosts holds the server's key. No TROVE_KNOWN_HOSTS.
    func machine(_ name: String, _ peers: Peers) throws -> TroveCLI {
        let home = peers.folder.child("home-\(name)")
        try peers.folder.write("home-\(name)/.ssh/config", """
            Host trovehub
                HostName 127.0.0.1
                Port \(peers.server.port)
                User \(peers.server.user)
                IdentityFile \(peers.server.clientKey)

            """)
        try peers.folder.write("home-\(name)/.ssh/known_hosts", peers.server.knownHostsLine + "\n")
        return TroveCLI(home: home, store: peers.folder.child(name))
    }

    @Test("two machines clone through a Host alias (scp-like and ssh:// URLs), edit at once, sync, and end byte-identical")
    func twoMachinesThroughAnAlias() throws {
        let peers = try Peers()
        let first = try machine("first", peers)
        let second = try machine("second", peers)
        let scpLike = "trovehub:\(peers.hub)"
        let url = "ssh://trovehub\(peers.hub)"

        let clone1 = try first.run("clone", scpLike, first.store)
        #expect(clone1.status == 0, "\(clone1.stderr)")
        let clone2 = try second.run("clone", url, second.store)
        #expect(clone2.status == 0, "\(clone2.stderr)")

        let one = try first.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).trimmed
        let two = try second.run("record", "put", "dog", "--json", #"{"name": "Biscuit", "sex": "male"}"#).trimmed
        let sync1 = try runBounded(first, ["sync"], seconds: 60)
        #expect(sync1.status == 0, "\(sync1.stderr)")
        #expect(sync1.stdout == "origin: received 0, sent 1, merged 0, conflicts kept 0\n")
        let sync2 = try runBounded(second, ["sync"], seconds: 60)
        #expect(sync2.status == 0, "\(sync2.stderr)")
        #expect(sync2.stdout == "origin: received 1, sent 2, merged 0, conflicts kept 0\n")
        let again = try runBounded(first, ["sync"], seconds: 60)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "origin: received 2, sent 0, merged 0, conflicts kept 0\n")

        let files = try treeFiles(first.store)
        #expect(files.count > 2)
        #expect(try treeFiles(second.store) == files)
        #expect(try treeFiles(peers.hub) == files)
        for store in [first.store, second.store] {
            #expect(try Store.open(at: store).record(id: one) != nil)
            #expect(try Store.open(at: store).record(id: two) != nil)
            #expect(try first.git("status", "--porcelain", in: store).stdout.isEmpty)
        }
        // Both logins came through the alias's key, as the configured user.
        #expect(peers.server.log.components(separatedBy: "Accepted publickey for \(peers.server.user)").count - 1 >= 5)
    }

    @Test("a changed host key in ~/.ssh/known_hosts refuses the alias, names the file, and changes nothing")
    func changedHostKeyForAlias() throws {
        let peers = try Peers(unpushedEdit: true)
        let cli = try machine("a", peers)
        let impostor = try SSHServer.makeKey(at: peers.folder.child("impostor"), comment: "impostor")
        let knownHosts = try peers.folder.write("home-a/.ssh/known_hosts", "[127.0.0.1]:\(peers.server.port) \(try SSHServer.publicKey(of: impostor))\n")
        try peers.a.removeRemote(name: "ssh")
        try peers.a.addRemote(name: "ssh", url: "trovehub:\(peers.hub)")
        let before = try peers.snapshot()
        let sync = try runBounded(cli, ["sync", "ssh"], seconds: 60)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("the host key of trovehub does not match the one recorded in \(knownHosts):1"), "\(sync.stderr)")
        #expect(sync.stderr.contains("intercepting"), "\(sync.stderr)")
        #expect(try peers.snapshot() == before)
        #expect(!peers.server.log.contains("Accepted publickey"))
    }

    @Test("a host name that does not resolve is named in the message")
    func unresolvableHost() throws {
        let peers = try Peers(unpushedEdit: true)
        try peers.a.addRemote(name: "nowhere", url: "ssh://nosuchhost.invalid/srv/trove.git")
        let before = try peers.snapshot()
        let sync = try runBounded(peers.cli(store: "a"), ["sync", "nowhere"], seconds: 120)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("cannot reach ssh://nosuchhost.invalid/srv/trove.git: the host name nosuchhost.invalid is not known"),
                "\(sync.stderr)")
        #expect(try peers.snapshot() == before)
    }
}
