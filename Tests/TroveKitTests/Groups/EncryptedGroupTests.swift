import Foundation
import Testing
import TroveAge
import TroveGit
@testable import TroveKit
@testable import TroveStore
import TroveTestSupport

/// Groups on encrypted hubs, in process: what an invitation code opens, and the key epochs of membership.
@Suite struct EncryptedGroupTests {
    let world = GroupWorld()

    /// Every key file of the hub's history (its branch's commits), oldest first.
    func keyFiles() throws -> [[UInt8]] {
        let hub = try Repository(openingAt: world.hub)
        var commit = try #require(try hub.referenceTarget(EncryptedHub.branch))
        var files: [[UInt8]] = []
        while true {
            if let entry = try hub.tree(ofCommit: commit).entry(atPath: EncryptedHub.File.keys) { files.append(try hub.blob(entry.id)) }
            guard let parent = try hub.commit(commit).parentIDs.first else { break }
            commit = parent
        }
        return files.reversed()
    }

    /// A file of the hub's tree as it is now.
    func hubFile(_ path: String) throws -> [UInt8] {
        let hub = try Repository(openingAt: world.hub)
        let tree = try hub.tree(ofCommit: try #require(try hub.referenceTarget(EncryptedHub.branch)))
        return try hub.blob(try #require(tree.entry(atPath: path)).id)
    }

    @Test("a used invitation code, leaked later with a copy of the hub, opens nothing written after the join: the join starts a key epoch")
    func leakedCodeAfterJoin() throws {
        let ana = try world.person("ana"), bob = try world.person("bob")
        let group = try ana.book.create(name: "CS101", hub: world.hub, encrypted: true).group
        #expect(group.isEncrypted)
        let invitation = try group.invite(email: "bob@example.com")
        try group.sync()
        let joined = try bob.book.join(hub: world.hub, code: invitation.code.text)
        #expect(try joined.members().first { $0.username == "bob" }?.hubKeys == [try joined.store.devicePublicKey()])
        try group.sync()
        try group.store.postChat("Leakmarker after the join", author: "ana", group: try group.store.groupID())
        try group.sync()
        #expect(try world.chat(of: bob).isEmpty)
        try bob.book.open("CS101").sync()
        #expect(try world.chat(of: bob) == ["Leakmarker after the join"])

        // Whoever finds the code later derives the invitation's key: it opens the key files from before the join
        // (the test does look), and the data keys in them open neither today's manifest nor the newest pack.
        let leaked = HubKeyPair(invitationSecret: invitation.code.hubSecret)
        let opened = try keyFiles().compactMap { try? AgeFile.decrypt($0, with: [.x25519(leaked.identity)]) }
        #expect(!opened.isEmpty)
        let learnedKeys = try opened.flatMap { try AgeIdentity.parseFile(String(decoding: $0, as: UTF8.self)) }
        let learned = learnedKeys.map { AgeIdentityKind.x25519($0) }
        #expect(!learned.isEmpty)
        #expect(throws: (any Error).self) { try AgeFile.decrypt(try hubFile(EncryptedHub.File.manifest), with: learned) }
        // Bob's own key opens the manifest: the test would see it if the learned keys did too.
        let bobs = try DeviceKey.loadOrCreate(gitDirectory: try bob.book.open("CS101").store.repository.gitDirectory)
        let bobsKeys = try AgeIdentity.parseFile(String(decoding: try AgeFile.decrypt(try hubFile(EncryptedHub.File.keys), with: [.x25519(bobs.identity)]),
                                                        as: UTF8.self))
        #expect(try !AgeFile.decrypt(try hubFile(EncryptedHub.File.manifest), with: bobsKeys.map { .x25519($0) }).isEmpty)
        #expect(Set(bobsKeys.map(\.text)).isStrictSuperset(of: learnedKeys.map(\.text)))
    }

    @Test("asking to join an encrypted group: the words are sealed on the hub, a member takes them in and is told, a refusal reaches the asker, the third blocks, an acceptance opens the group")
    func requestOnEncryptedHub() throws {
        let ana = try world.person("ana"), dan = try world.person("dan")
        let group = try ana.book.create(name: "CS101", hub: world.hub, encrypted: true).group
        try group.store.postChat("Historymarker before dan", author: "ana", group: try group.store.groupID())
        try group.sync()

        #expect(try dan.book.request(hub: world.hub, message: "Sealedmarker let me in") == nil)
        #expect(throws: GroupError.requestPending(group: world.hub)) { try dan.book.request(hub: world.hub, message: nil) }
        let asks = try dan.book.pendingAsks()
        #expect(asks.map(\.hub) == [world.hub])
        guard case .waiting = try dan.book.check(asks[0]) else { Issue.record("not waiting"); return }
        // The hub holds the request, but not what it says: neither the message nor who asks.
        let objects = try ProcessRunner.run("/usr/bin/env", ["git", "--git-dir=\(world.hub)", "cat-file", "--batch-all-objects", "--batch"],
                                            environment: ProcessInfo.processInfo.environment).stdout
        #expect(objects.contains("\"verifying\"") && !objects.contains("Sealedmarker") && !objects.contains("dan@example.com"))

        // Refused twice, then blocked: each answer reaches Dan's machine, sealed for it.
        for round in 1...3 {
            if round > 1 { try dan.book.request(hub: world.hub, message: "Sealedmarker round \(round)") }
            let report = try group.sync()
            #expect(report.notices.contains("dan asks to join CS101: \"Sealedmarker \(round == 1 ? "let me in" : "round \(round)")\""), "\(report.notices)")
            #expect(try group.requests().map(\.username) == ["dan"])
            let answered = try group.answer("dan", accept: false)
            #expect(answered.refusals == round && answered.blocked == (round == 3))
            guard case .refused(let blocked) = try dan.book.check(try #require(try dan.book.pendingAsks().first)) else {
                Issue.record("round \(round): no refusal"); return
            }
            #expect(blocked == (round == 3))
            #expect(try dan.book.pendingAsks().isEmpty)
        }
        // Blocked, Dan asks once more: the member's sync answers at once, and takes nothing in.
        try dan.book.request(hub: world.hub, message: "Sealedmarker again")
        #expect(try group.sync().notices.isEmpty)
        guard case .refused(blocked: true) = try dan.book.check(try #require(try dan.book.pendingAsks().first)) else {
            Issue.record("a blocked request was not answered"); return
        }
        #expect(try group.requests().first?.refusals == 3)
    }

    @Test("an accepted request enrols the asking machine: the group opens there, history and all; a request signed by another key than it names is not taken in")
    func acceptedRequest() throws {
        let ana = try world.person("ana"), dan = try world.person("dan"), eve = try world.person("eve")
        let group = try ana.book.create(name: "CS101", hub: world.hub, encrypted: true).group
        try group.store.postChat("Historymarker before dan", author: "ana", group: try group.store.groupID())
        try group.sync()
        // A request the invitation schema refuses (a 300-letter name) is dropped alone: the sync goes on.
        let odd = GroupBook(personal: eve.book.personal, me: GroupIdentity(username: String(repeating: "x", count: 300), key: eve.key.publicKey),
                            signer: eve.signer)
        try odd.request(hub: world.hub, message: "hi")
        try FileManager.default.removeItem(atPath: try #require(try odd.pendingAsks().first).folder)
        #expect(try group.sync().notices.isEmpty)
        #expect(try group.requests().isEmpty)
        #expect(try group.store.hubJoinRequests(remote: "origin").isEmpty)
        // Eve asks in Dan's name and with his key, but signs with her own.
        let forger = GroupBook(personal: eve.book.personal, me: GroupIdentity(username: "dan", key: dan.key.publicKey), signer: eve.signer)
        try forger.request(hub: world.hub, message: "it is me, dan")
        #expect(try group.sync().notices.isEmpty)
        #expect(try group.requests().isEmpty)

        try dan.book.request(hub: world.hub, message: "hello")
        #expect(try group.sync().notices == ["dan asks to join CS101: \"hello\""])
        try group.answer("dan", accept: true)
        try group.sync()
        guard case .accepted(let joined) = try dan.book.check(try #require(try dan.book.pendingAsks().first)) else {
            Issue.record("not accepted"); return
        }
        #expect(joined.name == "CS101")
        #expect(try joined.me()?.username == "dan")
        #expect(try world.chat(of: dan) == ["Historymarker before dan"])
        #expect(try joined.members().first { $0.username == "dan" }?.hubKeys == [try joined.store.devicePublicKey()])
        #expect(try dan.book.pendingAsks().isEmpty)
        #expect(try dan.book.all().map(\.name) == ["CS101"])
        // Dan writes; Ana takes it in as a member's.
        try joined.store.postChat("Danmarker hi all", author: "dan", group: try joined.store.groupID())
        try joined.sync()
        let report = try group.sync()
        #expect(report.summary.refused.isEmpty)
        #expect(try world.chat(of: ana).contains("Danmarker hi all"))
        // Eve's machine still waits: it was never answered, nor enrolled.
        guard case .waiting = try eve.book.check(try #require(try eve.book.pendingAsks().first)) else { Issue.record("eve got in"); return }
    }

    @Test("a member's second machine asks with their key, opens once their first machine syncs, and is locked out with them when they are removed")
    func secondMachine() throws {
        let ana = try world.person("ana"), bob = try world.person("bob")
        let group = try ana.book.create(name: "CS101", hub: world.hub, encrypted: true).group
        let invitation = try group.invite(email: "bob@example.com")
        try group.sync()
        let first = try bob.book.join(hub: world.hub, code: invitation.code.text)
        try group.sync()
        // Bob's laptop: the same person and key, another personal store that lists the group (as his sync would bring).
        let laptop = GroupBook(personal: try Store.create(at: world.folder.child("bob-laptop/store")), me: bob.book.me, signer: bob.signer)
        try laptop.list(id: first.link.id, name: "CS101", hub: world.hub, storeID: nil)
        #expect(throws: GroupError.awaitingMachine(group: "CS101")) { try laptop.open("CS101") }
        #expect(throws: GroupError.awaitingMachine(group: "CS101")) { try laptop.open("CS101") }
        try first.sync()  // Bob's first machine, a plain member, enrols his laptop
        let onLaptop = try laptop.open("CS101")
        #expect(try onLaptop.me()?.hubKeys.count == 2)
        try group.sync()
        #expect(try group.members().first { $0.username == "bob" }?.hubKeys.count == 2)

        try group.remove("bob")
        try group.sync()
        #expect(throws: GroupError.noLongerReadable(group: "CS101")) { try onLaptop.sync() }
        #expect(throws: GroupError.noLongerReadable(group: "CS101")) { try first.sync() }
        #expect(try group.store.hubDevices(remote: "origin").enrolled.map(\.code) == [try group.store.deviceCode()])
    }

    @Test("a member who lists another member's key as theirs and leaves locks only themselves out")
    func leaverListingOthersKeys() throws {
        let ana = try world.person("ana"), bob = try world.person("bob"), cat = try world.person("cat")
        let group = try ana.book.create(name: "CS101", hub: world.hub, encrypted: true).group
        let (forBob, forCat) = (try group.invite(email: "bob@example.com"), try group.invite(email: "cat@example.com"))
        try group.sync()
        let bobs = try bob.book.join(hub: world.hub, code: forBob.code.text)
        let cats = try cat.book.join(hub: world.hub, code: forCat.code.text)
        try bobs.sync()
        // Bob puts Cat's key in his own record (his own record is his to change), then leaves.
        let bobAsMember = try #require(try bobs.me())
        var fields = try #require(try bobs.store.record(id: bobAsMember.id)?.value.objectValue)
        fields["hubKeys"] = .array((bobAsMember.hubKeys + [try cats.store.devicePublicKey()]).map { .string($0) })
        try bobs.store.transaction { transaction in _ = try transaction.put(.object(fields), type: "member") }
        try bobs.leave()
        try group.sync()
        let enrolled = Set(try group.store.hubDevices(remote: "origin").enrolled.map(\.code))
        #expect(enrolled == [try group.store.deviceCode(), try cats.store.deviceCode()])
        try group.store.postChat("Stillmarker for cat", author: "ana", group: try group.store.groupID())
        try group.sync()
        try cats.sync()
        #expect(try world.chat(of: cat) == ["Stillmarker for cat"])
    }
}
