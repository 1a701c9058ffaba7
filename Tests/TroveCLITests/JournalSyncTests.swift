import Foundation
import Testing
import TroveTestSupport

@Suite("one entry edited on two machines")
struct JournalSyncTests {
    let folder = TemporaryFolder()
    var hub: String { folder.child("usb/trove.git") }

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home-\(name)"), store: folder.child(name)) }

    @Test("two machines that each write a first entry, or import the same Day One export, before their first sync end with one journal of each name")
    func firstEntriesOnTwoMachines() throws {
        let a = peer("a"), b = peer("b")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", hub, "--create").status == 0)
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)
        let export = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/Dev Journal.json"
        for (cli, text) in [(a, "From a."), (b, "From b.")] {
            try #require(cli.run("entry", "new", text).status == 0)
            let imported = try cli.run("import", "dayone", export)
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        for cli in [a, b, a] { try #require(cli.run("sync").status == 0) }
        for cli in [a, b] {
            let journals = try #require(parseJSON(try cli.run("journal", "list", "--json").stdout) as? [[String: Any]])
            let names = journals.compactMap { $0["name"] as? String }
            #expect(names.count == Set(names).count, "one journal of each name: \(names)")
            #expect(names.contains("Journal"))
            #expect(try cli.run("conflicts").stdout.contains("journalId") == false)
            let next = try cli.run("entry", "new", "After the sync.", "--journal", "Journal")
            #expect(next.status == 0, "\(next.stderr)")
        }
        #expect(try a.run("entry", "list", "--journal", "Journal").stdout.contains("From b."))
    }

    @Test("text edited in different paragraphs and different tags added: after sync both machines keep both")
    func textAndTags() throws {
        let a = peer("a"), b = peer("b")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "usb", hub, "--create").status == 0)
        let text = "Morning: frost on the canal.\n\nNoon: lunch by the lock.\n\nEvening: fog rolled in.\n"
        let made = try a.run(["entry", "new", "-", "--tag", "walk", "--json"], input: text)
        let id = try #require((parseJSON(made.stdout) as? [String: Any])?["id"] as? String, "\(made.stderr)")
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)

        let fromA = text.replacingOccurrences(of: "frost on the canal", with: "white frost on the canal, and a heron")
        let fromB = text.replacingOccurrences(of: "fog rolled in", with: "fog rolled in from the river")
        try #require(a.run(["entry", "edit", id, "--text", fromA, "--tag", "heron"]).status == 0)
        try #require(b.run(["entry", "edit", id, "--text", fromB, "--tag", "fog"]).status == 0)
        for store in [a, b, a] {
            let sync = try store.run("sync")
            try #require(sync.status == 0, "\(sync.stderr)")
        }
        let both = "Morning: white frost on the canal, and a heron.\n\nNoon: lunch by the lock.\n\nEvening: fog rolled in from the river.\n"
        for store in [a, b] {
            let entry = try #require(parseJSON(try store.run("entry", "show", id, "--json").stdout) as? [String: Any])
            #expect(entry["text"] as? String == both)
            #expect(Set(entry["tags"] as? [String] ?? []) == ["walk", "heron", "fog"])
            #expect(entry["conflicts"] == nil)
        }
        #expect(try a.git("rev-parse", "HEAD", in: a.store).stdout == b.git("rev-parse", "HEAD", in: b.store).stdout)
    }
}
