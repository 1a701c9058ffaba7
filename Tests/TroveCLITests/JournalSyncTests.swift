import Foundation
import Testing
import TroveTestSupport

@Suite("one entry edited on two machines")
struct JournalSyncTests {
    let folder = TemporaryFolder()
    var hub: String { folder.child("usb/trove.git") }

    func peer(_ name: String) -> TroveCLI { TroveCLI(home: folder.child("home-\(name)"), store: folder.child(name)) }

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
