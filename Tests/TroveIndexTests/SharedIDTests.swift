import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

/// One id with files in two collections (committed with plain git, or cloned from a hub) broke the index's
/// unique id: "UNIQUE constraint failed". Every reader takes the file whose path sorts first.
@Suite("one id in two collections (issue 26)")
struct SharedIDTests {
    /// A journal with the id `id`, valid in every other respect.
    func journal(id: String, name: String, in fixture: IndexFixture) throws -> JSONValue {
        var value = try #require(fixture.store.records(ofType: "journal").first).value
        value["id"] = .string(id)
        value["name"] = .string(name)
        return value
    }

    func commitWithGit(_ fixture: IndexFixture, _ message: String) throws {
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", message)
    }

    @Test("a full build keeps the first file of a shared id and the index agrees with the store")
    func fullBuild() throws {
        let fixture = try IndexFixture()
        let journalID = try fixture.journal("Days")
        let dogID = try fixture.dog("Rex")
        // A journal file with the dog's id: dogs/ sorts before journals/, so the dog is the record.
        try fixture.writeRecordFile(try journal(id: dogID, name: "Impostor", in: fixture))
        try commitWithGit(fixture, "A second file for the dog's id")

        let index = try fixture.index()
        try index.rebuild()
        #expect(Set(try index.records(type: "dog", page: .all).ids) == [dogID])
        #expect(Set(try index.records(type: "journal", page: .all).ids) == [journalID])
        #expect(try fixture.store.record(id: dogID)?.type == "dog")
        #expect(try index.differences().isEmpty)
        let problems = try fixture.store.check()
        #expect(problems.map(\.path) == [try fixture.recordPath(type: "journal", id: dogID)], "\(problems)")
        #expect(problems.first?.message.contains(try fixture.recordPath(type: "dog", id: dogID)) == true, "\(problems)")
    }

    @Test("catching up takes the file that sorts first whichever came first, and the other's removal hands the id over")
    func incremental() throws {
        let fixture = try IndexFixture()
        let journalID = try fixture.journal("Days")
        let index = try fixture.index()

        // A dog file with the journal's id, after the journal was indexed: dogs/ sorts first, so it takes over.
        var dog = try #require(fixture.store.records(ofType: "journal").first).value
        dog = ["id": .string(journalID), "type": "dog", "v": 1, "name": "Shadow", "createdAt": dog["createdAt"]!,
               "updatedAt": dog["updatedAt"]!, "clock": dog["clock"]!]
        try fixture.writeRecordFile(dog)
        try commitWithGit(fixture, "A dog with the journal's id")
        _ = try index.catchUp()
        #expect(Set(try index.records(type: "dog", page: .all).ids) == [journalID])
        #expect(try index.records(type: "journal", page: .all).ids.isEmpty)
        #expect(try index.differences().isEmpty)

        // A journal file changed while the dog's sorts first: the dog stays the record.
        let journalPath = try fixture.recordPath(type: "journal", id: journalID)
        var value = try JSONValue(parsing: Array(FileManager.default.contents(atPath: fixture.path + "/" + journalPath)!))
        value["name"] = "Renamed"
        try Data(CanonicalJSON.encode(value)).write(to: URL(fileURLWithPath: fixture.path + "/" + journalPath))
        try commitWithGit(fixture, "Rename the journal")
        _ = try index.catchUp()
        #expect(Set(try index.records(type: "dog", page: .all).ids) == [journalID])
        #expect(try index.differences().isEmpty)

        // The dog's file goes: the journal's is the record again.
        try fixture.git("rm", "-q", try fixture.recordPath(type: "dog", id: journalID))
        try fixture.git("commit", "-q", "-m", "Remove the dog file")
        _ = try index.catchUp()
        #expect(try index.records(type: "dog", page: .all).ids.isEmpty)
        #expect(Set(try index.records(type: "journal", page: .all).ids) == [journalID])
        #expect(try index.differences().isEmpty)
        #expect(try fixture.store.check().isEmpty)
    }
}
