import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("History and undo")
struct HistoryUndoTests {
    @Test("a record's history lists only the commits that touched it, also after it was deleted")
    func recordHistory() throws {
        let fixture = try StoreFixture()
        let (a, created) = try fixture.store.transaction { try $0.put(["name": "A"], type: "dog") }
        let b = try fixture.put(["name": "B"])
        let renamed = try fixture.store.transaction { try $0.put(["id": .string(a.id), "name": "A2"], type: "dog") }.result
        try fixture.put(["id": .string(b.id), "name": "B2"])
        let deleted = try fixture.store.transaction { try $0.delete(id: a.id) }.result
        try fixture.put(["name": "C"])

        let history = try fixture.store.history(id: a.id)
        #expect(history.map(\.commit) == [deleted.commit, renamed.commit, created.commit].compactMap { $0 })
        #expect(try fixture.store.history(id: b.id).count == 2)
        #expect(try fixture.store.history(id: a.id, limit: 1).map(\.commit) == [deleted.commit!])
        #expect(try fixture.store.history().count == 7)
        #expect(history.allSatisfy { !$0.author.isEmpty && $0.summary.contains("A") })
        #expect(throws: StoreError.recordNotFound(id: "01a19628-83c0-7ac2-8c72-4c22e9a2961c")) {
            try fixture.store.history(id: "01a19628-83c0-7ac2-8c72-4c22e9a2961c")
        }
        #expect(throws: StoreError.self) { try fixture.store.history(id: "nonsense") }
    }

    @Test("a record can be read as it was at any commit")
    func recordAtCommit() throws {
        let fixture = try StoreFixture()
        let (first, c1) = try fixture.store.transaction { try $0.put(["name": "One"], type: "dog") }
        let (second, c2) = try fixture.store.transaction { try $0.put(["id": .string(first.id), "name": "Two"], type: "dog") }
        let c3 = try fixture.store.transaction { try $0.delete(id: first.id) }.result
        let root = try #require(try fixture.store.history().last?.commit)

        #expect(try fixture.store.record(id: first.id, at: c1.commit) == first)
        #expect(try fixture.store.record(id: first.id, at: c2.commit) == second)
        #expect(try fixture.store.record(id: first.id, at: c3.commit) == nil)
        #expect(try fixture.store.record(id: first.id, at: root) == nil)
        #expect(try fixture.store.record(id: first.id) == nil)
        #expect(try fixture.store.resolveCommit("HEAD~1") == c2.commit)
        #expect(try fixture.store.resolveCommit(String(c1.commit!.hex.prefix(10))) == c1.commit)
        #expect(throws: StoreError.unknownCommit("no-such-commit")) { try fixture.store.resolveCommit("no-such-commit") }
    }

    @Test("undo reverts the last action as a new commit, and a second undo the action before it")
    func undoTwice() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Original"])
        let afterCreate = try fixture.store.headCommitID()
        let renamed = try fixture.put(["id": .string(dog.id), "name": "Renamed"])
        let other = try fixture.put(["name": "Other"])
        let count = try fixture.commitCount()

        let first = try fixture.store.undo()
        #expect(first.commit != nil)
        #expect(try fixture.commitCount() == count + 1, "undo must add a commit, not rewrite history")
        #expect(try fixture.store.record(id: other.id) == nil)
        #expect(try fixture.store.record(id: dog.id) == renamed)
        #expect(first.summary.hasPrefix("Undo"))
        try expectCheckoutMatchesHead(fixture)

        try fixture.store.undo()
        #expect(try fixture.commitCount() == count + 2)
        #expect(try fixture.store.record(id: dog.id) == dog, "the second undo restores the record's earlier bytes")
        #expect(try fixture.store.headCommitID() != afterCreate)
        // Same tree as right after the create: the undos restored the exact state.
        let now = try fixture.git("rev-parse", "HEAD^{tree}").trimmed
        let then = try fixture.git("rev-parse", "\(afterCreate!.hex)^{tree}").trimmed
        #expect(now == then)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("undo after undo and a new action walks back past what was already undone")
    func undoSkipsUndone() throws {
        let fixture = try StoreFixture()
        let a = try fixture.put(["name": "A"])
        let b = try fixture.put(["name": "B"])
        try fixture.store.undo()  // removes B
        let c = try fixture.put(["name": "C"])
        #expect(try fixture.store.records(ofType: "dog") == [a, c])
        try fixture.store.undo()  // removes C
        #expect(try fixture.store.records(ofType: "dog") == [a])
        try fixture.store.undo()  // B's add is already undone, so this removes A
        #expect(try fixture.store.records(ofType: "dog").isEmpty)
        #expect(try fixture.store.record(id: b.id) == nil)
        #expect(throws: StoreError.nothingToUndo) { try fixture.store.undo() }
        #expect(try fixture.commitCount() == 7)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("undo of a delete brings the record back")
    func undoDelete() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Lost"])
        try fixture.store.transaction { try $0.delete(id: dog.id) }
        #expect(try fixture.store.record(id: dog.id) == nil)
        try fixture.store.undo()
        #expect(try fixture.store.record(id: dog.id) == dog)
        #expect(fixture.checkedOut(fixture.path(of: dog)) == dog.canonicalBytes)
        #expect(try fixture.store.history(id: dog.id).count == 3)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("undo of a bulk transaction reverts all of it in one commit")
    func undoBulk() throws {
        let fixture = try StoreFixture()
        let keep = try fixture.put(["name": "Keep"])
        try fixture.store.transaction { transaction in
            for number in 0..<300 { try transaction.put(["name": .string("Bulk \(number)")], type: "dog") }
            try transaction.delete(id: keep.id)
            _ = try transaction.addMedia(Images.png, source: "p.png")
        }
        let count = try fixture.commitCount()
        try fixture.store.undo()
        #expect(try fixture.commitCount() == count + 1)
        #expect(try fixture.store.records(ofType: "dog") == [keep])
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/media"))
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("a fresh store has nothing to undo, and neither does one whose actions are all undone")
    func nothingToUndo() throws {
        let fixture = try StoreFixture()
        let head = try fixture.store.headCommitID()
        #expect(throws: StoreError.nothingToUndo) { try fixture.store.undo() }
        #expect(try fixture.store.headCommitID() == head)

        try fixture.put(["name": "Once"])
        try fixture.store.undo()
        let afterUndo = try fixture.store.headCommitID()
        #expect(throws: StoreError.nothingToUndo) { try fixture.store.undo() }
        #expect(try fixture.store.headCommitID() == afterUndo)
        #expect(try fixture.store.records(ofType: "dog").isEmpty)
        #expect(try fixture.store.metadata()["format"] == 1, "undo never reverts the store's creation")
    }

    @Test("undo refuses to overwrite a hand edit of a record it would revert")
    func undoRespectsHandEdits() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        try fixture.handEdit(fixture.path(of: dog), "{\"edited\": true}\n")
        let head = try fixture.store.headCommitID()
        #expect(throws: StoreError.handEdited(path: fixture.path(of: dog))) { try fixture.store.undo() }
        #expect(try fixture.store.headCommitID() == head)
        #expect(fixture.checkedOut(fixture.path(of: dog)) == Array("{\"edited\": true}\n".utf8))
    }
}
