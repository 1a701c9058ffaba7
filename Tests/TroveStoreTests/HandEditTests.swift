import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Hand edits")
struct HandEditTests {
    /// The record's JSON with `change` applied, written compactly and in another key order, as a person might.
    func edited(_ record: Record, _ change: (inout JSONValue) -> Void) -> String {
        var value = record.value
        change(&value)
        let members = value.objectValue!.sorted { $0.key > $1.key }
        return "{" + members.map { "\"\($0.key)\":\(CanonicalJSON.compact($0.value))" }.joined(separator: ", ") + "}"
    }

    @Test("an edited record file shows as a hand edit of that record")
    func editShows() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        try fixture.handEdit(fixture.path(of: dog), edited(dog) { $0["name"] = "Rex the Great" })
        let edits = try fixture.store.handEdits()
        #expect(edits.count == 1)
        #expect(edits.first?.path == fixture.path(of: dog))
        #expect(edits.first?.change == .modified)
        #expect(edits.first?.kind == .record(type: "dog", id: dog.id))
        // Reads come from HEAD, not from the edited file.
        #expect(try fixture.store.record(id: dog.id) == dog)

        try FileManager.default.removeItem(atPath: fixture.path + "/" + fixture.path(of: dog))
        #expect(try fixture.store.handEdits().map(\.change) == [.deleted])
    }

    @Test("a transaction that would overwrite a hand edit is refused; other records can still change")
    func transactionRefusesHandEdit() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        let other = try fixture.put(["name": "Other"])
        let handText = edited(dog) { $0["name"] = "By hand" }
        try fixture.handEdit(fixture.path(of: dog), handText)
        let head = try fixture.store.headCommitID()

        #expect(throws: StoreError.handEdited(path: fixture.path(of: dog))) {
            try fixture.put(["id": .string(dog.id), "name": "By trove"])
        }
        #expect(throws: StoreError.handEdited(path: fixture.path(of: dog))) {
            try fixture.store.transaction { try $0.delete(id: dog.id) }
        }
        #expect(StoreError.handEdited(path: "x").description.contains("commit them, or restore the file"))
        #expect(try fixture.store.headCommitID() == head)
        #expect(fixture.checkedOut(fixture.path(of: dog)) == Array(handText.utf8), "the hand edit was overwritten")

        try fixture.put(["id": .string(other.id), "name": "Other, renamed"])
        #expect(try fixture.store.record(id: other.id)?.label == "Other, renamed")
        #expect(fixture.checkedOut(fixture.path(of: dog)) == Array(handText.utf8))
        #expect(try fixture.store.handEdits().map(\.path) == [fixture.path(of: dog)])
    }

    @Test("a hand edit staged with git add, then restored in the work tree, is still protected")
    func stagedEditProtected() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        try fixture.handEdit(fixture.path(of: dog), edited(dog) { $0["name"] = "Staged" })
        #expect(try fixture.git("add", fixture.path(of: dog)).status == 0)
        try fixture.handEdit(fixture.path(of: dog), String(decoding: dog.canonicalBytes, as: UTF8.self))
        #expect(try fixture.store.handEdits().map(\.path) == [fixture.path(of: dog)])
        #expect(throws: StoreError.handEdited(path: fixture.path(of: dog))) {
            try fixture.put(["id": .string(dog.id), "name": "Overwrite"])
        }
        #expect(try fixture.git("diff", "--cached", "--name-only").trimmed == fixture.path(of: dog))
    }

    @Test("a new file at a path a transaction would write is a hand edit too")
    func untrackedFileProtected() throws {
        let fixture = try StoreFixture()
        let reference = try fixture.store.transaction { try $0.addMedia(Images.gif, source: "g.gif") }.value
        try fixture.store.undo()
        try fixture.handEdit(reference.path, "mine")
        #expect(throws: StoreError.handEdited(path: reference.path)) {
            try fixture.store.transaction { _ = try $0.addMedia(Images.gif, source: "g.gif") }
        }
        #expect(fixture.checkedOut(reference.path) == Array("mine".utf8))
    }

    @Test("commitHandEdits commits a valid edit canonically, with a new clock")
    func commitValidEdit() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        try fixture.handEdit(fixture.path(of: dog), edited(dog) { $0["name"] = "Rex the Great"; $0["breed"] = "Mixed / unknown" })
        let count = try fixture.commitCount()

        let result = try fixture.store.commitHandEdits(message: "Rename Rex by hand")
        #expect(result.commit != nil)
        #expect(result.summary == "Rename Rex by hand")
        #expect(try fixture.commitCount() == count + 1)
        let stored = try #require(try fixture.store.record(id: dog.id))
        #expect(stored.label == "Rex the Great")
        #expect(stored.value["breed"] == "Mixed / unknown")
        #expect(stored.createdAt == dog.createdAt)
        let before = try #require(dog.clock.flatMap(HybridClock.init))
        let after = try #require(stored.clock.flatMap(HybridClock.init))
        #expect(before < after)
        #expect(stored.updatedAt == after.timestamp)
        #expect(fixture.checkedOut(fixture.path(of: dog)) == stored.canonicalBytes, "the file is rewritten canonically")
        #expect(try fixture.store.handEdits().isEmpty)
        #expect(try fixture.store.commitHandEdits(message: "again").commit == nil)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("commitHandEdits commits a deleted file and a record file made by hand")
    func commitDeleteAndNew() throws {
        let fixture = try StoreFixture()
        let gone = try fixture.put(["name": "Gone"])
        try FileManager.default.removeItem(atPath: fixture.path + "/" + fixture.path(of: gone))
        let newID = "01a19628-83c0-7ac2-8c72-4c22e9a2961c"
        let newPath = fixture.recordPath(type: "dog", id: newID)
        try fixture.handEdit(newPath, #"{"id": "\#(newID)", "name": "Handmade"}"#)

        try fixture.store.commitHandEdits(message: "By hand")
        #expect(try fixture.store.record(id: gone.id) == nil)
        let made = try #require(try fixture.store.record(id: newID))
        #expect(made.label == "Handmade")
        #expect(made.type == "dog")
        #expect(made.value["v"] == 1)
        #expect(fixture.checkedOut(newPath) == made.canonicalBytes)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("an edit that violates the schema is refused, naming the file and the field, and nothing is committed")
    func invalidEditRefused() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        let text = edited(dog) { $0["sex"] = "sometimes" }
        try fixture.handEdit(fixture.path(of: dog), text)
        let head = try fixture.store.headCommitID()

        let error = #expect(throws: StoreError.self) { try fixture.store.commitHandEdits(message: "bad") }
        guard case .invalidRecord(let source, let violations) = error else {
            Issue.record("expected invalidRecord, got \(String(describing: error))")
            return
        }
        #expect(source == fixture.path(of: dog))
        #expect(violations.map(\.path) == ["/sex"])
        #expect(error!.description.contains(fixture.path(of: dog)) && error!.description.contains("the sex is \"sometimes\""))
        #expect(try fixture.store.headCommitID() == head)
        #expect(fixture.checkedOut(fixture.path(of: dog)) == Array(text.utf8), "a refused edit is kept for fixing")
    }

    @Test("broken JSON is refused, naming the file, line and column, and nothing is committed")
    func brokenJSONRefused() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        let good = try fixture.put(["name": "Fine"])
        try fixture.handEdit(fixture.path(of: good), edited(good) { $0["name"] = "Fine, edited" })
        try fixture.handEdit(fixture.path(of: dog), "{\n  \"name\": \"Rex\",\n  oops\n}\n")
        let head = try fixture.store.headCommitID()

        let error = #expect(throws: StoreError.self) { try fixture.store.commitHandEdits(message: "bad") }
        guard case .invalidJSON(let source, let parseError) = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(source == fixture.path(of: dog))
        #expect(parseError.line == 3)
        #expect(error!.description.contains("line 3"))
        #expect(try fixture.store.headCommitID() == head, "one bad file refuses the whole commit")
        #expect(try fixture.store.record(id: good.id) == good)
    }

    @Test("an edit that changes the id is refused")
    func changedIDRefused() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        try fixture.handEdit(fixture.path(of: dog), edited(dog) { $0["id"] = "01a19628-83c0-7ac2-8c72-4c22e9a2961c" })
        let head = try fixture.store.headCommitID()
        let error = #expect(throws: StoreError.self) { try fixture.store.commitHandEdits(message: "bad") }
        #expect(error?.description.contains(fixture.path(of: dog)) == true)
        #expect(error?.description.contains("id") == true)
        #expect(try fixture.store.headCommitID() == head)
    }

    @Test("a foreign file is left alone: not committed, not removed")
    func foreignFileLeftAlone() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        try fixture.handEdit("notes.txt", "my own notes\n")
        try fixture.handEdit(fixture.path(of: dog), edited(dog) { $0["name"] = "Rex II" })
        #expect(try fixture.store.handEdits().contains { $0.path == "notes.txt" && $0.kind == .foreign && $0.change == .untracked })

        try fixture.store.commitHandEdits(message: "Rename")
        #expect(fixture.checkedOut("notes.txt") == Array("my own notes\n".utf8))
        let remaining = try fixture.store.handEdits()
        #expect(remaining.map(\.path) == ["notes.txt"])
        #expect(remaining.first?.kind == .foreign)
        let tree = try fixture.git("ls-tree", "-r", "--name-only", "HEAD")
        #expect(!tree.stdout.contains("notes.txt"))
        // Ordinary transactions leave it alone too.
        try fixture.put(["name": "Another"])
        #expect(fixture.checkedOut("notes.txt") == Array("my own notes\n".utf8))
        #expect(try fixture.store.check().isEmpty, "a foreign untracked file is not a problem")
    }

    @Test("an edit of trove.json is refused by commitHandEdits")
    func storeFileRefused() throws {
        let fixture = try StoreFixture()
        try fixture.handEdit("trove.json", "{\"format\": 1}\n")
        let head = try fixture.store.headCommitID()
        let error = #expect(throws: StoreError.self) { try fixture.store.commitHandEdits(message: "meta") }
        #expect(error?.description.contains("trove.json") == true)
        #expect(try fixture.store.headCommitID() == head)
        #expect(try fixture.store.check().contains { $0.path == "trove.json" })
    }
}
