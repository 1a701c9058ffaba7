import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

/// Media files that records refer to (by SHA-256) and that are gone: `check` names them, and a hand
/// deletion of one is not committed while a record still refers to it.
@Suite("missing media (issue 26)")
struct MissingMediaTests {
    /// A store with an entry whose one photo is a JPEG, and a dog with none.
    func entryWithPhoto() throws -> (StoreFixture, entry: Record, media: String) {
        let fixture = try StoreFixture()
        let (entry, media) = try fixture.store.transaction { transaction -> (Record, String) in
            let journal = try transaction.put(["name": "Notes"], type: "journal")
            let photo = try transaction.addMedia(try Images.jpeg(), source: "photo.jpeg")
            var fields = entryFields(journalId: journal.id)
            fields["photos"] = [["id": "01a20235-57a0-7c42-b0ca-f44c10708720", "media": .string(photo.sha256)]]
            _ = try transaction.put(["name": "Rex"], type: "dog")
            return (try transaction.put(fields, type: "entry"), photo.path)
        }.value
        return (fixture, entry, media)
    }

    @Test("check names a media file that a record refers to and that a plain git commit deleted")
    func checkNamesMissingMedia() throws {
        let (fixture, entry, media) = try entryWithPhoto()
        #expect(try fixture.store.check() == [])
        try #require(fixture.git("rm", "-q", media).status == 0)
        try #require(fixture.git("commit", "-q", "-m", "Tidy up").status == 0)

        let problems = try fixture.store.check()
        let digest = String(media.split(separator: "/").last!.prefix(64))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.path.contains(digest) == true, "\(problems)")
        #expect(problems.first?.message.contains(fixture.path(of: entry)) == true, "\(problems)")
    }

    @Test("check names an uncommitted hand deletion of media that a record refers to")
    func checkNamesHandDeletedMedia() throws {
        let (fixture, entry, media) = try entryWithPhoto()
        try FileManager.default.removeItem(atPath: fixture.path + "/" + media)
        let problems = try fixture.store.check()
        #expect(problems.map(\.path) == [media], "\(problems)")
        #expect(problems.first?.message.contains(fixture.path(of: entry)) == true, "\(problems)")
    }

    @Test("trove commit refuses to commit the hand deletion of media a record refers to, and commits nothing")
    func commitRefusesDeletingUsedMedia() throws {
        let (fixture, entry, media) = try entryWithPhoto()
        let head = try fixture.store.headCommitID()
        try FileManager.default.removeItem(atPath: fixture.path + "/" + media)
        var dog = try #require(fixture.store.records(ofType: "dog").first).value
        dog["name"] = "Rex II"
        try fixture.handEdit(fixture.recordPath(type: "dog", id: dog["id"]!.stringValue!), CanonicalJSON.string(dog))

        do {
            try fixture.store.commitHandEdits(message: "Edits")
            Issue.record("the deletion of media in use was committed")
        } catch StoreError.mediaInUse(let path, let records) {
            #expect(path == media)
            #expect(records == [fixture.path(of: entry)])
            let text = StoreError.mediaInUse(path: path, records: records).description
            #expect(text.contains(media) && text.contains(fixture.path(of: entry)), "\(text)")
        }
        #expect(try fixture.store.headCommitID() == head, "nothing is committed, not even the dog's edit")
        #expect(try fixture.store.media(sha256: String(media.split(separator: "/").last!.prefix(64))) != nil)
    }

    @Test("trove commit deletes the media when the same commit drops it from the record that used it")
    func commitDeletesMediaDroppedFromRecord() throws {
        let (fixture, entry, media) = try entryWithPhoto()
        try FileManager.default.removeItem(atPath: fixture.path + "/" + media)
        var value = entry.value
        value["photos"] = nil
        try fixture.handEdit(fixture.path(of: entry), CanonicalJSON.string(value))

        let result = try fixture.store.commitHandEdits(message: "Drop the photo")
        #expect(result.commit != nil)
        #expect(try fixture.store.media(sha256: String(media.split(separator: "/").last!.prefix(64))) == nil)
        #expect(try fixture.store.record(id: entry.id)?.value["photos"] == nil)
        #expect(try fixture.store.check() == [])
    }

    @Test("trove commit deletes media no record refers to")
    func commitDeletesUnusedMedia() throws {
        let (fixture, _, _) = try entryWithPhoto()
        let unused = try fixture.store.transaction { try $0.addMedia(Images.png, source: "p.png") }.value
        try FileManager.default.removeItem(atPath: fixture.path + "/" + unused.path)
        #expect(try fixture.store.commitHandEdits(message: "Remove a stray picture").commit != nil)
        #expect(try fixture.store.media(sha256: unused.sha256) == nil)
    }
}
