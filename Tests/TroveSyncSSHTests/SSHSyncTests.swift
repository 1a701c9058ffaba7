import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// Sync over `ssh://` against a real OpenSSH sshd on 127.0.0.1 that each test starts with throwaway keys.
@Suite("sync over ssh", .serialized)
struct SSHSyncTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("a store cloned over ssh and a store on the hub's path exchange edits both ways and end on the same tree")
    func cloneAndSyncInProcess() throws {
        let peers = try Peers()
        let b = try Store.clone(from: peers.hubURL, to: peers.folder.child("b"), security: peers.security)
        #expect(try b.headCommitID() == peers.a.headCommitID())
        #expect(try b.remotes().map(\.url) == [peers.hubURL])

        let fromA = try peers.a.transaction { try $0.put(dog("Pixel"), type: "dog") }.value
        let fromB = try b.transaction { try $0.put(dog("Biscuit"), type: "dog") }.value

        let first = try peers.a.sync()
        #expect(first.map(\.sent) == [1])
        let overSSH = try b.sync(security: peers.security)
        #expect(overSSH.count == 1)
        #expect(overSSH.first?.remote == "origin")
        #expect(overSSH.first?.received == 1)
        #expect(overSSH.first?.sent == 2, "B's own commit and the merge commit")
        let last = try peers.a.sync()
        #expect(last.first?.received == 2)

        for store in [peers.a, b] {
            #expect(try store.record(id: fromA.id)?.value["name"] == .string("Pixel"))
            #expect(try store.record(id: fromB.id)?.value["name"] == .string("Biscuit"))
            #expect(try Repository(openingAt: store.path).status().isEmpty)
        }
        #expect(try peers.a.headCommitID() == b.headCommitID())
        let tree = try headTree(peers.a.path)
        #expect(tree != nil)
        #expect(try headTree(b.path) == tree)
        #expect(try headTree(peers.hub) == tree)
        // A second sync over ssh with nothing new moves nothing.
        #expect(try b.sync(security: peers.security).map { [$0.received, $0.sent, $0.merged] } == [[0, 0, 0]])
        #expect(peers.server.log.contains("Accepted publickey for \(peers.server.user)"))
    }

    @Test("trove clone and trove sync over ssh:// with --identity and TROVE_KNOWN_HOSTS exit 0 and print the summary")
    func cloneAndSyncThroughTheBinary() throws {
        let peers = try Peers()
        let a = peers.cli(store: "a")
        let b = peers.cli(store: "b")

        let clone = try b.run("clone", peers.hubURL, b.store, "--identity", peers.server.clientKey)
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(clone.stdout == "Cloned \(peers.hubURL) into \(b.store)\n")
        #expect(try b.git("status", "--porcelain", in: b.store).stdout.isEmpty)

        let id = try b.run("record", "put", "dog", "--json", #"{"name": "Biscuit", "sex": "male"}"#).trimmed
        let sync = try b.run("sync", "--identity", peers.server.clientKey)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout == "origin: received 0, sent 1, merged 0, conflicts kept 0\n")

        let back = try a.run("sync")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == "hub: received 1, sent 0, merged 0, conflicts kept 0\n")
        #expect(try Store.open(at: a.store).record(id: id)?.value["name"] == .string("Biscuit"))

        // And the other way: an edit on A reaches B through the hub and ssh.
        let other = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).trimmed
        #expect(try a.run("sync").status == 0)
        let again = try b.run("sync", "--identity", peers.server.clientKey)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "origin: received 1, sent 0, merged 0, conflicts kept 0\n")
        #expect(try Store.open(at: b.store).record(id: other)?.value["name"] == .string("Pixel"))
        #expect(try headTree(a.store) == headTree(b.store))
    }

    @Test("without --identity and TROVE_KNOWN_HOSTS ssh uses $HOME/.ssh/id_ed25519 and $HOME/.ssh/known_hosts")
    func defaultKeyAndKnownHosts() throws {
        let peers = try Peers()
        var b = TroveCLI(home: peers.folder.child("home"), store: peers.folder.child("b"))
        b.extraEnvironment = [:]
        let ssh = peers.folder.child("home/.ssh")
        try FileManager.default.createDirectory(atPath: ssh, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: peers.server.clientKey, toPath: ssh + "/id_ed25519")
        try FileManager.default.copyItem(atPath: peers.server.clientKey + ".pub", toPath: ssh + "/id_ed25519.pub")

        // First with no known_hosts at all: an unknown host, and how to trust it.
        let unknown = try b.run("clone", peers.hubURL, b.store)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("the host key of 127.0.0.1 is not known"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("ssh -p \(peers.server.port) 127.0.0.1") && unknown.stderr.contains("ssh-keyscan"), "\(unknown.stderr)")

        try peers.folder.write("home/.ssh/known_hosts", peers.server.knownHostsLine + "\n")
        let clone = try b.run("clone", peers.hubURL, b.store)
        #expect(clone.status == 0, "\(clone.stderr)")
        try b.run("record", "put", "dog", "--json", #"{"name": "Biscuit", "sex": "male"}"#)
        let sync = try b.run("sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout == "origin: received 0, sent 1, merged 0, conflicts kept 0\n")
        #expect(try headTree(peers.hub) == headTree(b.store))

        // With the default key gone ssh has none to offer (the isolated home has no agent): refused.
        try FileManager.default.removeItem(atPath: ssh + "/id_ed25519")
        let noKey = try b.run("sync")
        #expect(noKey.status == 1)
        #expect(noKey.stderr.contains("refused every ssh key offered"), "\(noKey.stderr)")
    }

    @Test("an unknown host (empty known_hosts) stops clone and sync with a message naming known_hosts, and changes nothing")
    func unknownHost() throws {
        let peers = try Peers(unpushedEdit: true)
        let empty = try peers.folder.write("empty/known_hosts", "")
        let security = peers.security(identity: peers.server.clientKey, knownHosts: empty)
        let before = try peers.snapshot()
        let unknown = TransferError.unknownHost(host: "127.0.0.1", port: peers.server.port)

        #expect(throws: unknown) {
            try peers.a.sync(remotes: ["ssh"], security: security)
        }
        #expect(try peers.snapshot() == before)

        let target = peers.folder.child("b")
        #expect(throws: unknown) {
            try Store.clone(from: peers.hubURL, to: target, security: security)
        }
        #expect(!FileManager.default.fileExists(atPath: target), "a failed clone leaves no folder behind")

        let cli = peers.cli(store: "a", knownHosts: empty)
        let sync = try cli.run("sync", "ssh", "--identity", peers.server.clientKey)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("the host key of 127.0.0.1 is not known"), "\(sync.stderr)")
        #expect(sync.stdout.isEmpty)
        #expect(try peers.snapshot() == before)

        let clone = try cli.run("clone", peers.hubURL, target, "--identity", peers.server.clientKey)
        #expect(clone.status == 1)
        #expect(clone.stderr.contains("is not known"), "\(clone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
        // sshd saw the connection but no login: the client hung up at the host key.
        #expect(!peers.server.log.contains("Accepted publickey"))
    }

    @Test("a known_hosts entry with another ed25519 key for [127.0.0.1]:PORT is a changed host key, and nothing changes")
    func changedHostKey() throws {
        let peers = try Peers(unpushedEdit: true)
        let impostor = try SSHServer.makeKey(at: peers.folder.child("impostor"), comment: "impostor")
        let knownHosts = try peers.folder.write(
            "changed/known_hosts", "[127.0.0.1]:\(peers.server.port) \(try SSHServer.publicKey(of: impostor))\n")
        let security = peers.security(identity: peers.server.clientKey, knownHosts: knownHosts)
        let before = try peers.snapshot()

        #expect(throws: TransferError.hostKeyChanged(host: "127.0.0.1", knownHosts: knownHosts + ":1")) {
            try peers.a.sync(remotes: ["ssh"], security: security)
        }
        #expect(try peers.snapshot() == before)

        let sync = try peers.cli(store: "a", knownHosts: knownHosts).run("sync", "ssh", "--identity", peers.server.clientKey)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("does not match the one recorded in \(knownHosts):1"), "\(sync.stderr)")
        #expect(sync.stdout.isEmpty)
        #expect(try peers.snapshot() == before)
        #expect(!peers.server.log.contains("Accepted publickey"))
    }

    @Test("hashed known_hosts entries (ssh-keygen -H) are honoured: the right key passes, a wrong one is a changed key")
    func hashedKnownHosts() throws {
        let peers = try Peers(unpushedEdit: true)
        let good = try peers.folder.write("hashed/known_hosts", peers.server.knownHostsLine + "\n")
        let impostor = try SSHServer.makeKey(at: peers.folder.child("impostor"), comment: "impostor")
        let bad = try peers.folder.write(
            "hashed-bad/known_hosts", "[127.0.0.1]:\(peers.server.port) \(try SSHServer.publicKey(of: impostor))\n")
        for file in [good, bad] {
            let hashed = try ProcessRunner.run(SSHServer.keygenPath, ["-H", "-f", file], environment: ProcessInfo.processInfo.environment)
            #expect(hashed.status == 0, "\(hashed.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix("|1|") && !text.contains("127.0.0.1"), "\(text)")
        }
        let before = try peers.snapshot()
        #expect(throws: TransferError.hostKeyChanged(host: "127.0.0.1", knownHosts: bad + ":1")) {
            try peers.a.sync(remotes: ["ssh"], security: peers.security(identity: peers.server.clientKey, knownHosts: bad))
        }
        #expect(try peers.snapshot() == before)

        let summary = try peers.a.sync(remotes: ["ssh"], security: peers.security(identity: peers.server.clientKey, knownHosts: good))
        #expect(summary.map(\.sent) == [1])
        #expect(try headTree(peers.hub) == headTree(peers.a.path))
    }

    @Test("a key the server does not accept is refused after a bounded number of attempts, quickly, and nothing changes",
          .timeLimit(.minutes(2)))
    func refusedKey() throws {
        let peers = try Peers(unpushedEdit: true)
        let stranger = try peers.server.makeUnauthorizedKey(named: "stranger_ed25519")
        let security = peers.security(identity: stranger)
        let before = try peers.snapshot()
        let path = peers.a.path, hubURL = peers.hubURL

        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: TransferError.keyRefused(url: hubURL, identity: stranger)) {
            try within(seconds: 30) { _ = try Store.open(at: path).sync(remotes: ["ssh"], security: security) }
        }
        #expect(clock.now - started < .seconds(10))
        #expect(try peers.snapshot() == before)
        // Offering the one key again cannot succeed and only adds to the failures that get a client banned.
        #expect(failedLogins(peers.server) == 1, "\(peers.server.log)")
        #expect(!peers.server.log.contains("Accepted publickey"))

        let sync = try runBounded(peers.cli(store: "a"), ["sync", "ssh", "--identity", stranger], seconds: 30)
        #expect(!sync.timedOut)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("refused the ssh key \(stranger)"), "\(sync.stderr)")
        #expect(try peers.snapshot() == before)

        #expect(failedLogins(peers.server) == 2)

        let target = peers.folder.child("b")
        #expect(throws: TransferError.keyRefused(url: hubURL, identity: stranger)) {
            try within(seconds: 30) { _ = try Store.clone(from: hubURL, to: target, security: security) }
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(failedLogins(peers.server) == 3)

        // Without a user name in the URL ssh logs in as the local user: still one attempt.
        let noUser = "ssh://127.0.0.1:\(peers.server.port)\(peers.hub)"
        #expect(throws: TransferError.keyRefused(url: noUser, identity: stranger)) {
            try within(seconds: 30) { _ = try Store.clone(from: noUser, to: target, security: security) }
        }
        #expect(failedLogins(peers.server) == 4)
        #expect(try peers.snapshot() == before)
    }

    @Test("a file that is no key is named as unusable, not 'refused' or 'cannot reach', and is never offered")
    func unusableIdentity() throws {
        let peers = try Peers(unpushedEdit: true)
        let notAKey = try peers.folder.write("keys/notes.txt", "not a key\n")
        let before = try peers.snapshot()
        do {
            _ = try peers.a.sync(remotes: ["ssh"], security: peers.security(identity: notAKey))
            Issue.record("sync with \(notAKey) succeeded")
        } catch let error as TransferError {
            guard case .unusableIdentity(let path, _) = error else {
                Issue.record("expected unusableIdentity, got \(error)")
                return
            }
            #expect(path == notAKey)
            #expect(error.description.contains("not an ssh private key"), "\(error)")
        }
        #expect(try peers.snapshot() == before)

        let sync = try peers.cli(store: "a").run("sync", "ssh", "--identity", notAKey)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains(notAKey) && sync.stderr.contains("not an ssh private key"), "\(sync.stderr)")
        #expect(!sync.stderr.contains("refused") && !sync.stderr.contains("cannot reach"), "\(sync.stderr)")
        #expect(try peers.snapshot() == before)
        #expect(!peers.server.log.contains("publickey for"), "\(peers.server.log)")
    }

    @Test("a missing identity file gives a message naming its path, and nothing changes")
    func missingIdentity() throws {
        let peers = try Peers(unpushedEdit: true)
        let missing = peers.folder.child("keys/no_such_ed25519")
        let security = peers.security(identity: missing)
        let before = try peers.snapshot()

        #expect(throws: TransferError.noIdentity(path: missing)) {
            try peers.a.sync(remotes: ["ssh"], security: security)
        }
        #expect(try peers.snapshot() == before)

        let sync = try peers.cli(store: "a").run("sync", "ssh", "--identity", missing)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("no ssh key at \(missing)"), "\(sync.stderr)")
        #expect(try peers.snapshot() == before)

        let clone = try peers.cli(store: "b").run("clone", peers.hubURL, peers.folder.child("b"), "--identity", missing)
        #expect(clone.status == 1)
        #expect(clone.stderr.contains(missing), "\(clone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: peers.folder.child("b")))
    }

    @Test("an ssh remote on a closed port is unreachable: a clear message, and nothing changes")
    func unreachable() throws {
        let peers = try Peers(unpushedEdit: true)
        let closed = try SSHServer.freePort()
        let url = "ssh://\(peers.server.user)@127.0.0.1:\(closed)\(peers.hub)"
        try peers.a.addRemote(name: "gone", url: url)
        let before = try peers.snapshot()

        do {
            _ = try peers.a.sync(remotes: ["gone"], security: peers.security)
            Issue.record("sync with a closed port succeeded")
        } catch let error as TransferError {
            guard case .unreachable(let failedURL, let reason) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(failedURL == url)
            #expect(error.description.hasPrefix("cannot reach \(url): "), "\(error)")
            #expect(reason.contains("connection refused") && reason.contains("127.0.0.1 port \(closed)"), "\(reason)")
        }
        #expect(try peers.snapshot() == before)

        let sync = try peers.cli(store: "a").run("sync", "gone", "--identity", peers.server.clientKey)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("cannot reach \(url)") && sync.stderr.contains("connection refused"), "\(sync.stderr)")
        #expect(try peers.snapshot() == before)
    }
}

/// Sync over ssh when the server side misbehaves or changes under us.
@Suite("sync over ssh: the server side", .serialized)
struct SSHServerSideTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("an ssh URL whose path holds no repository gives a clear message, and nothing changes")
    func missingPath() throws {
        let peers = try Peers(unpushedEdit: true)
        let url = peers.server.url(peers.folder.child("no-such-hub.git"))
        try peers.a.addRemote(name: "nowhere", url: url)
        let before = try peers.snapshot()
        do {
            _ = try peers.a.sync(remotes: ["nowhere"], security: peers.security)
            Issue.record("sync with a missing path succeeded")
        } catch let error as TransferError {
            guard case .unreachable(let failedURL, let reason) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(failedURL == url)
            #expect(reason == "there is no repository at \(peers.folder.child("no-such-hub.git")) on 127.0.0.1", "\(error)")
        }
        #expect(try peers.snapshot() == before)
        let target = peers.folder.child("b")
        #expect(throws: TransferError.self) { try Store.clone(from: url, to: target, security: peers.security) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("a peer pushes between our fetch and our push over ssh: sync fetches again, merges and pushes")
    func peerPushesInBetween() throws {
        let folder = TemporaryFolder("trove-ssh-race")
        let hub = folder.child("hub.git")
        let marker = folder.child("race-once")
        // Before the first receive-pack after the marker appears, the hub's main moves to what a peer left in refs/heads/peer.
        let wrapper = try folder.write("wrapper.sh", """
            #!/bin/sh
            case "$SSH_ORIGINAL_COMMAND" in
              git-receive-pack*)
                if [ -e '\(marker)' ]; then
                  rm -f '\(marker)'
                  git --git-dir='\(hub)' update-ref refs/heads/main refs/heads/peer || exit 1
                fi ;;
            esac
            exec /usr/bin/git-shell -c "$SSH_ORIGINAL_COMMAND"

            """)
        chmod(wrapper, 0o755)
        let server = try SSHServer(forceCommand: wrapper)
        let security = TransferSecurity(identityFile: server.clientKey, knownHostsFile: server.knownHostsFile, interactive: false)

        let a = try Store.create(at: folder.child("a"))
        try a.addRemote(name: "hub", url: hub, create: true)
        _ = try a.sync()
        let b = try Store.clone(from: server.url(hub), to: folder.child("b"), security: security)

        let fromA = try a.transaction { try $0.put(dog("Pixel"), type: "dog") }.value
        try Repository(openingAt: a.path).push(remote: "hub", refspecs: ["refs/heads/main:refs/heads/peer"])
        let fromB = try b.transaction { try $0.put(dog("Biscuit"), type: "dog") }.value
        try folder.write("race-once", "")

        let summary = try b.sync(security: security)
        #expect(!FileManager.default.fileExists(atPath: marker), "the wrapper moved the hub")
        #expect(summary.first?.retries == 1)
        #expect(summary.first?.received == 1)
        #expect(summary.first?.sent == 2, "B's commit and the merge")
        _ = try a.sync()
        for store in [a, b] {
            #expect(try store.record(id: fromA.id) != nil)
            #expect(try store.record(id: fromB.id) != nil)
        }
        #expect(try headTree(a.path) == headTree(b.path))
        #expect(try headTree(hub) == headTree(b.path))
    }

    @Test("trove sync with every remote: an unreachable ssh remote does not stop the others, and their summaries print")
    func oneUnreachableRemoteAmongOthers() throws {
        let peers = try Peers()
        // Remotes sync in name order: "backup" (ssh, a closed port) comes before "hub".
        let closed = try SSHServer.freePort()
        try peers.a.addRemote(name: "backup", url: "ssh://\(peers.server.user)@127.0.0.1:\(closed)\(peers.hub)")
        _ = try peers.a.transaction { try $0.put(dog("Pixel"), type: "dog") }
        let sync = try peers.cli(store: "a").run("sync", "--identity", peers.server.clientKey)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("cannot reach ssh://"), "\(sync.stderr)")
        #expect(sync.stdout.contains("hub: received 0, sent 1"), "\(sync.stdout)")
        let hubHead = try Repository(openingAt: peers.hub).referenceTarget("refs/heads/main")
        #expect(hubHead == (try peers.a.headCommitID()), "the hub did not get A's edit")
    }
}
