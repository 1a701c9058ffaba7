import Foundation
import Testing
import TroveTestSupport

@Suite("trove conflicts")
struct ConflictsCommandTests {
    let folder = TemporaryFolder()

    /// Two peers that renamed the same dog concurrently and synced: b's later name wins, a's is kept.
    func conflictingPeers() throws -> (TroveCLI, TroveCLI, String) {
        let hub = folder.child("hub.git")
        let a = TroveCLI(home: folder.child("home"), store: folder.child("a"))
        let b = TroveCLI(home: folder.child("home"), store: folder.child("b"))
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "hub", hub, "--create").status == 0)
        let id = try a.run("record", "put", "dog", "--json", #"{"name": "Pixel"}"#).trimmed
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)
        try #require(a.run("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Pixel A"}"#).status == 0)
        try #require(b.run("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Pixel B"}"#).status == 0)
        try #require(a.run("sync").status == 0)
        let merged = try b.run("sync")
        try #require(merged.status == 0)
        #expect(merged.stdout.contains("merged 1, conflicts kept 1"))
        // Nobody watched that sync (no terminal): the shell's next prompt will say so.
        let queued = try String(contentsOfFile: b.store + "/.git/trove/notifications.jsonl", encoding: .utf8)
        #expect(queued.contains("a sync kept 1 value aside: trove conflicts"), "\(queued)")
        return (a, b, id)
    }

    @Test("a store with no kept conflicts shows none")
    func none() throws {
        let cli = TroveCLI(home: folder.child("home"), store: folder.child("solo"))
        try #require(cli.run("init").status == 0)
        #expect(try cli.run("conflicts").stdout == "No conflicts.\n")
        #expect(try cli.run("conflicts", "--json").stdout == "[]\n")
    }

    @Test("list and show name the record, the field, both values and who wrote each")
    func listAndShow() throws {
        let (_, b, id) = try conflictingPeers()
        let list = try b.run("conflicts")
        #expect(list.stdout.contains(id) && list.stdout.contains("name"))
        let show = try b.run("conflicts", "show", id)
        #expect(show.stdout.contains(#"current  "Pixel B""#))
        #expect(show.stdout.contains(#"kept     "Pixel A""#))
        let json = try b.run("conflicts", "--json").stdout
        #expect(json.contains(#""kept": "Pixel A""#) && json.contains(#""current": "Pixel B""#))
    }

    @Test("resolve --keep theirs restores the kept value, commits, clears the note, and the resolution syncs")
    func resolveTheirs() throws {
        let (a, b, id) = try conflictingPeers()
        let before = try b.git("rev-list", "--count", "HEAD", in: b.store).trimmed
        let resolved = try b.run("conflicts", "resolve", id, "name", "--keep", "theirs")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(try b.git("rev-list", "--count", "HEAD", in: b.store).trimmed == String(Int(before)! + 1))
        #expect(try b.run("record", "get", id).stdout.contains(#""name": "Pixel A""#))
        #expect(try b.run("conflicts").stdout == "No conflicts.\n")
        try #require(b.run("sync").status == 0)
        try #require(a.run("sync").status == 0)
        #expect(try a.run("conflicts").stdout == "No conflicts.\n")
        #expect(try a.run("record", "get", id).stdout.contains(#""name": "Pixel A""#))
    }

    @Test("resolve with a typed JSON value, and a field with no conflict is refused")
    func resolveValue() throws {
        let (_, b, id) = try conflictingPeers()
        let wrong = try b.run("conflicts", "resolve", id, "breed", "--keep", "ours")
        #expect(wrong.status == 1 && wrong.stderr.contains("no kept conflict on breed"))
        #expect(try b.run("conflicts", "resolve", id, "name", "--keep", #""Pixel the Third""#).status == 0)
        #expect(try b.run("record", "get", id).stdout.contains(#""name": "Pixel the Third""#))
        #expect(try b.run("conflicts", "resolve", id, "name", "--keep", "{not json").status == 1)
    }
}
