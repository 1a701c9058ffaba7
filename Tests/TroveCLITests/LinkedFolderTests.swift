import Foundation
import Testing
import TroveTestSupport

/// A symbolic link planted inside the store, where a folder belongs, must never be written through.
@Suite("symbolic links inside the store")
struct LinkedFolderTests {
    static let photos = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/photos/"

    static func photo(_ index: Int) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: photos).filter { $0.hasSuffix(".jpeg") }.sorted()
        return photos + names[index]
    }

    /// Moves `folder` of the store out to `outside` and leaves a link to it in its place.
    func link(_ fixture: CLIFixture, folder: String, outside: String) throws {
        try FileManager.default.moveItem(atPath: fixture.store + "/" + folder, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: fixture.store + "/" + folder, withDestinationPath: outside)
    }

    func listing(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("a linked media/ folder: entry new with a photo refuses, writes nothing behind the link, and check names the link")
    func linkedMediaFolder() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("entry", "new", "First", "--photo", try Self.photo(0)).status == 0)
        let outside = fixture.folder.child("elsewhere")
        try link(fixture, folder: "media", outside: outside)
        let before = listing(outside)
        let head = try fixture.head()

        let new = try fixture.trove("entry", "new", "Second", "--photo", try Self.photo(1))
        #expect(new.status == 1)
        #expect(new.stderr.contains("symbolic link"), "\(new.stderr)")
        #expect(listing(outside) == before)
        #expect(try fixture.head() == head)

        let check = try fixture.trove("check")
        #expect(check.status != 0)
        #expect(check.stdout.contains("media: is a symbolic link") || check.stderr.contains("media: is a symbolic link"), "\(check.stdout)\(check.stderr)")
    }

    @Test("a linked fan-out folder: entry edit and undo refuse and write nothing behind the link")
    func linkedFanoutFolder() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("entry", "new", "Second").status == 0)
        // "Wrote entry ID." — the last action, so that undo has to remove its file.
        let id = try #require(fixture.trove("entry", "new", "First").stdout.split(separator: " ").last
            .map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()) })
        try #require(id.count == 36)
        let file = try #require(listing(fixture.store + "/entries").first { $0.hasSuffix(id + ".json") })
        let fanout = "entries/" + file.split(separator: "/")[0]
        let outside = fixture.folder.child("elsewhere")
        try link(fixture, folder: fanout, outside: outside)
        let contents = try Data(contentsOf: URL(fileURLWithPath: outside + "/" + file.split(separator: "/")[1]))

        let head = try fixture.head()
        let edit = try fixture.trove("entry", "edit", id, "--tag", "moved")
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("symbolic link"), "\(edit.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside + "/" + file.split(separator: "/")[1])) == contents)

        let undo = try fixture.trove("undo")
        #expect(undo.status == 1)
        #expect(try fixture.head() == head, "refused before HEAD moved, so no checkout is left half done")
        #expect(try fixture.trove("status").status == 0)
        #expect(listing(outside) == [String(file.split(separator: "/")[1])])
        #expect(try fixture.trove("check").status != 0)
    }
}
