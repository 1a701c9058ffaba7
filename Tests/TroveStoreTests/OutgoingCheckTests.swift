import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveSchema
import TroveStore
import TroveTestSupport

/// Commits made with plain git never pass Trove's checks. A push carries only what `check` accepts:
/// the outgoing files are judged before anything is sent, and the refusal names commit and path.
@Suite("what a push carries (issue 26)")
struct OutgoingCheckTests {
    let fixture = SyncFixture()

    enum Corruption: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case invalidJSON, schemaViolation, alteredMedia, strayFile, wrongFanout, idInTwoCollections, notCanonical,
             futureClock, deletedAttributes, deletedMediaInUse
        var testDescription: String { rawValue }
    }

    /// Runs the git program in `store`'s folder.
    @discardableResult
    func git(_ store: Store, _ arguments: String...) throws -> ProcessOutput {
        let cli = TroveCLI(home: fixture.folder.child("home"), store: store.path)
        let output = try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: store.path, environment: cli.environment.merging([
            "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { _, new in new })
        #expect(output.status == 0, "git \(arguments): \(output.stderr)")
        return output
    }

    func write(_ store: Store, _ relative: String, _ bytes: [UInt8]) throws {
        let target = store.path + "/" + relative
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
    }

    func recordPath(_ record: Record) -> String {
        StoreLayout.recordPath(collection: FormatCatalog.bundledCollection(record.type), id: record.id)
    }

    /// A peer with a dog, a journal and an entry with a photo, all pushed; then `corruption` committed with git.
    /// Returns the peer and the path the refusal must name.
    func corrupted(_ corruption: Corruption) throws -> (Store, path: String) {
        let store = try fixture.firstPeer()
        let (dog, journal, photo) = try store.transaction { transaction -> (Record, Record, MediaReference) in
            let journal = try transaction.put(["name": "Notes"], type: "journal")
            let photo = try transaction.addMedia(try Images.jpeg(), source: "photo.jpeg")
            var fields = entryFields(journalId: journal.id)
            fields["photos"] = [["id": "01a20235-57a0-7c42-b0ca-f44c10708720", "media": .string(photo.sha256)]]
            _ = try transaction.put(fields, type: "entry")
            return (try transaction.put(["name": "Rex"], type: "dog"), journal, photo)
        }.value
        _ = try store.sync()
        let dogPath = recordPath(dog)
        var path = dogPath
        switch corruption {
        case .invalidJSON:
            try write(store, dogPath, Array("{ \"name\": \"Rex\",\n".utf8))
        case .schemaViolation:
            var value = dog.value
            value["sex"] = "sometimes"
            try write(store, dogPath, CanonicalJSON.encode(value))
        case .alteredMedia:
            path = photo.path
            var bytes = try Images.jpeg()
            bytes[bytes.count - 3] ^= 0x55
            try write(store, path, bytes)
        case .strayFile:
            path = "notes.txt"
            try write(store, path, Array("remember the milk\n".utf8))
        case .wrongFanout:
            let wrong = StoreLayout.fanout(dog.id) == "00" ? "01" : "00"
            path = "dogs/\(wrong)/\(dog.id).json"
            try FileManager.default.createDirectory(atPath: store.path + "/dogs/\(wrong)", withIntermediateDirectories: true)
            try git(store, "mv", dogPath, path)
        case .idInTwoCollections:
            var value = journal.value
            value["id"] = .string(dog.id)
            path = StoreLayout.recordPath(collection: "journals", id: dog.id)
            try write(store, path, CanonicalJSON.encode(value))
        case .notCanonical:
            try write(store, dogPath, Array(CanonicalJSON.compact(dog.value).utf8))
        case .futureClock:
            var value = dog.value
            value["updatedAt"] = "9999-12-31T23:59:59.999Z"
            value["clock"] = .string("9999-12-31T23:59:59.999Z/0000/\(store.peerID)")
            try write(store, dogPath, CanonicalJSON.encode(value))
        case .deletedAttributes:
            path = StoreLayout.attributesFile
            try git(store, "rm", "-q", path)
        case .deletedMediaInUse:
            path = photo.path
            try git(store, "rm", "-q", path)
        }
        try git(store, "add", "-A")
        try git(store, "commit", "-q", "-m", "Committed behind Trove's back")
        return (store, path)
    }

    @Test("sync refuses to push a commit made with git that check would not accept, naming commit and path", arguments: Corruption.allCases)
    func refusesCorruptPush(_ corruption: Corruption) throws {
        let (store, path) = try corrupted(corruption)
        let hubBefore = try fixture.hubHead()
        let bad = try #require(try store.headCommitID())
        do {
            _ = try store.sync()
            Issue.record("the push went through")
        } catch StoreError.pushRefused(let remote, let problems) {
            #expect(remote == "usb")
            let problem = try #require(problems.first { $0.path == path }, "\(problems)")
            #expect(problem.commit == bad.description)
            let text = StoreError.pushRefused(remote: remote, problems: problems).description
            #expect(text.contains(String(bad.description.prefix(10))) && text.contains(path), "\(text)")
            #expect(text.contains("Fix each file and commit it, or take the commit back"), "\(text)")
            #expect(!text.contains("trove "), "the store names no command; the shell adds them (ErrorText)")
        }
        #expect(try fixture.hubHead() == hubBefore, "nothing was pushed")

        // Undoing it on top clears the way: history is not rewritten, the hub gets the bad commit and its undo.
        try store.undo()
        let summaries = try store.sync()
        #expect(summaries.first?.sent == 2)
        #expect(try fixture.hubHead() == store.headCommitID())
    }

    @Test("a hand fix committed with trove commit clears the way too")
    func fixedByCommit() throws {
        let (store, path) = try corrupted(.invalidJSON)
        #expect(throws: StoreError.self) { try store.sync() }
        // The committed file does not parse: the fix replaces it whole.
        let id = String(path.split(separator: "/").last!.dropLast(5))
        try write(store, path, Array(#"{"id": "\#(id)", "name": "Rex the Second"}"#.utf8))
        try store.commitHandEdits(message: "Fix the dog")
        #expect(try store.record(id: id)?.label == "Rex the Second")
        _ = try store.sync()
        #expect(try fixture.hubHead() == store.headCommitID())
    }

    /// The store's record of the tree its checks last passed (`.git/trove/checked-tree`).
    func checkedTree(_ store: Store) -> String? {
        try? String(contentsOfFile: store.path + "/.git/trove/checked-tree", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("Trove's own commits keep the checked tree current, a commit made with git does not, and a first push to an empty hub still refuses it")
    func checkedTreeFollowsTrovesCommits() throws {
        let store = try Store.create(at: fixture.folder.child("fresh"))
        let dog = try store.transaction { try $0.put(["name": "Rex"], type: "dog") }.value
        let headTree = { try Repository(openingAt: store.path).tree(ofCommit: try #require(try store.headCommitID())).id.hex }
        #expect(try checkedTree(store) == headTree(), "a put validates what it writes")
        let afterTrove = try headTree()

        try write(store, recordPath(dog), Array("{ \"name\": \"Rex\",\n".utf8))
        try git(store, "commit", "-q", "-a", "-m", "Committed behind Trove's back")
        #expect(checkedTree(store) == afterTrove, "a commit made with git is not taken for checked")
        // And a Trove commit on top of it does not make it checked either.
        try store.put("dog", ["name": "Fido"])
        #expect(checkedTree(store) == afterTrove)

        try store.addRemote(name: "usb", url: fixture.hub, create: true)
        #expect(throws: StoreError.self) { try store.sync() }
        #expect(try fixture.hubHead() == nil, "nothing reached the empty hub")
    }

    @Test("a checked-tree file that names no tree, or garbage, means judging everything", arguments: ["0123456789abcdef0123456789abcdef01234567", "not a tree at all"])
    func unusableCheckedTree(_ content: String) throws {
        let store = try Store.create(at: fixture.folder.child("fresh"))
        let dog = try store.transaction { try $0.put(["name": "Rex"], type: "dog") }.value
        try write(store, recordPath(dog), Array("{ \"name\": \"Rex\",\n".utf8))
        try git(store, "commit", "-q", "-a", "-m", "Committed behind Trove's back")
        try Data(content.utf8).write(to: URL(fileURLWithPath: store.path + "/.git/trove/checked-tree"))
        try store.addRemote(name: "usb", url: fixture.hub, create: true)
        do {
            _ = try store.sync()
            Issue.record("the push went through")
        } catch StoreError.pushRefused(_, let problems) {
            #expect(problems.map(\.path) == [recordPath(dog)])
        }
    }

    @Test("a passing push records the tree it judged")
    func passingPushRecordsItsTree() throws {
        let store = try fixture.firstPeer()
        let dog = try store.transaction { try $0.put(["name": "Rex"], type: "dog") }.value
        // A hand edit that is valid, committed with git: judged by the push, and then taken for checked.
        var value = dog.value
        value["name"] = "Rex the Second"
        try write(store, recordPath(dog), CanonicalJSON.encode(value))
        try git(store, "commit", "-q", "-a", "-m", "A valid edit made with git")
        #expect(checkedTree(store) != nil)
        _ = try store.sync()
        #expect(try checkedTree(store) == Repository(openingAt: store.path).tree(ofCommit: try #require(try store.headCommitID())).id.hex)
    }

    @Test("commits that trove made push as before, and a peer's invalid record it merged is not its to refuse")
    func honestPushes() throws {
        let a = try fixture.firstPeer()
        try a.put("dog", ["name": "Rex"])
        #expect(try a.sync().first?.sent == 1)
        let b = try fixture.clonedPeer("b")
        try b.put("dog", ["name": "Fido"])
        try a.put("dog", ["name": "Bella"])
        _ = try a.sync()
        _ = try b.sync()
        _ = try a.sync()
        #expect(try a.headCommitID() == b.headCommitID())
        #expect(try fixture.hubHead() == a.headCommitID())
    }
}

extension FormatCatalog {
    /// The collection of a bundled record type.
    static func bundledCollection(_ type: String) -> String { bundled.format(for: type)!.collection }
}
