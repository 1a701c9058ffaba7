import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Create and open")
struct OpenCreateTests {
    @Test("a store whose git index is split (as Trove 0.1 wrote large ones) has it rewritten plain when opened")
    func splitIndexRewrittenOnOpen() throws {
        let fixture = try StoreFixture()
        try fixture.store.transaction { transaction in
            for number in 0..<40 { _ = try transaction.put(["name": .string("Dog \(number)")], type: "dog") }
        }
        try fixture.git("update-index", "--split-index")
        let gitDirectory = fixture.path + "/.git/"
        #expect(try Repository(openingAt: fixture.path).indexCondition == .split)
        let staged = try fixture.git("ls-files", "-s").stdout
        _ = try Store.open(at: fixture.path)
        let repository = try Repository(openingAt: fixture.path)
        #expect(repository.indexCondition == .usable)
        #expect(try FileManager.default.contentsOfDirectory(atPath: gitDirectory).filter { $0.hasPrefix("sharedindex.") }.isEmpty)
        #expect(try fixture.git("ls-files", "-s").stdout == staged)
        #expect(try repository.status().isEmpty, "libgit2 reads it, and finds nothing changed")
    }

    @Test("create writes trove.json, .gitattributes, info/attributes and one first commit")
    func createLayout() throws {
        let fixture = try StoreFixture()
        let metadata = try fixture.store.metadata()
        #expect(metadata["format"] == 1)
        #expect(metadata["kind"] == "personal")
        let storeId = try #require(metadata["storeId"]?.stringValue)
        #expect(storeId.wholeMatch(of: EnvelopeTests.uuidV7) != nil)
        #expect(fixture.checkedOut(".gitattributes") == Array("*.json merge=trove\n*.jsonl merge=union\n".utf8))
        #expect(fixture.checkedOut(".git/info/attributes") == fixture.checkedOut(".gitattributes"))
        #expect(try fixture.store.history().map(\.summary) == ["Create store"])
        #expect(try fixture.store.handEdits().isEmpty)
        let peer = fixture.store.peerID
        #expect(peer.wholeMatch(of: #/[0-9a-z-]{1,64}/#) != nil)
        #expect(try Store.open(at: fixture.path).peerID == peer, "the peer id is kept per clone")
        // Nothing is left beside the store.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path) == ["store"])
    }

    @Test("create refuses a non-empty folder that is not a store and writes nothing")
    func createRefusesNonEmpty() throws {
        let folder = TemporaryFolder("trove-store-test")
        try folder.write("target/notes.txt", "mine")
        let target = folder.child("target")
        #expect(throws: StoreError.folderNotEmpty(path: target)) { try Store.create(at: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["target"], "no staging folder is left behind")
    }

    @Test("create refuses an existing store and leaves it alone")
    func createRefusesStore() throws {
        let fixture = try StoreFixture()
        try fixture.put(["name": "Rex"])
        let head = try fixture.store.headCommitID()
        #expect(throws: StoreError.alreadyAStore(path: fixture.path)) { try Store.create(at: fixture.path) }
        #expect(try fixture.store.headCommitID() == head)
    }

    @Test("open refuses a folder that is not a store, with a message that says how to make one")
    func openRefusesNonStore() throws {
        let folder = TemporaryFolder("trove-store-test")
        let plain = folder.child("plain")
        try folder.write("plain/file.txt", "x")
        #expect(throws: StoreError.notAStore(path: plain)) { try Store.open(at: plain) }
        #expect(throws: StoreError.notAStore(path: folder.child("missing"))) { try Store.open(at: folder.child("missing")) }
        #expect(!FileManager.default.fileExists(atPath: folder.child("missing")))

        // A git repository with commits but no trove.json is not a store either.
        let cli = TroveCLI(home: folder.child("home"), store: plain)
        #expect(try cli.git("init", "-q", in: plain).status == 0)
        #expect(try cli.git("add", "file.txt", in: plain).status == 0)
        #expect(try cli.git("commit", "-q", "-m", "plain", in: plain).status == 0)
        #expect(throws: StoreError.notAStore(path: plain)) { try Store.open(at: plain) }
        #expect(StoreError.notAStore(path: plain).description == "\(plain) is not a Trove store")
    }

    @Test("open refuses a store of a newer format, naming both versions")
    func openRefusesNewerFormat() throws {
        let fixture = try StoreFixture()
        var metadata = try fixture.store.metadata()
        metadata["format"] = 2
        try fixture.handEdit("trove.json", CanonicalJSON.string(metadata))
        #expect(try fixture.git("commit", "-q", "-am", "From the future").status == 0)
        let error = #expect(throws: StoreError.self) { try Store.open(at: fixture.path) }
        #expect(error == .newerFormat(path: fixture.path, found: 2, supported: 1))
        #expect(error?.description.contains("upgrade") == true)
    }

    @Test("paths are normalised: a trailing slash or dot segments open the same store")
    func normalisedPath() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        let other = try Store.open(at: fixture.path + "/")
        #expect(other.path == fixture.path)
        #expect(try other.record(id: dog.id) == dog)
        #expect(try Store.open(at: fixture.folder.path + "/./store/../store").path == fixture.path)
    }
}
