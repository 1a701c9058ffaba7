import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// Several people, each with a key and a personal store, and one hub folder for their group.
final class GroupWorld: @unchecked Sendable {
    let folder = TemporaryFolder("trove-group-test")
    var hub: String { folder.child("hub.git") }

    /// One person: their key, their personal store and their groups.
    struct Person {
        let name: String
        let key: SigningKey
        let signer: KeySigner
        let book: GroupBook
    }

    /// - Parameter home: the person's folder (their name by default): another one is the same person on a new
    ///   machine, or with a new key.
    func person(_ name: String, home: String? = nil) throws -> Person {
        let home = home ?? name
        let keys = KeyStore(folder: folder.child(home + "/keys"))
        let key = try keys.create(passphrase: nil)
        let signer = KeySigner(keys: keys, passphrase: nil)
        let personal = try Store.create(at: folder.child(home + "/store"))
        let book = GroupBook(personal: personal, me: GroupIdentity(username: name, key: key.publicKey, email: "\(name)@example.com"),
                             signer: signer)
        return Person(name: name, key: key, signer: signer, book: book)
    }

    /// Ana founds CS101 on the hub; Bob joins it by invitation.
    func anaAndBob() throws -> (ana: Person, bob: Person) {
        let ana = try person("ana"), bob = try person("bob")
        let group = try ana.book.create(name: "CS101", hub: hub, encrypted: false).group
        let invitation = try group.invite(email: "bob@example.com")
        try group.sync()
        _ = try bob.book.join(hub: hub, code: invitation.code.text)
        try group.sync()
        return (ana, bob)
    }

    /// A clone of the hub that someone writes to with a client of their own, which checks nothing.
    func rogueClone(_ name: String, signer: (any CommitSigner)?) throws -> Store {
        let store = try Store.clone(from: hub, to: folder.child(name + "-rogue"))
        store.commitSigner = signer
        return store
    }

    /// What a rogue client does: push whatever it made.
    func push(_ store: Store) throws {
        _ = try store.sync(remote: "origin", review: AcceptEverything())
    }

    /// The commit the hub's main branch is at.
    func hubHead() throws -> ObjectID? {
        try Repository(openingAt: hub).referenceTarget("refs/heads/main")
    }

    /// The chat of `person`'s copy of CS101.
    func chat(of person: Person) throws -> [String] {
        try person.book.open("CS101").posts(.chat).compactMap(\.text)
    }
}

/// A review that lets everything in: how a client that ignores the rules would sync.
struct AcceptEverything: IncomingReview {
    func judge(_ commit: ArrivingCommit, context: ReviewContext) throws -> ReviewJudgement { .accept }
}

/// Puts a signature taken from elsewhere on a commit, as a forger would.
struct CopiedSignature: CommitSigner {
    let signature: String
    func signature(for commit: String) throws -> String { signature }
}

extension Store {
    /// Adds a chat post as `author` in one commit.
    func postChat(_ text: String, author: String, group: String) throws {
        try transaction { transaction in
            _ = try transaction.put(["groupId": .string(group), "kind": "chat", "text": .string(text), "author": .string(author)], type: "group-post")
        }
    }

    /// The id of the group record.
    func groupID() throws -> String { try records(ofType: "group").first!.id }
}
