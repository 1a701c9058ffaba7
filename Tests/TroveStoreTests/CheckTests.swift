import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Check")
struct CheckTests {
    /// A store with a journal, an entry, dogs and a photo.
    func populated() throws -> (StoreFixture, journal: Record, entry: Record, dogs: [Record]) {
        let fixture = try StoreFixture()
        let (records, _) = try fixture.store.transaction { transaction -> (Record, Record, [Record]) in
            let journal = try transaction.put(["name": "Notes"], type: "journal")
            let photo = try transaction.addMedia(try Images.jpeg(), source: "photo.jpeg")
            var fields = entryFields(journalId: journal.id)
            fields["photos"] = [["id": "01a20235-57a0-7c42-b0ca-f44c10708720", "media": .string(photo.sha256)]]
            let entry = try transaction.put(fields, type: "entry")
            let dogs = try (0..<3).map { try transaction.put(["name": .string("Dog \($0)")], type: "dog") }
            return (journal, entry, dogs)
        }
        return (fixture, records.0, records.1, records.2)
    }

    /// Commits the work tree as it is with the git program, as someone bypassing Trove would.
    func commitWithGit(_ fixture: StoreFixture, _ message: String) throws {
        let add = try fixture.git("add", "-A")
        #expect(add.status == 0, "\(add.stderr)")
        let commit = try fixture.git("commit", "-q", "-m", message)
        #expect(commit.status == 0, "\(commit.stderr)")
    }

    @Test("a clean store has no problems")
    func cleanStore() throws {
        let (fixture, _, _, _) = try populated()
        #expect(try fixture.store.check() == [])
        let empty = try StoreFixture()
        #expect(try empty.store.check() == [])
    }

    @Test("a committed record with a schema violation is named, and the other records stay usable")
    func committedSchemaViolation() throws {
        let (fixture, journal, entry, dogs) = try populated()
        let bad = dogs[1]
        var value = bad.value
        value["sex"] = "sometimes"
        try fixture.handEdit(fixture.path(of: bad), CanonicalJSON.string(value))
        try commitWithGit(fixture, "Edit a dog behind Trove's back")

        let problems = try fixture.store.check()
        #expect(problems.map(\.path) == [fixture.path(of: bad)])
        #expect(problems.first?.message.contains("the sex is \"sometimes\"") == true, "\(problems)")
        #expect(problems.first?.description.hasPrefix(fixture.path(of: bad)) == true)

        #expect(try fixture.store.record(id: dogs[0].id) == dogs[0])
        #expect(try fixture.store.record(id: journal.id) == journal)
        #expect(try fixture.store.record(id: entry.id) == entry)
        #expect(try fixture.store.records(ofType: "dog").count == 3)
        #expect(try fixture.store.records(ofType: "entry") == [entry])
        // The store keeps working: new records can be put.
        try fixture.put(["name": "After"])
        #expect(try fixture.store.records(ofType: "dog").count == 4)
    }

    @Test("a committed record with broken JSON is named, and the other records stay usable")
    func committedBrokenJSON() throws {
        let (fixture, journal, entry, dogs) = try populated()
        let bad = dogs[2]
        try fixture.handEdit(fixture.path(of: bad), "{\n  \"name\": \"Dog 2\"\n  \"oops\": 1\n}\n")
        try commitWithGit(fixture, "Break a dog")

        let problems = try fixture.store.check()
        #expect(problems.map(\.path) == [fixture.path(of: bad)])
        #expect(problems.first?.message.contains("line 3") == true, "\(problems)")

        #expect(throws: StoreError.self) { try fixture.store.record(id: bad.id) }
        #expect(try fixture.store.record(id: dogs[0].id) == dogs[0])
        #expect(try fixture.store.record(id: entry.id) == entry)
        #expect(try fixture.store.records(ofType: "dog") == [dogs[0], dogs[1]])
        #expect(try fixture.store.records(ofType: "journal") == [journal])
        #expect(try fixture.store.recordCounts().first { $0.type == "dog" }?.count == 3)
        try fixture.put(["id": .string(dogs[0].id), "name": "Still editable"])
        #expect(try fixture.store.record(id: dogs[0].id)?.label == "Still editable")
    }

    @Test("a committed record that is valid but not canonical, or whose id disagrees with its name, is named")
    func committedNonCanonical() throws {
        let (fixture, _, _, dogs) = try populated()
        try fixture.handEdit(fixture.path(of: dogs[0]), CanonicalJSON.compact(dogs[0].value))
        var moved = dogs[1].value
        moved["id"] = "01a19628-83c0-7ac2-8c72-4c22e9a2961c"
        try fixture.handEdit(fixture.path(of: dogs[1]), CanonicalJSON.string(moved))
        try commitWithGit(fixture, "Sloppy edits")
        let problems = try fixture.store.check()
        #expect(Set(problems.map(\.path)) == [fixture.path(of: dogs[0]), fixture.path(of: dogs[1])], "\(problems)")
        #expect(problems.first { $0.path == fixture.path(of: dogs[0]) }?.message.contains("canonical") == true)
        #expect(problems.first { $0.path == fixture.path(of: dogs[1]) }?.message.contains("id") == true)
    }

    @Test("a committed media file whose bytes do not match its name is named")
    func committedBadMedia() throws {
        let (fixture, _, _, _) = try populated()
        let reference = try fixture.store.transaction { try $0.addMedia(Images.png, source: "p.png") }.value
        try fixture.handEdit(reference.path, "not the picture")
        try fixture.handEdit("media/00/unnamed.bin", "stray")
        try commitWithGit(fixture, "Swap a picture")
        let problems = try fixture.store.check()
        #expect(Set(problems.map(\.path)) == [reference.path, "media/00/unnamed.bin"], "\(problems)")
    }

    @Test("an uncommitted invalid hand edit is named as such; a valid one is not a problem")
    func uncommittedEdits() throws {
        let (fixture, _, _, dogs) = try populated()
        var valid = dogs[0].value
        valid["name"] = "Edited"
        try fixture.handEdit(fixture.path(of: dogs[0]), CanonicalJSON.string(valid))
        #expect(try fixture.store.check() == [])

        try fixture.handEdit(fixture.path(of: dogs[1]), "{ broken")
        let problems = try fixture.store.check()
        #expect(problems.map(\.path) == [fixture.path(of: dogs[1])])
        #expect(problems.first?.message.contains("uncommitted hand edit") == true)
    }

    @Test("a valid hand edit in another layout is not a problem: trove commit will write it canonically")
    func uncommittedNonCanonicalEdit() throws {
        let (fixture, _, _, dogs) = try populated()
        var valid = dogs[0].value
        valid["name"] = "Edited by hand"
        // Compact, as an editor or a script might write it.
        try fixture.handEdit(fixture.path(of: dogs[0]), CanonicalJSON.compact(valid) + "\n")
        let problems = try fixture.store.check()
        #expect(problems.isEmpty, "\(problems)")
        try fixture.store.commitHandEdits(message: "Edit")
        #expect(try fixture.store.check().isEmpty)
    }

    @Test("a corrupt git object is reported")
    func corruptObject() throws {
        let (fixture, _, _, dogs) = try populated()
        let blob = try fixture.git("rev-parse", "HEAD:\(fixture.path(of: dogs[0]))").trimmed
        let objectFile = fixture.path + "/.git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"
        #expect(FileManager.default.fileExists(atPath: objectFile), "expected a loose object")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: objectFile)
        try Data("garbage, not zlib".utf8).write(to: URL(fileURLWithPath: objectFile))
        let problems = try fixture.store.check()
        #expect(!problems.isEmpty)
        #expect(problems.contains { $0.path == fixture.path(of: dogs[0]) || $0.message.contains(String(blob.prefix(10))) }, "\(problems)")
        #expect(try fixture.store.record(id: dogs[1].id) == dogs[1])
    }
}
