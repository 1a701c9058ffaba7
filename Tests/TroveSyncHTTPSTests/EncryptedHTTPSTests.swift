import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// An encrypted hub on an https git server (nginx and git http-backend, a CA the test makes): the same transport
/// as a plain hub, carrying only age files.
@Suite("encrypted hub over https", .serialized)
struct EncryptedHTTPSTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("a hub made over https, cloned with the recovery phrase: concurrent edits merge and converge byte-identically")
    func twoDevicesInProcess() throws {
        let machines = try Machines()
        let url = machines.server.url("store.git")
        var security = TransferSecurity()
        security.http.login = HTTPLogin(username: "alice", password: machines.password)
        security.http.caFile = machines.server.caFile

        let a = try Store.create(at: machines.folder.child("a"))
        guard case .created(let phrase) = try a.addEncryptedRemote(name: "hub", url: url, security: security) else {
            Issue.record("a new encrypted hub was expected")
            return
        }
        let pixel = try a.transaction { try $0.put(["name": "Pixel", "breed": "Beagle"], type: "dog") }.value
        _ = try a.sync(security: security)

        let b = try Store.clone(from: url, to: machines.folder.child("b"), security: security, recoveryPhrase: phrase)
        #expect(try b.record(id: pixel.id)?.value["name"] == "Pixel")
        // Both rename Pixel's breed and add a dog: the breed is one field, so one side's value wins and the other is kept.
        _ = try a.transaction { transaction in
            var value = try #require(try transaction.record(id: pixel.id)).value
            value["breed"] = "Beagle cross"
            _ = try transaction.put(value, type: "dog")
            return try transaction.put(["name": "From A"], type: "dog")
        }
        _ = try b.transaction { transaction in
            var value = try #require(try transaction.record(id: pixel.id)).value
            value["name"] = "Pixel the second"
            _ = try transaction.put(value, type: "dog")
            return try transaction.put(["name": "From B"], type: "dog")
        }
        #expect(try a.sync(security: security).first?.sent == 1)
        let merged = try b.sync(security: security)
        #expect(merged.first?.received == 1)
        #expect(merged.first?.sent == 2, "B's own commit and the merge")
        #expect(try a.sync(security: security).first?.received == 2)
        #expect(try a.headCommitID() == b.headCommitID())
        let pixelNow = try #require(try a.record(id: pixel.id)).value
        #expect(pixelNow["name"] == "Pixel the second" && pixelNow["breed"] == "Beagle cross", "merged field by field")
        #expect(try b.records(ofType: "dog").count == 3)

        // What the server keeps: the encrypted branch alone, and none of the names in any object.
        let served = machines.server.repositories + "/store.git"
        let hub = try Repository(openingAt: served)
        #expect(try hub.references(matching: "refs/heads/*").map(\.name) == ["refs/heads/trove-encrypted"])
        let objects = try ProcessRunner.run("/usr/bin/env", ["git", "--git-dir=" + served, "cat-file", "--batch-all-objects", "--batch"],
                                            environment: ProcessInfo.processInfo.environment)
        #expect(objects.status == 0 && objects.stdout.utf8.count > 1_000, "the server's objects were read")
        for marker in ["Pixel", "Beagle", "From A", "From B"] {
            #expect(!objects.stdout.contains(marker), "\(marker) is readable on the server")
        }
    }

    @Test("through trove itself: remote add --encrypt with a login and the server's CA, then sync and clone need neither again")
    func throughTheCommands() throws {
        let machines = try Machines()
        let a = machines.machine("a")
        try #require(a.run("init").status == 0)
        let url = machines.server.url("store.git")
        let add = try bounded(a, "remote", "add", "hub", url, "--encrypt", "--username", "alice", "--password-stdin",
                              "--ca-file", machines.server.caFile, input: machines.password + "\n")
        try #require(add.status == 0, "\(add.stderr)")
        let phrase = try #require(add.stdout.split(separator: "\n").first { $0.hasPrefix("    ") }?.trimmingCharacters(in: .whitespaces))
        #expect(try a.run("record", "put", "dog", "--fields", #"{"name": "Pixel"}"#).status == 0)
        let sync = try bounded(a, "sync")
        #expect(sync.status == 0, "the kept login and CA serve the sync: \(sync.stderr)")
        #expect(sync.stdout.hasPrefix("hub: received 0, sent "), "\(sync.stdout)")

        let b = machines.machine("b")
        // Another machine gives its own login (here in the URL, which keeps it in its credentials file) and the CA.
        let withLogin = url.replacingOccurrences(of: "https://", with: "https://alice:\(machines.password)@")
        let clone = try bounded(b, "clone", withLogin, b.store, "--recovery-phrase", "--ca-file", machines.server.caFile,
                                input: phrase + "\n")
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(try Store.open(at: b.store).records(ofType: "dog").map { $0.value["name"] } == ["Pixel"])
        #expect(try b.run("record", "put", "dog", "--fields", #"{"name": "Biscuit"}"#).status == 0)
        let second = try bounded(b, "sync")
        #expect(second.status == 0, "the clone kept its login and CA: \(second.stderr)")
        #expect(try bounded(a, "sync").status == 0)
        #expect(try Store.open(at: a.store).records(ofType: "dog").count == 2)
    }
}
