import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// Two machines (each a home folder with its own credentials file, and a store) and a real https git
/// server on 127.0.0.1 with a repository `store.git`.
struct Machines {
    let folder = TemporaryFolder("trove-https-test")
    let server: HTTPSGitServer
    let password: String

    init(certificate: HTTPSGitServer.Certificate = .valid) throws {
        server = try HTTPSGitServer(certificate: certificate)
        password = server.users["alice"]!
        try server.createRepository("store.git")
    }

    /// The `trove` binary as machine `name` (`a`, `b`) runs it: its own home, its store `NAME/store`.
    func machine(_ name: String) -> TroveCLI {
        TroveCLI(home: folder.child(name + "/home"), store: folder.child(name + "/store"))
    }

    /// A new store on machine `name` with the remote `hub` at `path` on the server, logged in as alice with `password`.
    func storeWithRemote(_ name: String = "a", path: String = "store.git", password: String? = nil, caFile: Bool = true) throws -> TroveCLI {
        let cli = machine(name)
        try #require(cli.run("init").status == 0)
        let add = try cli.run(["remote", "add", "hub", server.url(path), "--username", "alice", "--password-stdin"]
                              + (caFile ? ["--ca-file", server.caFile] : []), input: (password ?? self.password) + "\n")
        try #require(add.status == 0, "\(add.stderr)")
        return cli
    }

    /// The credentials file of machine `name`.
    func credentialsFile(_ name: String) -> String { folder.child(name + "/home/config/trove/credentials.json") }
}

/// Runs `trove ARGUMENTS` and kills it if it has not finished after a minute: a login loop must not hang the suite.
func bounded(_ cli: TroveCLI, _ arguments: String..., input: String? = nil) throws -> ProcessOutput {
    let output = try ProcessRunner.run(TroveCLI.executable, arguments, input: input, environment: cli.environment, timeout: 60)
    #expect(!output.timedOut, "trove \(arguments.joined(separator: " ")) did not finish")
    return output
}

/// What a failed sync must leave alone in a store: HEAD, every reference, the files.
func storeState(_ path: String) throws -> [String] {
    let repository = try Repository(openingAt: path)
    let references = try repository.references(matching: "refs/*").map { "\($0.name) \($0.target)" }.sorted()
    return ["HEAD \(try repository.headCommitID().map { "\($0)" } ?? "none")"] + references + (try repository.status()).map { "\($0)" }
}

/// Every file of a work tree (outside `.git`), by relative path.
func workTreeFiles(_ path: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: path)!
    while let relative = enumerator.nextObject() as? String {
        if relative == ".git" { enumerator.skipDescendants(); continue }
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isFolder)
        if !isFolder.boolValue { files[relative] = FileManager.default.contents(atPath: path + "/" + relative) }
    }
    return files
}

func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

@Suite("sync over https", .serialized)
struct HTTPSSyncTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("with the right login: push, clone, and two machines' concurrent edits end byte-identical on both and on the server")
    func rightCredentials() throws {
        let machines = try Machines()
        let a = try machines.storeWithRemote("a")
        let pixel = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).trimmed
        let first = try bounded(a, "sync")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "hub: received 0, sent 2, merged 0, conflicts kept 0\n", "the store's first commit and the dog")

        // The login is kept outside the store, readable by its owner only, and nowhere in the store.
        let credentials = machines.credentialsFile("a")
        #expect(try mode(credentials) == 0o600)
        #expect(try mode((credentials as NSString).deletingLastPathComponent) == 0o700)
        #expect(try String(contentsOfFile: credentials, encoding: .utf8).contains(machines.password))
        let config = try String(contentsOfFile: a.store + "/.git/config", encoding: .utf8)
        #expect(!config.contains(machines.password))
        #expect(config.contains("sslCAInfo = \(machines.server.caFile)"))
        #expect(try a.git("grep", "-q", machines.password, "HEAD", in: a.store).status != 0)

        let b = machines.machine("b")
        let clone = try bounded(b, "clone", machines.server.url("store.git"), b.store, "--username", "alice", "--password-stdin",
                                "--ca-file", machines.server.caFile, input: machines.password + "\n")
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(clone.stdout == "Cloned \(machines.server.url("store.git")) into \(b.store)\n")
        #expect(try mode(machines.credentialsFile("b")) == 0o600)
        #expect(try Store.open(at: b.store).record(id: pixel)?.value["name"] == .string("Pixel"))

        // Both machines edit the same dog and add one each, then sync in turn.
        #expect(try a.run("record", "put", "dog", "--json", #"{"id": "\#(pixel)", "name": "Pixel", "sex": "female", "breed": "collie"}"#).status == 0)
        let biscuit = try b.run("record", "put", "dog", "--json", #"{"name": "Biscuit", "sex": "male"}"#).trimmed
        #expect(try b.run("record", "put", "dog", "--json", #"{"id": "\#(pixel)", "name": "Pixel II", "sex": "female"}"#).status == 0)
        let rex = try a.run("record", "put", "dog", "--json", #"{"name": "Rex", "sex": "male"}"#).trimmed

        let fromA = try bounded(a, "sync")
        #expect(fromA.status == 0, "\(fromA.stderr)")
        let fromB = try bounded(b, "sync")
        #expect(fromB.status == 0, "\(fromB.stderr)")
        #expect(fromB.stdout.hasPrefix("origin: received 2, sent 3, merged 1,"), "\(fromB.stdout)")
        let back = try bounded(a, "sync")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.hasPrefix("hub: received 3, sent 0, merged 0,"), "\(back.stdout)")

        for cli in [a, b] {
            let store = try Store.open(at: cli.store)
            #expect(try store.record(id: pixel)?.value["name"] == .string("Pixel II"))
            #expect(try store.record(id: pixel)?.value["breed"] == .string("collie"))
            #expect(try store.record(id: biscuit) != nil)
            #expect(try store.record(id: rex) != nil)
            #expect(try cli.run("check").status == 0)
        }
        #expect(try Repository(openingAt: a.store).headCommitID() == Repository(openingAt: b.store).headCommitID())
        #expect(try workTreeFiles(a.store) == workTreeFiles(b.store))
        #expect(try workTreeFiles(a.store).count >= 4)
        let hub = try Repository(openingAt: machines.server.repositories + "/store.git")
        #expect(try hub.referenceTarget("refs/heads/main") == Repository(openingAt: a.store).headCommitID())

        // And the end-to-end check says so on both machines.
        for (cli, remote) in [(a, "hub"), (b, "origin")] {
            let test = try bounded(cli, "remote", "test", remote)
            #expect(test.status == 0, "\(test.stderr)")
            #expect(test.stdout.contains("reach, log in, read: ok (main at "))
            #expect(test.stdout.contains("write: ok"))
        }
    }

    @Test("a wrong password is offered once per connection: a clear message, exit 1, the store unchanged")
    func wrongCredentials() throws {
        let machines = try Machines()
        let a = try machines.storeWithRemote(password: "wrong-password")
        #expect(try a.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).status == 0)
        let before = try storeState(a.store)

        let sync = try bounded(a, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("refused the password or token for 'alice' (HTTP 401)"), "\(sync.stderr)")
        #expect(sync.stderr.contains("trove remote login hub"))
        #expect(try storeState(a.store) == before)
        #expect(try Repository(openingAt: machines.server.repositories + "/store.git").referenceTarget("refs/heads/main") == nil)
        // One request without a login, one with the wrong one; then nothing more.
        let refused = machines.server.requests { lines in lines.filter { $0.contains("\" 401 ") }.count >= 2 }
            .filter { $0.contains("\" 401 ") }
        #expect(refused.count == 2, "\(machines.server.requests)")
        #expect(refused.filter { $0.contains(" alice ") }.count == 1)

        // The remote test says the same and changes nothing either.
        let test = try bounded(a, "remote", "test", "hub")
        #expect(test.status == 1)
        #expect(test.stdout.contains("reach, log in, read: failed"))
        #expect(test.stderr.contains("(HTTP 401)"))
        #expect(try storeState(a.store) == before)
    }

    @Test("the login callback is asked once, and a refused login is not offered again (in process)")
    func loginOfferedOnce() throws {
        let machines = try Machines()
        let store = try Store.create(at: machines.folder.child("in-process"))
        try store.addRemote(name: "hub", url: machines.server.url("store.git"), caFile: machines.server.caFile)
        let asked = Counter()
        var security = TransferSecurity()
        security.http.credentials = nil
        security.http.ask = { _, _ in asked.add(); return HTTPLogin(username: "alice", password: "nope") }
        #expect(throws: HTTPFailure.loginRefused(url: machines.server.url("store.git"), username: "alice")) {
            try store.sync(remotes: ["hub"], security: security)
        }
        #expect(asked.value == 1)

        // With the right one, asked for the same way, the sync goes through, and the login is kept where told.
        let kept = CredentialStore(file: machines.folder.child("config/credentials.json"))
        security.http.credentials = kept
        security.http.ask = { _, _ in asked.add(); return HTTPLogin(username: "alice", password: machines.password) }
        _ = try store.transaction { try $0.put(.object(["name": .string("Pixel"), "sex": .string("female")]), type: "dog") }
        #expect(try store.sync(remotes: ["hub"], security: security).map(\.sent) == [2])
        #expect(asked.value == 2, "asked once for the fetch; the push found the login kept")
        #expect(try kept.login(for: machines.server.url("store.git")) == HTTPLogin(username: "alice", password: machines.password))
        #expect(try mode(kept.file) == 0o600)
    }

    @Test("without a login and without a terminal: it says that one is needed and how to give it")
    func missingLogin() throws {
        let machines = try Machines()
        let a = machines.machine("a")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "hub", machines.server.url("store.git"), "--ca-file", machines.server.caFile).status == 0)
        let sync = try bounded(a, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("asks for a user name and password (or access token), and none is kept"), "\(sync.stderr)")
        #expect(sync.stderr.contains("trove remote login hub --username NAME"))
        #expect(!FileManager.default.fileExists(atPath: machines.credentialsFile("a")))

        let login = try a.run("remote", "login", "hub", "--username", "alice", "--password-stdin", input: machines.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(try bounded(a, "sync").status == 0)
    }

    @Test("on a terminal, a missing login is asked for (the password without echo) and kept once it worked")
    func askedOnTerminal() throws {
        let machines = try Machines()
        let a = machines.machine("a")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "hub", machines.server.url("store.git"), "--ca-file", machines.server.caFile).status == 0)
        var environment = a.environment
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(TroveCLI.executable, ["sync"], environment: environment)
        #expect(terminal.waitFor("User name: "), "\(terminal.screenText)")
        terminal.type("alice" + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("Password or token for alice: "), "\(terminal.screenText)")
        let mark = terminal.mark()
        terminal.type(machines.password + PseudoTerminal.enter, whenEditing: false)
        #expect(terminal.waitFor("hub: received 0, sent 1", since: mark), "\(terminal.text(since: mark))")
        #expect(terminal.waitForExit(timeout: 60) == 0)
        #expect(!terminal.rawText.contains(machines.password), "the password was echoed")
        #expect(terminal.rawText.components(separatedBy: "User name: ").count == 2, "asked once for the fetch and the push")

        #expect(try mode(machines.credentialsFile("a")) == 0o600)
        #expect(try String(contentsOfFile: machines.credentialsFile("a"), encoding: .utf8).contains(machines.password))
        #expect(try a.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).status == 0)
        let later = try bounded(a, "sync")
        #expect(later.status == 0, "the kept login serves a sync without a terminal: \(later.stderr)")
    }

    @Test("a password written into the URL goes to the credentials file, not into the store's git config")
    func passwordInURL() throws {
        let machines = try Machines()
        let a = machines.machine("a")
        try #require(a.run("init").status == 0)
        let url = "https://alice:\(machines.password)@127.0.0.1:\(machines.server.port)/store.git"
        let add = try a.run("remote", "add", "hub", url, "--ca-file", machines.server.caFile)
        #expect(add.status == 0, "\(add.stderr)")
        let config = try String(contentsOfFile: a.store + "/.git/config", encoding: .utf8)
        #expect(!config.contains(machines.password))
        #expect(config.contains("url = \(machines.server.url("store.git"))"))
        #expect(try String(contentsOfFile: machines.credentialsFile("a"), encoding: .utf8).contains(machines.password))
        let sync = try bounded(a, "sync")
        #expect(sync.status == 0, "\(sync.stderr)")
        // Removing the remote forgets its CA file too.
        #expect(try a.run("remote", "remove", "hub").status == 0)
        #expect(!(try String(contentsOfFile: a.store + "/.git/config", encoding: .utf8)).contains("sslCAInfo"))
    }

    @Test("forget-password removes the kept login (the file stays 0600); the next sync needs one again")
    func forgetPassword() throws {
        let machines = try Machines()
        let a = try machines.storeWithRemote()
        #expect(try bounded(a, "sync").status == 0)
        let file = machines.credentialsFile("a")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(machines.server.url("store.git")))

        let forget = try a.run("remote", "forget-password", "hub")
        #expect(forget.status == 0)
        #expect(forget.stdout == "Forgot the password for hub\n")
        #expect(try mode(file) == 0o600)
        let left = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!left.contains(machines.password))
        #expect(!left.contains(machines.server.url("store.git")))
        #expect(try a.run("remote", "forget-password", "hub").stdout == "No password was kept for hub\n")

        let sync = try bounded(a, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("none is kept"))
    }

    @Test("a server whose CA is not given: an untrusted certificate, nothing sent, for sync and for clone")
    func untrustedCertificate() throws {
        let machines = try Machines()
        let a = try machines.storeWithRemote(caFile: false)
        let before = try storeState(a.store)
        let sync = try bounded(a, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("the certificate of 127.0.0.1 is not signed by a certificate authority this computer trusts"), "\(sync.stderr)")
        #expect(sync.stderr.contains("--ca-file FILE"))
        #expect(try storeState(a.store) == before)
        #expect(machines.server.requests.isEmpty, "no http request gets through an untrusted connection")

        let b = machines.machine("b")
        let clone = try bounded(b, "clone", machines.server.url("store.git"), b.store, "--username", "alice", "--password-stdin",
                                input: machines.password + "\n")
        #expect(clone.status == 1)
        #expect(clone.stderr.contains("not signed by a certificate authority"))
        #expect(clone.stderr.contains("trove clone URL --ca-file FILE"))
        #expect(!FileManager.default.fileExists(atPath: b.store + "/.git"))
        #expect(!FileManager.default.fileExists(atPath: machines.credentialsFile("b")), "a login that never worked is not kept")

        // Another CA than the server's is no better.
        let other = try HTTPSGitServer()
        let c = machines.machine("c")
        try #require(c.run("init").status == 0)
        try #require(c.run("remote", "add", "hub", machines.server.url("store.git"), "--ca-file", other.caFile).status == 0)
        let wrongCA = try bounded(c, "sync")
        #expect(wrongCA.status == 1)
        #expect(wrongCA.stderr.contains("is not signed by the CA in \(other.caFile)"), "\(wrongCA.stderr)")
    }

    @Test("an expired certificate is named as such")
    func expiredCertificate() throws {
        let machines = try Machines(certificate: .expired)
        let a = try machines.storeWithRemote()
        let before = try storeState(a.store)
        let sync = try bounded(a, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("the certificate of 127.0.0.1 has expired"), "\(sync.stderr)")
        #expect(try storeState(a.store) == before)
        #expect(machines.server.requests.isEmpty)
    }

    @Test("no repository at the URL (404), no access (403), read but not write (403 on push), a redirect to a sign-in page")
    func serverRefusals() throws {
        let machines = try Machines()
        try machines.server.createRepository("forbidden/store.git")
        try machines.server.createRepository("readonly.git", readOnly: true)
        try machines.server.createRepository("redirect/store.git")
        let cases: [(String, String)] = [
            ("missing.git", "there is no repository at \(machines.server.url("missing.git")) (HTTP 404)"),
            ("forbidden/store.git", "does not let you at \(machines.server.url("forbidden/store.git")) (HTTP 403)"),
            ("redirect/store.git", "answered with a web page (text/html) instead of a git repository: it probably redirected to a sign-in page"),
        ]
        for (index, (path, message)) in cases.enumerated() {
            let cli = try machines.storeWithRemote("m\(index)", path: path)
            #expect(try cli.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).status == 0)
            let before = try storeState(cli.store)
            let sync = try bounded(cli, "sync")
            #expect(sync.status == 1, "\(path)")
            #expect(sync.stderr.contains(message), "\(path): \(sync.stderr)")
            #expect(try storeState(cli.store) == before, "\(path)")
            let test = try bounded(cli, "remote", "test", "hub")
            #expect(test.status == 1)
            #expect(test.stdout.contains("reach, log in, read: failed"), "\(path): \(test.stdout)")
            #expect(test.stderr.contains(message), "\(path): \(test.stderr)")
        }

        // Read-only: the test reads, then finds pushing refused; a sync fetches and fails on the push alone.
        let reader = try machines.storeWithRemote("reader", path: "readonly.git")
        let test = try bounded(reader, "remote", "test", "hub")
        #expect(test.status == 1)
        #expect(test.stdout.contains("reach, log in, read: ok (empty: nothing was pushed there yet)"), "\(test.stdout)")
        #expect(test.stdout.contains("write: failed"))
        #expect(test.stderr.contains("does not let 'alice' at"), "\(test.stderr)")
        #expect(try reader.run("record", "put", "dog", "--json", #"{"name": "Rex", "sex": "male"}"#).status == 0)
        let before = try storeState(reader.store)
        let sync = try bounded(reader, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("does not let 'alice' at \(machines.server.url("readonly.git")) (HTTP 403)"), "\(sync.stderr)")
        #expect(try storeState(reader.store) == before)
        #expect(try Repository(openingAt: machines.server.repositories + "/readonly.git").referenceTarget("refs/heads/main") == nil)
    }

    @Test("a proxy (https_proxy) that refuses the connection is named")
    func refusingProxy() throws {
        let machines = try Machines()
        var a = try machines.storeWithRemote()
        a.extraEnvironment["https_proxy"] = machines.server.proxyURL
        let sync = try bounded(a, "sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("the proxy \(machines.server.proxyURL) refused to connect to 127.0.0.1:\(machines.server.port) (HTTP 400)"),
                "\(sync.stderr)")
        let connect = "\"CONNECT 127.0.0.1:\(machines.server.port) "
        let logged = machines.server.requests { lines in lines.contains { $0.contains(connect) } }
        #expect(logged.contains { $0.contains(connect) }, "\(logged)")
        // no_proxy takes the server out of the proxy's hands.
        a.extraEnvironment["no_proxy"] = "127.0.0.1"
        let direct = try bounded(a, "sync")
        #expect(direct.status == 0, "\(direct.stderr)")
    }

    @Test("a push cut off by the server going away leaves the store consistent, and the next sync completes it")
    func interruptedPush() throws {
        let machines = try Machines()
        let a = try machines.storeWithRemote()
        #expect(try bounded(a, "sync").status == 0)
        let hub = machines.server.repositories + "/store.git"
        let pushedBefore = try Repository(openingAt: hub).referenceTarget("refs/heads/main")

        // The server's pre-receive hook marks that the pack has arrived, then waits: the server is stopped right then.
        let started = machines.folder.child("push-started"), release = machines.folder.child("release")
        let hook = try machines.server.folder.write("hook", """
            #!/bin/sh
            touch '\(started)'
            while [ ! -e '\(release)' ]; do sleep 0.05; done
            exit 1

            """)
        chmod(hook, 0o755)
        try FileManager.default.createSymbolicLink(atPath: hub + "/hooks/pre-receive", withDestinationPath: hook)

        let id = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel", "sex": "female"}"#).trimmed
        let head = try Repository(openingAt: a.store).headCommitID()
        let result = Box()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.output = try? ProcessRunner.run(TroveCLI.executable, ["sync"], environment: a.environment, timeout: 120)
            done.signal()
        }
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: started) && Date() < deadline { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: started), "the push never reached the server's hook")
        machines.server.stop()
        FileManager.default.createFile(atPath: release, contents: nil)
        done.wait()

        let sync = try #require(result.output)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("hub: the connection to 127.0.0.1:\(machines.server.port) broke off during the transfer"), "\(sync.stderr)")
        // Nothing moved: our HEAD is the new commit, the hub still has the old one, and our idea of the hub too.
        let store = try Repository(openingAt: a.store)
        #expect(try store.headCommitID() == head)
        #expect(try store.referenceTarget("refs/remotes/hub/main") == pushedBefore)
        #expect(try store.status().isEmpty)
        #expect(try Repository(openingAt: hub).referenceTarget("refs/heads/main") == pushedBefore)
        #expect(try a.run("check").status == 0)

        try FileManager.default.removeItem(atPath: hub + "/hooks/pre-receive")
        try machines.server.start()
        let again = try bounded(a, "sync")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "hub: received 0, sent 1, merged 0, conflicts kept 0\n")
        #expect(try Repository(openingAt: hub).referenceTarget("refs/heads/main") == head)
        let b = machines.machine("b")
        let clone = try bounded(b, "clone", machines.server.url("store.git"), b.store, "--username", "alice", "--password-stdin",
                                "--ca-file", machines.server.caFile, input: machines.password + "\n")
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(try Store.open(at: b.store).record(id: id)?.value["name"] == .string("Pixel"))
    }

    @Test("remote test works for a folder hub too, and says when the folder is missing")
    func remoteTestOfAFolder() throws {
        let folder = TemporaryFolder("trove-remote-test")
        let a = TroveCLI(home: folder.child("home"), store: folder.child("a"))
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", folder.child("usb.git"), "--create").status == 0)
        let empty = try a.run("remote", "test", "usb")
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout == "usb: \(folder.child("usb.git"))\n  reach, log in, read: ok (empty: nothing was pushed there yet)\n  write: ok\n")
        try FileManager.default.removeItem(atPath: folder.child("usb.git"))
        let gone = try a.run("remote", "test", "usb")
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("the hub folder \(folder.child("usb.git")) is not there"), "\(gone.stderr)")
        let login = try a.run("remote", "add", "x", folder.child("x.git"), "--username", "me")
        #expect(login.status == 1)
        #expect(login.stderr.contains("for https:// remotes only"))
    }

    @Test("remote test over ssh: reads and may write with the right key; an unknown host fails at the first step")
    func remoteTestOverSSH() throws {
        let server = try SSHServer()
        let folder = TemporaryFolder("trove-remote-test-ssh")
        var a = TroveCLI(home: folder.child("home"), store: folder.child("a"))
        a.extraEnvironment["TROVE_KNOWN_HOSTS"] = server.knownHostsFile
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", folder.child("hub.git"), "--create").status == 0)
        try #require(a.run("sync").status == 0)
        try #require(a.run("remote", "add", "ssh", server.url(folder.child("hub.git"))).status == 0)
        let head = try #require(try Repository(openingAt: a.store).headCommitID())

        let test = try bounded(a, "remote", "test", "ssh", "--identity", server.clientKey)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout == "ssh: \(server.url(folder.child("hub.git")))\n  reach, log in, read: ok (main at \(String("\(head)".prefix(10))))\n  write: ok\n")

        a.extraEnvironment["TROVE_KNOWN_HOSTS"] = folder.child("empty_known_hosts")
        let unknown = try bounded(a, "remote", "test", "ssh", "--identity", server.clientKey)
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains("reach, log in, read: failed"))
        #expect(unknown.stderr.contains("the host key of 127.0.0.1 is not known yet"), "\(unknown.stderr)")
    }

    @Test("logins are kept by URL without user name, default port or trailing slash")
    func credentialKeys() throws {
        #expect(CredentialStore.key(for: "https://Me:pw@Git.Example.com:443/me/store.git/") == "https://git.example.com/me/store.git")
        #expect(CredentialStore.key(for: "https://git.example.com:8443/me/store.git") == "https://git.example.com:8443/me/store.git")
        let folder = TemporaryFolder("trove-credentials")
        let store = CredentialStore(file: folder.child("config/trove/credentials.json"))
        try store.save(HTTPLogin(username: "me", password: "one"), for: "https://git.example.com/a.git")
        try store.save(HTTPLogin(username: "me", password: "two"), for: "https://git.example.com/b.git")
        #expect(try store.login(for: "https://me@git.example.com/a.git/")?.password == "one")
        #expect(try store.forget(url: "https://git.example.com/a.git"))
        #expect(try store.login(for: "https://git.example.com/a.git") == nil)
        #expect(try store.login(for: "https://git.example.com/b.git")?.password == "two")
        #expect(try mode(store.file) == 0o600)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

final class Box: @unchecked Sendable {
    var output: ProcessOutput?
}
