import Foundation
import Testing
import TroveTestSupport

/// Issue 26 through the binary: missing media, corruption committed with plain git and then synced,
/// clocks from the far future, one id in two collections, an unplugged hub, and what `check` reports.
@Suite("store integrity through the binary (issue 26)")
struct IntegrityCommandTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("a small test picture".utf8)

    /// A store with an item whose photo is a JPEG; the item's id and the media file's path.
    func itemWithPhoto(_ fixture: CLIFixture) throws -> (id: String, media: String) {
        let picture = try fixture.folder.write("backpack.jpg", Self.jpeg)
        let add = try fixture.trove("item", "add", "Blue backpack", "--photo", picture, "--json")
        try #require(add.status == 0, "\(add.stderr)")
        let media = try #require(try fixture.git("ls-files", "media").stdout.split(separator: "\n").first.map(String.init))
        let item = try #require(try fixture.git("ls-files", "items").stdout.split(separator: "\n").first.map(String.init))
        return (String(item.split(separator: "/").last!.dropLast(5)), media)
    }

    @Test("check names a media file a record refers to that a git commit deleted")
    func checkNamesMissingMedia() throws {
        let fixture = try CLIFixture()
        let (id, media) = try itemWithPhoto(fixture)
        #expect(try fixture.trove("check").status == 0)
        try #require(fixture.git("rm", "-q", media).status == 0)
        try #require(fixture.git("commit", "-q", "-m", "Clean up").status == 0)

        let check = try fixture.trove("check")
        #expect(check.status == 1)
        let digest = String(media.split(separator: "/").last!.prefix(64))
        let line = check.stdout.split(separator: "\n").first { $0.contains(digest) }
        #expect(line?.contains("missing") == true && line?.contains(id) == true, "\(check.stdout)")
    }

    @Test("trove commit refuses a hand deletion of media a record refers to, naming both, and commits nothing")
    func commitRefusesDeletingUsedMedia() throws {
        let fixture = try CLIFixture()
        let (id, media) = try itemWithPhoto(fixture)
        let log = try fixture.gitLog()
        try FileManager.default.removeItem(atPath: fixture.store + "/" + media)

        let commit = try fixture.trove("commit", "-m", "Remove the photo file")
        #expect(commit.status == 1)
        #expect(commit.stderr.contains(media) && commit.stderr.contains(id), "\(commit.stderr)")
        #expect(commit.stderr.contains("nothing was committed"), "\(commit.stderr)")
        #expect(try fixture.gitLog() == log)
        #expect(try fixture.trove("check").stdout.contains(media))

        // Taking the photo off the item in the same commit lets the file go.
        let path = try fixture.path(of: id)
        var item = try #require(parseJSON(String(decoding: FileManager.default.contents(atPath: fixture.store + "/" + path)!, as: UTF8.self)) as? [String: Any])
        item["photo"] = nil
        try fixture.handEdit(path, String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self))
        let both = try fixture.trove("commit", "-m", "No photo")
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try fixture.trove("check").status == 0)
        try fixture.expectClean()
    }

    /// A store with a hub, a dog pushed to it; the hub's path and the dog's id.
    func syncedStore(_ fixture: CLIFixture) throws -> (hub: String, dog: String) {
        let hub = fixture.folder.child("usb/trove.git")
        try #require(fixture.trove("remote", "add", "usb", hub, "--create").status == 0)
        let dog = try fixture.put("dog", #"{"name": "Rex"}"#)
        try #require(fixture.trove("sync").status == 0)
        return (hub, dog)
    }

    func hubHead(_ fixture: CLIFixture, _ hub: String) throws -> String {
        try fixture.git("--git-dir", hub, "rev-parse", "refs/heads/main").trimmed
    }

    @Test("sync refuses to push a record broken and committed with git, naming commit and path; undo clears the way")
    func syncRefusesCorruption() throws {
        let fixture = try CLIFixture()
        let (hub, dog) = try syncedStore(fixture)
        let path = try fixture.path(of: dog)
        try fixture.handEdit(path, "{\"name\": \"Rex\",\n")
        try #require(fixture.git("commit", "-q", "-am", "Quick fix").status == 0)
        let bad = try fixture.head()
        let before = try hubHead(fixture, hub)

        let sync = try fixture.trove("sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains(String(bad.prefix(10))) && sync.stderr.contains(path), "\(sync.stderr)")
        #expect(sync.stderr.contains("trove undo"), "\(sync.stderr)")
        #expect(try hubHead(fixture, hub) == before, "nothing was pushed")

        #expect(try fixture.trove("undo").status == 0)
        let again = try fixture.trove("sync")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try hubHead(fixture, hub) == fixture.head())
    }

    @Test("a clone of a hub with one id in two collections works, and check names the second file")
    func cloneWithSharedID() throws {
        let fixture = try CLIFixture()
        let (hub, dog) = try syncedStore(fixture)
        let journal = try fixture.put("journal", #"{"name": "Days"}"#)
        try #require(fixture.trove("sync").status == 0)
        var value = try #require(parseJSON(try fixture.trove("record", "get", journal).stdout) as? [String: Any])
        value["id"] = dog
        // The journal's collection, the dog's fan-out folder and id: a second file for the dog's id.
        let twin = "journals/\(try fixture.path(of: dog).split(separator: "/")[1])/\(dog).json"
        let bytes = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        try HostileCommit(hub: hub, home: fixture.folder.child("home")).push([.file(twin, Array(bytes) + [0x0A])])

        let b = TroveCLI(home: fixture.folder.child("home"), store: fixture.folder.child("b"))
        let clone = try b.run("clone", hub, b.store)
        #expect(clone.status == 0, "\(clone.stderr)")
        let dogs = try b.run("record", "list", "dog")
        #expect(dogs.status == 0 && dogs.stdout.contains("Rex"), "\(dogs.stderr)")
        let check = try b.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains(twin), "\(check.stdout)")
        #expect(!check.stdout.contains("index"), "the index agrees with the store: \(check.stdout)")

        // The peer that had the dog first catches up too.
        #expect(try fixture.trove("sync").status == 0)
        let list = try fixture.trove("record", "list", "dog")
        #expect(list.status == 0 && list.stdout.contains("Rex"), "\(list.stderr)")
        #expect(try fixture.trove("check").stdout.contains(twin))
    }

    @Test("a clock file set to year 9999 is reset with a one-line warning and never stamps a record")
    func futureClockFile() throws {
        let fixture = try CLIFixture()
        let peer = try String(contentsOfFile: fixture.store + "/.git/trove/peer", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        try "9999-12-31T23:59:59.999Z/0000/\(peer)\n".write(toFile: fixture.store + "/.git/trove/clock", atomically: true, encoding: .utf8)
        let put = try fixture.trove("record", "put", "dog", "--json", #"{"name": "Rex"}"#)
        #expect(put.status == 0, "\(put.stderr)")
        let warnings = put.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1 && warnings.first?.contains("9999") == true, "\(put.stderr)")
        let record = try #require(parseJSON(try fixture.trove("record", "get", put.trimmed).stdout) as? [String: Any])
        #expect((record["clock"] as? String)?.hasPrefix("9999") == false, "\(record)")
        #expect(try fixture.trove("record", "put", "dog", "--json", #"{"name": "Fido"}"#).stderr.isEmpty)
    }

    @Test("an unplugged hub says its folder is not there, not 'unsupported URL protocol'")
    func unpluggedHub() throws {
        let fixture = try CLIFixture()
        let (hub, _) = try syncedStore(fixture)
        try FileManager.default.moveItem(atPath: hub, toPath: hub + ".away")
        let sync = try fixture.trove("sync")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("the hub folder \(hub) is not there (is the drive plugged in?)"), "\(sync.stderr)")
        #expect(!sync.stderr.contains("unsupported URL protocol"), "\(sync.stderr)")

        let clone = try fixture.trove("clone", hub, fixture.folder.child("elsewhere"))
        #expect(clone.status == 1)
        #expect(clone.stderr.contains("the hub folder \(hub) is not there"), "\(clone.stderr)")
    }

    @Test("check names a record committed with git in a form Trove does not write")
    func checkNamesNonCanonical() throws {
        let fixture = try CLIFixture()
        let dog = try fixture.put("dog", #"{"name": "Rex"}"#)
        let path = try fixture.path(of: dog)
        let record = try #require(parseJSON(try fixture.trove("record", "get", dog).stdout) as? [String: Any])
        try fixture.handEdit(path, String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self))
        try #require(fixture.git("commit", "-q", "-am", "Compact").status == 0)
        let check = try fixture.trove("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains(path) && check.stdout.contains("canonical"), "\(check.stdout)")
    }

    @Test("check names a .gitattributes removed or altered, committed or not")
    func checkNamesAttributes() throws {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Rex"}"#)
        try FileManager.default.removeItem(atPath: fixture.store + "/.gitattributes")
        var check = try fixture.trove("check")
        #expect(check.status == 1 && check.stdout.contains(".gitattributes"), "\(check.stdout)")

        try #require(fixture.git("commit", "-q", "-am", "No attributes").status == 0)
        check = try fixture.trove("check")
        #expect(check.status == 1 && check.stdout.contains(".gitattributes: is missing"), "\(check.stdout)")

        try fixture.handEdit(".gitattributes", "*.json -merge\n")
        try #require(fixture.git("add", ".gitattributes").status == 0)
        try #require(fixture.git("commit", "-q", "-m", "Other attributes").status == 0)
        check = try fixture.trove("check")
        #expect(check.status == 1 && check.stdout.contains(".gitattributes: differs"), "\(check.stdout)")
    }
}
