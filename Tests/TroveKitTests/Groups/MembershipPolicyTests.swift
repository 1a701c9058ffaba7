import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// Who may write to a shared store: every peer holds arriving commits to the members' signatures and roles.
@Suite struct MembershipPolicyTests {
    let world = GroupWorld()

    @Test("founding, inviting and joining: the members see each other, and a code works once")
    func inviteAndJoin() throws {
        let (ana, bob) = try world.anaAndBob()
        let members = try ana.book.open("CS101").members()
        #expect(members.map(\.username) == ["ana", "bob"])
        #expect(members.map(\.role) == [.owner, .member])
        #expect(try bob.book.open("CS101").me()?.role == .member)
        #expect(try bob.book.all().map(\.name) == ["CS101"])

        let group = try ana.book.open("CS101")
        let invitation = try group.invite(email: "cat@example.com")
        try group.sync()
        let stored = try group.store.records(ofType: "invitation").first { $0.id == invitation.id }!
        #expect(!CanonicalJSON.compact(stored.value).contains(invitation.code.text.replacingOccurrences(of: "-", with: "")))
        let cat = try world.person("cat"), dan = try world.person("dan")
        #expect(throws: GroupError.badCode) { try cat.book.join(hub: world.hub, code: "not a code") }
        #expect(throws: GroupError.codeMatchesNothing(group: "CS101")) { try cat.book.join(hub: world.hub, code: InvitationCode.make().text) }
        _ = try cat.book.join(hub: world.hub, code: invitation.code.text.lowercased())
        #expect(throws: GroupError.codeUsed(group: "CS101")) { try dan.book.join(hub: world.hub, code: invitation.code.text) }
        #expect(try dan.book.all().isEmpty)
        try group.sync()
        #expect(try group.members().map(\.username) == ["ana", "bob", "cat"])
    }

    @Test("a commit pushed by a non-member is refused on every peer; the members' data stays as it was")
    func intruderIsRefused() throws {
        let (ana, bob) = try world.anaAndBob()
        try bob.book.open("CS101").say("hello", as: .chat)
        try bob.book.open("CS101").sync()
        let mallory = try world.person("mallory")
        let rogue = try world.rogueClone("mallory", signer: mallory.signer)
        try rogue.postChat("free exam answers at evil.example", author: "bob", group: rogue.groupID())
        try world.push(rogue)
        let intruding = try #require(try rogue.headCommitID())

        for person in [ana, bob] {
            let report = try person.book.open("CS101").sync()
            #expect(report.summary.refused.map(\.commit) == [intruding.description], "\(person.name)")
            #expect(report.summary.refused.first?.reason.contains("not a member") == true)
            #expect(try world.chat(of: person) == ["hello"])
        }
        // The hub's history is left alone: the intruder's commit is still in it, undone on top.
        let hubLog = try Repository(openingAt: world.hub).log(from: Repository(openingAt: world.hub).resolveCommit("main"))
        #expect(hubLog.contains { $0.id == intruding })
    }

    @Test("an unsigned commit and a signature copied from a member's commit are refused")
    func unsignedAndForgedAreRefused() throws {
        let (ana, bob) = try world.anaAndBob()
        let bobsCommit = try #require(try bob.book.open("CS101").store.headCommitID())
        let copied = try #require(try bob.book.open("CS101").store.commitSignature(of: bobsCommit)).signature
        let unsigned = try world.rogueClone("unsigned", signer: nil)
        try unsigned.postChat("unsigned", author: "bob", group: unsigned.groupID())
        try world.push(unsigned)
        let forged = try world.rogueClone("forger", signer: CopiedSignature(signature: copied))
        try forged.postChat("forged", author: "bob", group: forged.groupID())
        try world.push(forged)

        let reasons = try ana.book.open("CS101").sync().summary.refused.map(\.reason)
        #expect(reasons.count == 2)
        #expect(reasons.contains("unsigned"))
        #expect(reasons.contains { $0.hasPrefix("bad signature") })
        #expect(try world.chat(of: ana).isEmpty)
    }

    @Test("each permission holds on its own: members who may not post may still schedule, and the peers agree")
    func permissionsAreIndependent() throws {
        let (ana, bob) = try world.anaAndBob()
        let set = try ana.book.open("CS101").setPermissions { $0.membersCanPost = false; $0.membersCanSchedule = true }
        #expect(set.allows(.schedule, for: .member) && !set.allows(.post, for: .member) && set.allows(.shareLinks, for: .member))
        try ana.book.open("CS101").sync()
        let bobs = try bob.book.open("CS101")
        try bobs.sync()
        #expect(throws: GroupError.self) { try bobs.say("hello", as: .chat) }
        try bobs.meeting(title: "Study session", start: Date(timeIntervalSince1970: 1_800_000_000), end: nil)
        try bobs.share(url: "https://example.com/notes", title: "Notes")
        try bobs.sync()
        #expect(try ana.book.open("CS101").sync().summary.refused.isEmpty)
        let kinds = try ana.book.open("CS101").store.records(ofType: "group-post").compactMap { $0.value["kind"]?.stringValue }.sorted()
        #expect(kinds == ["link", "meeting"])
        // And the other way round: scheduling off leaves posting on.
        _ = try ana.book.open("CS101").setPermissions { $0.membersCanPost = true; $0.membersCanSchedule = false }
        try ana.book.open("CS101").sync()
        try bobs.sync()
        #expect(throws: GroupError.self) { try bobs.meeting(title: "Another", start: Date(timeIntervalSince1970: 1_800_000_000), end: nil) }
        try bobs.say("hello", as: .chat)
    }

    @Test("a member without invite permission who adds a member is refused; with permission, it counts")
    func addingMembersNeedsInvitePermission() throws {
        let (ana, bob) = try world.anaAndBob()
        #expect(throws: GroupError.self) { try bob.book.open("CS101").invite(email: "eve@example.com") }
        let eve = try world.person("eve")
        let bobs = try bob.book.open("CS101").store
        let eveMember: JSONValue = ["id": .string(Member.recordID(for: eve.key.publicKey)), "username": "eve", "role": "member",
                                    "publicKey": .string(eve.key.publicKey.line())]
        try bobs.transaction { try $0.put(eveMember, type: "member") }
        try world.push(bobs)
        let refused = try ana.book.open("CS101").sync().summary.refused
        #expect(refused.map(\.reason) == ["bob may not add members"])
        #expect(try ana.book.open("CS101").members().map(\.username) == ["ana", "bob"])

        _ = try ana.book.open("CS101").setPermissions { $0.membersCanInvite = true }
        try ana.book.open("CS101").sync()
        try bob.book.open("CS101").sync()
        let invitation = try bob.book.open("CS101").invite(email: "eve@example.com")
        try bob.book.open("CS101").sync()
        _ = try eve.book.join(hub: world.hub, code: invitation.code.text)
        let late = try ana.book.open("CS101").sync().summary.refused
        #expect(late.isEmpty, "\(late)")
        #expect(try ana.book.open("CS101").members().filter(\.isActive).map(\.username) == ["ana", "bob", "eve"])
    }

    @Test("a removed member's commits count no more, even made on a branch from before the removal")
    func removedMemberIsRefused() throws {
        let (ana, bob) = try world.anaAndBob()
        let group = try ana.book.open("CS101")
        let invitation = try group.invite(email: "cat@example.com")
        try group.sync()
        let cat = try world.person("cat")
        _ = try cat.book.join(hub: world.hub, code: invitation.code.text)
        try bob.book.open("CS101").sync()
        try group.sync()

        try group.remove("bob")
        try group.sync()
        // Bob has not heard yet: his message builds on the state before his removal.
        try bob.book.open("CS101").say("still here?", as: .chat)
        try bob.book.open("CS101").sync()

        let atAna = try group.sync().summary.refused
        #expect(atAna.count == 1 && atAna[0].reason.contains("bob was removed"), "\(atAna)")
        #expect(try world.chat(of: ana).isEmpty)
        // Cat learns of the removal and the message in the same sync: the message is refused all the same.
        let atCat = try cat.book.open("CS101").sync().summary.refused
        #expect(atCat.count == 1, "\(atCat)")
        #expect(try world.chat(of: cat).isEmpty)
        #expect(try group.members().first { $0.username == "bob" }?.isActive == false)
    }

    @Test("the user's standing: member, removed, asking, refused, blocked; and one who is no member can leave")
    func standings() throws {
        let (ana, bob) = try world.anaAndBob()
        #expect(try bob.book.open("CS101").standing() == .member)
        let group = try ana.book.open("CS101")
        try group.remove("bob")
        try group.sync()
        let bobs = try bob.book.open("CS101")
        try bobs.sync()
        #expect(try bobs.standing() == .removed)
        // Leaving, once removed, writes nothing to the group (that would be refused) and drops this machine's copy.
        let hubHead = try world.hubHead()
        #expect(try bobs.leave() == .removed)
        #expect(try bob.book.all().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: bobs.store.path))
        #expect(try world.hubHead() == hubHead)

        let dan = try world.person("dan")
        #expect(try #require(try dan.book.request(hub: world.hub, message: "please")).standing() == .asked)
        for round in 1...3 {
            if round > 1 { _ = try dan.book.request(hub: world.hub, message: "please (\(round))") }
            // The owner is told of the request, and the requester of the answer.
            let asked = try group.sync().notices
            #expect(asked.contains(round == 1 ? "dan asks to join CS101: \"please\"" : "dan asks to join CS101: \"please (\(round))\""), "\(asked)")
            _ = try group.answer("dan", accept: false)
            try group.sync()
            let dans = try dan.book.open("CS101")
            let told = try dans.sync().notices
            #expect(told.contains(round < 3 ? "Your request to join CS101 was refused"
                                            : "Your request to join CS101 was refused, for the third time: you may not ask again"), "\(told)")
            #expect(try dans.standing() == (round < 3 ? .refused : .blocked))
        }
        #expect(try dan.book.open("CS101").leave() == .blocked)
        #expect(try dan.book.all().isEmpty)
    }

    @Test("a join request refused three times is blocked, and a blocked requester's push is refused")
    func thirdRefusalBlocks() throws {
        let (ana, _) = try world.anaAndBob()
        let dan = try world.person("dan")
        for round in 1...3 {
            _ = try dan.book.request(hub: world.hub, message: "please (\(round))")
            if round < 3 { #expect(throws: GroupError.requestPending(group: "CS101")) { try dan.book.request(hub: world.hub, message: nil) } }
            let group = try ana.book.open("CS101")
            try group.sync()
            #expect(try group.requests().map(\.username) == ["dan"])
            let answered = try group.answer("dan", accept: false)
            #expect(answered.refusals == round && answered.blocked == (round == 3))
            try group.sync()
            try dan.book.open("CS101").sync()
        }
        #expect(throws: GroupError.blocked(group: "CS101")) { try dan.book.request(hub: world.hub, message: "again") }

        // Dan's own client asks anyway.
        let rogue = try world.rogueClone("dan", signer: dan.signer)
        let id = try #require(try rogue.records(ofType: "invitation").first { $0.value["requesterKey"] != nil }).id
        try rogue.transaction { transaction in
            var fields = try transaction.record(id: id)!.value.objectValue!
            fields["status"] = "pending"
            fields["blocked"] = nil
            _ = try transaction.put(.object(fields), type: "invitation")
        }
        try world.push(rogue)
        let refused = try ana.book.open("CS101").sync().summary.refused
        #expect(refused.count == 1)
        #expect(try ana.book.open("CS101").requests().first?.blocked == true)

        // A new key is the same person: refused by his client, and by the peers when a client of his own asks.
        let renewed = try world.person("dan", home: "dan-new-key")
        #expect(renewed.key.publicKey != dan.key.publicKey)
        #expect(throws: GroupError.blocked(group: "CS101")) { try renewed.book.request(hub: world.hub, message: "it is me again") }
        let fresh = try world.rogueClone("dan-new-key", signer: renewed.signer)
        let groupID = try #require(try fresh.records(ofType: "group").first?.id)
        try fresh.transaction { transaction in
            _ = try transaction.put(["id": .string(RecordID.derived(from: "join-request:" + renewed.key.publicKey.line(), at: Date(timeIntervalSince1970: 1_767_225_600))),
                                     "groupId": .string(groupID), "invitee": "dan", "email": "dan@example.com",
                                     "requesterKey": .string(renewed.key.publicKey.line()), "status": "pending", "role": "member",
                                     "refusals": 0], type: "invitation")
        }
        try world.push(fresh)
        let again = try ana.book.open("CS101").sync().summary.refused
        #expect(again.count == 1, "\(again)")
        #expect(try ana.book.open("CS101").requests().filter { !$0.blocked }.isEmpty)
    }

    @Test("an accepted request makes the requester a member")
    func acceptedRequestJoins() throws {
        let (ana, _) = try world.anaAndBob()
        let dan = try world.person("dan")
        _ = try dan.book.request(hub: world.hub, message: nil)
        #expect(try dan.book.open("CS101").me() == nil)
        let group = try ana.book.open("CS101")
        try group.sync()
        try group.answer("dan", accept: true)
        try group.sync()
        try dan.book.open("CS101").sync()
        #expect(try dan.book.open("CS101").me()?.role == .member)
        try dan.book.open("CS101").say("thanks!", as: .chat)
        try dan.book.open("CS101").sync()
        #expect(try group.sync().summary.refused.isEmpty)
        #expect(try world.chat(of: ana) == ["thanks!"])
    }

    @Test("a used code replayed by hand is refused by the peers")
    func reusedCodeIsRefused() throws {
        let (ana, _) = try world.anaAndBob()
        let group = try ana.book.open("CS101")
        let invitation = try group.invite(email: "cat@example.com")
        try group.sync()
        let cat = try world.person("cat"), eve = try world.person("eve")
        _ = try cat.book.join(hub: world.hub, code: invitation.code.text)
        // Eve got the code too, and her client ignores that it was used.
        let rogue = try world.rogueClone("eve", signer: eve.signer)
        let storeID = try rogue.metadata()["storeId"]!.stringValue!
        let proof = try invitation.code.proof(storeID: storeID, invitationID: invitation.id, joiner: eve.key.publicKey)
        try rogue.transaction { transaction in
            let member = try transaction.put(["id": .string(Member.recordID(for: eve.key.publicKey)), "username": "eve", "role": "member",
                                              "publicKey": .string(eve.key.publicKey.line()), "invitation": .string(invitation.id),
                                              "proof": .string(proof)], type: "member")
            var fields = try transaction.record(id: invitation.id)!.value.objectValue!
            fields["usedBy"] = .string(member.id)
            _ = try transaction.put(.object(fields), type: "invitation")
        }
        try world.push(rogue)
        #expect(try group.sync().summary.refused.count == 1)
        #expect(try group.members().map(\.username) == ["ana", "bob", "cat"])
    }
}
