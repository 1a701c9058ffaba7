import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveSchema
import TroveStore
import TroveTestSupport

/// A review that trusts everyone but Mallory, so the engine can be tested apart from group membership.
struct DistrustMallory: IncomingReview {
    func judge(_ commit: ArrivingCommit, context: ReviewContext) throws -> ReviewJudgement {
        if commit.changes.isEmpty { return .accept }
        return commit.author.name == "mallory" ? .refuse("mallory is not trusted") : .accept
    }
}

/// Mallory can write to the hub, and commits straight into it with libgit2, as any tool could.
struct HubIntruder {
    let hub: Repository
    let mallory = Signature(name: "mallory", email: "mallory@example.org")

    init(hub path: String) throws { hub = try Repository(openingAt: path) }

    var head: ObjectID { get throws { try require(try hub.referenceTarget("refs/heads/main")) } }

    /// Commits `tree` (the tree of `parents[0]` with `path` set to `bytes`) on top of the hub's main branch.
    @discardableResult
    func commit(parents: [ObjectID], setting path: String, to bytes: [UInt8]) throws -> ObjectID {
        let base = try hub.tree(ofCommit: parents[0])
        let tree = try hub.writeTree(applying: [.upsert(path: path, blob: hub.writeBlob(bytes))], to: base)
        let old = try head
        let id = try hub.createCommit(tree: tree, parents: parents, author: mallory, committer: mallory, message: "Improve things")
        try hub.updateReference("refs/heads/main", to: id, expected: old, message: "push")
        return id
    }

    /// The bytes of `path` at the hub's head.
    func bytes(at path: String) throws -> [UInt8] {
        try hub.blob(try require(try hub.tree(ofCommit: head).entry(atPath: path)).id)
    }
}

@Suite("reviewing what arrives in a shared store")
struct ReviewEngineTests {
    let fixture = SyncFixture()
    let review = DistrustMallory()

    /// A shared store with the hub as its remote, pushed once with one dog in it; and that dog's id and path.
    func sharedPeer(_ name: String) throws -> (Store, id: String, path: String) {
        let store = try Store.create(at: fixture.folder.child(name), kind: .shared)
        try store.addRemote(name: "usb", url: fixture.hub, create: true)
        let id = try store.put("dog", ["name": "Rex"]).id
        _ = try store.sync(remote: "usb", review: review)
        let collection = try #require(FormatCatalog.bundled.format(for: "dog")?.collection)
        let path = StoreLayout.recordPath(collection: collection, id: id)
        return (store, id, path)
    }

    func name(_ store: Store, _ id: String) throws -> String? {
        try store.record(id: id)?.value["name"]?.stringValue
    }

    func isAncestor(_ ancestor: ObjectID, of commit: ObjectID, in store: Store) throws -> Bool {
        let git = TroveCLI(home: fixture.folder.child("home"), store: store.path)
        return try git.git("merge-base", "--is-ancestor", ancestor.hex, commit.hex, in: store.path).status == 0
    }

    @Test("a shared store will not sync without a review, and nothing changes")
    func unreviewed() throws {
        let (store, _, _) = try sharedPeer("a")
        let before = try store.headCommitID()
        #expect(throws: StoreError.self) { try store.sync(remote: "usb") }
        #expect(try store.headCommitID() == before)
    }

    @Test("a refused commit between accepted ones: its change is undone on top, the others' kept, and no history rewritten")
    func refusedInTheMiddle() throws {
        let (a, rex, path) = try sharedPeer("a")
        let intruder = try HubIntruder(hub: fixture.hub)
        let hacked = Array(String(decoding: try intruder.bytes(at: path), as: UTF8.self).replacingOccurrences(of: "Rex", with: "Hacked").utf8)
        let bad = try intruder.commit(parents: [intruder.head], setting: path, to: hacked)

        let b = try fixture.clonedPeer("b")
        let refusedOnClone = try b.reviewCloned(with: review)
        #expect(refusedOnClone.map(\.commit) == [bad.description])
        #expect(refusedOnClone.first?.reason == "mallory is not trusted")
        #expect(try name(b, rex) == "Rex")
        let fido = try b.put("dog", ["name": "Fido"]).id
        _ = try b.sync(review: review)

        let summary = try a.sync(remote: "usb", review: review)
        #expect(summary.refused.map(\.commit) == [bad.description])
        #expect(summary.refused.first?.author == "mallory <mallory@example.org>")
        #expect(try name(a, rex) == "Rex")
        #expect(try name(a, fido) == "Fido")
        // b undid the change already, so a takes b's history as it is and adds nothing.
        #expect(try a.headCommitID() == fixture.hubHead())
        #expect(try isAncestor(bad, of: try require(a.headCommitID()), in: a))
        #expect(try fixture.gitStatus(a).isEmpty)
    }

    @Test("a merge whose tree is not the merge of its parents is refused, and what it slipped in is left out")
    func smuggledMerge() throws {
        let (a, rex, path) = try sharedPeer("a")
        let intruder = try HubIntruder(hub: fixture.hub)
        let top = try intruder.head
        let first = try require(try intruder.hub.commit(top).parentIDs.first)
        let hacked = Array(String(decoding: try intruder.bytes(at: path), as: UTF8.self).replacingOccurrences(of: "Rex", with: "Hacked").utf8)
        let merge = try intruder.commit(parents: [top, first], setting: path, to: hacked)

        let summary = try a.sync(remote: "usb", review: review)
        #expect(summary.refused.map(\.commit) == [merge.description])
        #expect(summary.refused.first?.reason.contains("merge") == true)
        #expect(try name(a, rex) == "Rex")
        let head = try require(try a.headCommitID())
        #expect(head != merge)
        #expect(try isAncestor(merge, of: head, in: a))
        #expect(try fixture.gitStatus(a).isEmpty)

        // A peer cloning afterwards finds the merge refused and already undone: it commits nothing more.
        let b = try fixture.clonedPeer("b")
        #expect(try b.reviewCloned(with: review).map(\.commit) == [merge.description])
        #expect(try name(b, rex) == "Rex")
        #expect(try b.headCommitID() == fixture.hubHead())
    }

    @Test("an honest merge of two peers' edits is taken as it is, with nothing refused or undone")
    func honestMerge() throws {
        let (a, rex, _) = try sharedPeer("a")
        let b = try fixture.clonedPeer("b")
        #expect(try b.reviewCloned(with: review).isEmpty)
        try a.edit(rex, ["name": "Rex the Brave"])
        try b.edit(rex, ["breed": "collie"])
        _ = try a.sync(remote: "usb", review: review)
        let merging = try #require(try b.sync(review: review).first)
        #expect(merging.refused.isEmpty && merging.merged == 1)
        let taking = try a.sync(remote: "usb", review: review)
        #expect(taking.refused.isEmpty)
        #expect(try a.headCommitID() == b.headCommitID())
        #expect(try a.record(id: rex) == b.record(id: rex))
        #expect(try a.record(id: rex)?.value["breed"] == "collie")
    }
}

/// Files a store may not hold are refused by the engine itself, whoever made the commit: even a member
/// the review trusts (an owner) cannot plant a hook, and a later commit of theirs that takes it out syncs.
@Suite("reviewing what arrives: files no store may hold")
struct ArrivingFileReviewTests {
    let fixture = SyncFixture()
    let review = DistrustMallory()

    func sharedPeer() throws -> Store {
        let store = try Store.create(at: fixture.folder.child("a"), kind: .shared)
        try store.addRemote(name: "usb", url: fixture.hub, create: true)
        try store.put("dog", ["name": "Rex"])
        _ = try store.sync(remote: "usb", review: review)
        return store
    }

    func headEntry(_ store: Store, _ path: String) throws -> TreeEntry? {
        try Repository(openingAt: store.path).tree(ofCommit: require(store.headCommitID())).entry(atPath: path)
    }

    var owner: HostileCommit { HostileCommit(hub: fixture.hub, home: fixture.folder.child("home"), author: ("owner", "owner@example.org")) }

    @Test("a trusted author's hook-like path is refused, and their later commit that removes it syncs")
    func trustedHookRefused() throws {
        let store = try sharedPeer()
        let planted = try owner.push([.file(".git/hooks/post-checkout", "#!/bin/sh\n", mode: "100755")], message: "Tidy up")
        let first = try store.sync(remote: "usb", review: review)
        #expect(first.refused.map(\.commit) == [planted.description])
        #expect(first.refused.first?.reason.contains(".git/hooks/post-checkout") == true)
        #expect(try headEntry(store, ".git") == nil)
        #expect(!FileManager.default.fileExists(atPath: store.path + "/.git/hooks/post-checkout"))

        // The owner takes it out and adds a dog: the sync is no longer wedged.
        let dog = try Store.create(at: fixture.folder.child("scratch"), kind: .shared).put("dog", ["name": "Fido"])
        let path = StoreLayout.recordPath(collection: "dogs", id: dog.id)
        let bytes = try #require(FileManager.default.contents(atPath: fixture.folder.child("scratch") + "/" + path))
        try owner.push([.file(path, Array(bytes))], removing: [".git"], message: "Add Fido")
        let second = try store.sync(remote: "usb", review: review)
        #expect(second.refused.isEmpty)
        #expect(try store.record(id: dog.id)?.value["name"]?.stringValue == "Fido")
    }

    @Test("a trusted author's media file whose bytes are junk is refused on every peer")
    func junkMediaRefused() throws {
        let store = try sharedPeer()
        let junk = [UInt8](repeating: 0x42, count: 1 << 20)
        let name = SHA256Hex.of(junk)
        let path = "media/\(name.prefix(2))/\(name).jpg"
        try owner.push([.file(path, junk)], message: "Add a photo")
        let summary = try store.sync(remote: "usb", review: review)
        #expect(summary.refused.count == 1)
        #expect(summary.refused.first?.reason.contains("is not a jpg file") == true, "\(summary.refused)")
        #expect(try headEntry(store, path) == nil)
        #expect(try store.check().isEmpty)
    }
}
