import Foundation
import Testing
import TroveGit
import TroveStore
import TroveTestSupport

/// The keys people have, through the system's ssh against a real sshd (ed25519 host key only) running git-shell.
@Suite("sync over ssh: keys", .serialized)
struct SSHKeyTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// The server accepts RSA only with SHA-2 signatures, as OpenSSH 8.8 and later do by default.
    static let algorithms = "PubkeyAcceptedAlgorithms rsa-sha2-512,ecdsa-sha2-nistp256,ssh-ed25519"

    @Test("an RSA key (rsa-sha2-512) and an ecdsa key, authorized on the server, sync both ways")
    func rsaAndEcdsaKeys() throws {
        let peers = try Peers(unpushedEdit: true, serverConfig: Self.algorithms)
        let rsa = try peers.server.makeUnauthorizedKey(named: "id_rsa", type: "rsa")
        let ecdsa = try peers.server.makeUnauthorizedKey(named: "id_ecdsa", type: "ecdsa")
        try peers.server.authorize(rsa)
        try peers.server.authorize(ecdsa)

        let summary = try peers.a.sync(remotes: ["ssh"], security: peers.security(identity: rsa))
        #expect(summary.map(\.sent) == [1])
        #expect(peers.server.log.contains("Accepted publickey for \(peers.server.user) from 127.0.0.1") && peers.server.log.contains("ssh2: RSA"),
                "\(peers.server.log)")

        let b = peers.cli(store: "b")
        let clone = try b.run("clone", peers.hubURL, b.store, "--identity", ecdsa)
        #expect(clone.status == 0, "\(clone.stderr)")
        try b.run("record", "put", "dog", "--json", #"{"name": "Biscuit", "sex": "male"}"#)
        let sync = try b.run("sync", "--identity", ecdsa)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout == "origin: received 0, sent 1, merged 0, conflicts kept 0\n")
        #expect(peers.server.log.contains("ssh2: ECDSA"), "\(peers.server.log)")
        #expect(try headTree(peers.hub) == headTree(b.store))
    }

    @Test("a passphrase key held by a real ssh-agent: trove finds it through SSH_AUTH_SOCK, with and without --identity")
    func keyInAgent() throws {
        let peers = try Peers(unpushedEdit: true)
        let locked = try peers.server.makeUnauthorizedKey(named: "locked_ed25519", passphrase: "correct horse")
        try peers.server.authorize(locked)
        let agent = try SSHAgent()
        try agent.add(locked, passphrase: "correct horse")
        #expect(try agent.keys() == [try SSHServer.publicKey(of: locked)])

        var a = peers.cli(store: "a")
        a.extraEnvironment["SSH_AUTH_SOCK"] = agent.socket
        let named = try runBounded(a, ["sync", "ssh", "--identity", locked], seconds: 60)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == "ssh: received 0, sent 1, merged 0, conflicts kept 0\n")

        // No --identity and no key in ~/.ssh: the agent's key is the one ssh offers.
        try a.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#)
        let unnamed = try runBounded(a, ["sync", "ssh"], seconds: 60)
        #expect(unnamed.status == 0, "\(unnamed.stderr)")
        #expect(unnamed.stdout == "ssh: received 0, sent 1, merged 0, conflicts kept 0\n")
        #expect(try headTree(peers.hub) == headTree(peers.a.path))
    }

    @Test("a passphrase key with no agent and no terminal: a clear message, exit 1, no hang, nothing changes")
    func passphraseWithoutTerminal() throws {
        let peers = try Peers(unpushedEdit: true)
        let locked = try peers.server.makeUnauthorizedKey(named: "locked_ed25519", passphrase: "correct horse")
        try peers.server.authorize(locked)
        let before = try peers.snapshot()

        let path = peers.a.path, security = peers.security(identity: locked)
        #expect(throws: TransferError.passphraseNeeded(identity: locked)) {
            try within(seconds: 60) { _ = try Store.open(at: path).sync(remotes: ["ssh"], security: security) }
        }
        #expect(try peers.snapshot() == before)

        let named = try runBounded(peers.cli(store: "a"), ["sync", "ssh", "--identity", locked], seconds: 60)
        #expect(!named.timedOut)
        #expect(named.status == 1)
        #expect(named.stderr.contains("the ssh key \(locked) has a passphrase") && named.stderr.contains("ssh-agent"), "\(named.stderr)")

        // The same key as the default one in ~/.ssh, no --identity.
        let cli = peers.cli(store: "a")
        let ssh = cli.home + "/.ssh"
        try FileManager.default.createDirectory(atPath: ssh, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: locked, toPath: ssh + "/id_ed25519")
        try FileManager.default.copyItem(atPath: locked + ".pub", toPath: ssh + "/id_ed25519.pub")
        let unnamed = try runBounded(cli, ["sync", "ssh"], seconds: 60)
        #expect(!unnamed.timedOut)
        #expect(unnamed.status == 1)
        #expect(unnamed.stderr.contains("the ssh key \(ssh)/id_ed25519 has a passphrase"), "\(unnamed.stderr)")
        #expect(try peers.snapshot() == before)
        #expect(!peers.server.log.contains("Accepted publickey"))
    }

    @Test("on a terminal ssh asks for the passphrase (for the fetch, then for the push), and typing it lets the sync through")
    func passphraseOnTerminal() throws {
        let peers = try Peers(unpushedEdit: true)
        let locked = try peers.server.makeUnauthorizedKey(named: "locked_ed25519", passphrase: "correct horse")
        try peers.server.authorize(locked)
        let terminal = try PseudoTerminal(TroveCLI.executable, ["sync", "ssh", "--identity", locked],
                                          environment: peers.cli(store: "a").environment)
        // A sync connects twice, to fetch and then to push, as git does: ssh asks each time (an agent would not).
        let prompt = "Enter passphrase for key '\(locked)'"
        #expect(terminal.waitFor(prompt, timeout: 30), "\(terminal.screenText)")
        #expect(terminal.typeSecret("correct horse\r"))
        let afterFirst = terminal.mark()
        #expect(terminal.waitFor(prompt, since: afterFirst, timeout: 30), "\(terminal.screenText)")
        #expect(terminal.typeSecret("correct horse\r"))
        #expect(terminal.waitForExit(timeout: 60) == 0, "\(terminal.screenText)")
        #expect(terminal.screenText.contains("ssh: received 0, sent 1, merged 0, conflicts kept 0"), "\(terminal.screenText)")
        #expect(try headTree(peers.hub) == headTree(peers.a.path))
    }

    @Test("an ssh that is killed mid-way ends the sync with a message, not a hang, and nothing changes")
    func killedSSH() throws {
        let peers = try Peers(unpushedEdit: true)
        let before = try peers.snapshot()
        var cli = peers.cli(store: "a")
        // The command the shell runs kills itself before it reaches ssh.
        cli.extraEnvironment["TROVE_SSH"] = "kill -KILL $$;"
        let sync = try runBounded(cli, ["sync", "ssh", "--identity", peers.server.clientKey], seconds: 60)
        #expect(!sync.timedOut)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("cannot reach \(peers.server.url(peers.hub))") && sync.stderr.contains("signal 9"), "\(sync.stderr)")
        #expect(try peers.snapshot() == before)
    }
}
