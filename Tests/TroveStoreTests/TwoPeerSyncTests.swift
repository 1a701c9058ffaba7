import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("two peers through a bare hub")
struct TwoPeerSyncTests {
    let fixture = SyncFixture()

    /// Syncs a, then b, then a again: after that both have everything.
    func settle(_ a: Store, _ b: Store) throws {
        _ = try a.sync()
        _ = try b.sync()
        _ = try a.sync()
    }

    @Test("edits to different fields of one record are both kept, with no conflict")
    func differentFields() throws {
        let a = try fixture.firstPeer()
        let id = try a.put("dog", ["name": "Pixel"]).id
        _ = try a.sync()
        let b = try fixture.clonedPeer("b")
        try a.edit(id, ["name": "Pixel the Brave"])
        try b.edit(id, ["breed": "collie"])
        try settle(a, b)
        for store in [a, b] {
            let record = try #require(try store.record(id: id))
            #expect(record.value["name"] == "Pixel the Brave")
            #expect(record.value["breed"] == "collie")
            #expect(record.value["conflicts"] == nil)
        }
        #expect(try fixture.headTree(a) == fixture.headTree(b))
        #expect(try fixture.gitStatus(a).isEmpty && fixture.gitStatus(b).isEmpty)
    }

    @Test("the same field edited on both peers: the same winner on both, and the loser kept on both")
    func sameField() throws {
        let a = try fixture.firstPeer()
        let id = try a.put("dog", ["name": "Pixel"]).id
        _ = try a.sync()
        let b = try fixture.clonedPeer("b")
        try a.edit(id, ["name": "Pixel A"])
        try b.edit(id, ["name": "Pixel B"])  // later clock: wins
        try settle(a, b)
        let fromA = try #require(try a.record(id: id)), fromB = try #require(try b.record(id: id))
        #expect(fromA == fromB)
        #expect(fromA.value["name"] == "Pixel B")
        let kept = try a.conflicts()
        #expect(kept.count == 1)
        #expect(kept.first?.field == "name" && kept.first?.kept == "Pixel A")
        #expect(try b.conflicts() == kept)
    }

    @Test("tags added on both sides end up as their union")
    func tagsUnion() throws {
        let a = try fixture.firstPeer()
        let journal = try a.put("journal", ["name": "Days"]).id
        let id = try a.put("entry", [
            "journalId": .string(journal), "text": "A walk.", "date": "2026-11-20T08:00:00.000Z", "tags": ["walk"],
        ]).id
        _ = try a.sync()
        let b = try fixture.clonedPeer("b")
        try a.edit(id, ["tags": ["walk", "rain"]])
        try b.edit(id, ["tags": ["walk", "park"]])
        try settle(a, b)
        for store in [a, b] {
            let tags = try #require(try store.record(id: id)?.value["tags"]?.arrayValue).compactMap(\.stringValue)
            #expect(Set(tags) == ["walk", "rain", "park"])
        }
        #expect(try a.conflicts().isEmpty)
    }

    @Test("an edit against a delete: the edit is kept, with a note")
    func editAgainstDelete() throws {
        let a = try fixture.firstPeer()
        let id = try a.put("dog", ["name": "Pixel"]).id
        _ = try a.sync()
        let b = try fixture.clonedPeer("b")
        try a.transaction { try $0.delete(id: id) }
        try b.edit(id, ["name": "Pixel, still here"])
        try settle(a, b)
        for store in [a, b] {
            let record = try #require(try store.record(id: id), "the edited record must survive the delete")
            #expect(record.value["name"] == "Pixel, still here")
            #expect(store.conflicts(in: record).contains { $0.field == "record" })
        }
        #expect(try fixture.headTree(a) == fixture.headTree(b))
    }

    @Test("a delete against no change: the delete wins")
    func deleteAgainstUnchanged() throws {
        let a = try fixture.firstPeer()
        let id = try a.put("dog", ["name": "Pixel"]).id
        let other = try a.put("dog", ["name": "Rex"]).id
        _ = try a.sync()
        let b = try fixture.clonedPeer("b")
        try a.transaction { try $0.delete(id: id) }
        try b.edit(other, ["name": "Rex II"])
        try settle(a, b)
        for store in [a, b] {
            #expect(try store.record(id: id) == nil)
            #expect(try store.record(id: other)?.value["name"] == "Rex II")
        }
    }

    @Test("the same photo added on both peers is stored once")
    func samePhotoTwice() throws {
        let a = try fixture.firstPeer()
        let b = try fixture.clonedPeer("b")
        let photo = try Array(Data(contentsOf: URL(fileURLWithPath: SharedFixtures.dayOnePhoto)))
        let fromA = try a.transaction { try $0.addMedia(photo, source: "photo.jpeg") }.value
        let fromB = try b.transaction { try $0.addMedia(photo, source: "photo.jpeg") }.value
        #expect(fromA == fromB)
        _ = try a.put("dog", ["name": "Pixel"])  // make the histories diverge beyond the photo
        try settle(a, b)
        for store in [a, b] {
            let files = try FileManager.default.subpathsOfDirectory(atPath: store.path + "/media").filter { $0.hasSuffix(".jpg") }
            #expect(files == [String(fromA.path.dropFirst("media/".count))])
        }
        #expect(try fixture.headTree(a) == fixture.headTree(b))
    }

    @Test("a record the peer pushed invalid is kept as it came, named in the summary, and reported by check")
    func invalidRecordFromPeer() throws {
        let a = try fixture.firstPeer()
        let id = try a.put("dog", ["name": "Pixel"]).id
        _ = try a.sync()
        // A careless peer: plain git, a broken file, pushed straight to the hub.
        let cli = TroveCLI(home: fixture.folder.child("home"), store: fixture.folder.child("careless"))
        try #require(cli.git("clone", "-q", fixture.hub, cli.store, in: fixture.folder.path).status == 0)
        let path = try #require(FileManager.default.subpathsOfDirectory(atPath: cli.store + "/dogs").first { $0.hasSuffix("\(id).json") })
        try Data(#"{"id": "\#(id)", "name": 42"#.utf8).write(to: URL(fileURLWithPath: cli.store + "/dogs/" + path))
        try cli.git("commit", "-qam", "oops", in: cli.store)
        try #require(cli.git("push", "-q", "origin", "HEAD:main", in: cli.store).status == 0)

        let summaries = try a.sync()
        #expect(summaries.first?.invalidFiles == ["dogs/" + path])
        let problems = try a.check()
        #expect(problems.contains { $0.path == "dogs/" + path })
        #expect(FileManager.default.contents(atPath: a.path + "/dogs/" + path).map { String(decoding: $0, as: UTF8.self) }
            == #"{"id": "\#(id)", "name": 42"#)
        #expect(try fixture.gitStatus(a).isEmpty)
    }

    @Test("an unreachable hub gets a clear message, does not stop the other remotes, and the store is untouched")
    func unreachableHub() throws {
        let a = try fixture.firstPeer()
        try a.addRemote(name: "gone", url: fixture.folder.child("nowhere/trove.git"))
        _ = try a.put("dog", ["name": "Pixel"])
        let head = try a.headCommitID()
        do {
            _ = try a.sync()
            Issue.record("syncing with an unreachable hub must throw")
        } catch {
            #expect("\(error)".contains("nowhere"))
        }
        // The other remote still synced before the failure was reported.
        #expect(try fixture.hubHead() == head)
        #expect(try a.headCommitID() == head)
        #expect(try fixture.gitStatus(a).isEmpty)
    }

    @Test("a hand edit that the merge would overwrite stops the sync before anything changes")
    func handEditStopsSync() throws {
        let a = try fixture.firstPeer()
        let id = try a.put("dog", ["name": "Pixel"]).id
        _ = try a.sync()
        let b = try fixture.clonedPeer("b")
        try a.edit(id, ["name": "Pixel A"])
        _ = try a.sync()
        let file = try #require(FileManager.default.subpathsOfDirectory(atPath: b.path + "/dogs").first { $0.hasSuffix("\(id).json") })
        let handEdited = b.path + "/dogs/" + file
        let text = try String(contentsOfFile: handEdited, encoding: .utf8).replacingOccurrences(of: "Pixel", with: "Pixie")
        try text.write(toFile: handEdited, atomically: true, encoding: .utf8)
        let head = try b.headCommitID()
        #expect(throws: StoreError.handEdited(path: "dogs/" + file)) { try b.sync() }
        #expect(try b.headCommitID() == head)
        #expect(try String(contentsOfFile: handEdited, encoding: .utf8) == text)
    }
}

/// Real sample files from ../shared/fixtures.
enum SharedFixtures {
    static let root = StoreAudit.packageRoot + "/../shared/fixtures"
    static let dayOnePhoto = root + "/dayone/dev-journal/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg"
}

@Suite("append-only logs in sync")
struct LogSyncTests {
    let fixture = SyncFixture()

    /// One tracker report as a canonical log line.
    static func report(_ number: Int) -> String {
        #"{"at":"2026-11-2\#(number)T10:00:00.000Z","id":"01a20000-0000-7000-8000-00000000000\#(number)","lat":\#(number),"lon":2,"trackerId":"tag-1"}"# + "\n"
    }

    @Test("a JSONL log appended on both peers merges as the union of its lines, one per id, sorted")
    func logUnion() throws {
        let a = try fixture.firstPeer()
        // Logs are written by the tracker feature later; here plain git plays the other peer.
        let log = "logs/tracker-reports/tag-1/2026-11.jsonl"
        let cli = TroveCLI(home: fixture.folder.child("home"), store: fixture.folder.child("p"))
        try #require(cli.git("clone", "-q", fixture.hub, cli.store, in: fixture.folder.path).status == 0)
        try fixture.folder.write("p/" + log, Self.report(1))
        try cli.git("add", log, in: cli.store)
        try cli.git("commit", "-qm", "first report", in: cli.store)
        try #require(cli.git("push", "-q", "origin", "HEAD:main", in: cli.store).status == 0)
        _ = try a.sync()
        // Both sides append a different line to the same log.
        try fixture.folder.write("p/" + log, Self.report(1) + Self.report(3))
        try cli.git("commit", "-qam", "report from p", in: cli.store)
        try #require(cli.git("push", "-q", "origin", "HEAD:main", in: cli.store).status == 0)
        let path = a.path + "/" + log
        try (Self.report(1) + Self.report(2)).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try a.handEdits().map(\.kind) == [.log(type: "tracker-report")])
        try a.commitHandEdits(message: "report from a")
        _ = try a.sync()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.report(1) + Self.report(2) + Self.report(3))
        #expect(try fixture.gitStatus(a).isEmpty)
        #expect(try a.check().isEmpty)
    }

    @Test("a log line that breaks its schema is refused by commit and named by check")
    func invalidLogLine() throws {
        let a = try fixture.firstPeer()
        let path = a.path + "/logs/tracker-reports/tag-1/2026-11.jsonl"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (Self.report(1) + #"{"id":"01a20000-0000-7000-8000-000000000009","lat":500}"# + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StoreError.self) { try a.commitHandEdits(message: "bad") }
        #expect(try a.check().contains { $0.path.hasSuffix("2026-11.jsonl") && $0.message.contains("line 2") })
    }
}
