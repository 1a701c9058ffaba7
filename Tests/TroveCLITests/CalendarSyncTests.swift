import Foundation
import Testing
import TroveTestSupport

/// One person's calendar on two machines, synced through a hub: edits to one event merge field by field,
/// and settings saved on each before their first sync become one settings record.
@Suite("a calendar on two machines")
struct CalendarSyncTests {
    let folder = TemporaryFolder()
    var hub: String { folder.child("nas/trove.git") }

    func peer(_ name: String) -> TroveCLI {
        var cli = TroveCLI(home: folder.child("home-\(name)"), store: folder.child(name))
        cli.extraEnvironment["TZ"] = "America/New_York"
        return cli
    }

    func record(_ peer: TroveCLI, _ id: String) throws -> [String: Any] {
        let output = try peer.run("show", id, "--json")
        return try #require(parseJSON(output.stdout) as? [String: Any], "\(output.stderr)")
    }

    @Test("one machine moves the exam, the other renames it and adds a reminder: after syncing both have all three changes")
    func fieldByField() throws {
        let a = peer("a"), b = peer("b")
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "nas", hub, "--create").status == 0)
        let added = try a.run("event", "add", "Exam", "--start", "2026-12-03 14:00", "--end", "16:00", "--where", "Room 4", "--json")
        let id = try #require((parseJSON(added.stdout) as? [String: Any])?["id"] as? String, "\(added.stderr)")
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)

        try #require(a.run("event", "edit", id, "--start", "2026-12-04 10:00").status == 0)
        try #require(b.run("event", "edit", id, "--title", "Final exam", "--remind", "1h").status == 0)
        // Settings saved on each machine, each its own, before they meet again.
        try #require(a.run("settings", "set", "assistant", "on").status == 0)
        try #require(b.run("settings", "set", "notifications.method", "email").status == 0)
        for machine in [a, b, a] {
            let sync = try machine.run("sync")
            try #require(sync.status == 0, "\(sync.stderr)")
        }

        for machine in [a, b] {
            let exam = try record(machine, id)
            #expect(exam["title"] as? String == "Final exam")
            #expect(exam["start"] as? String == "2026-12-04T15:00:00.000Z")
            #expect(exam["end"] as? String == "2026-12-04T17:00:00.000Z", "the moved start took its end along")
            #expect((exam["alarms"] as? [[String: Any]])?.first?["minutesBefore"] as? Int == 60)
            #expect((exam["location"] as? [String: Any])?["address"] as? String == "Room 4")
            let settings = try #require(parseJSON(try machine.run("settings", "--json").stdout) as? [String: String])
            #expect(settings["assistant"] == "on" && settings["notifications.method"] == "email", "\(settings)")
        }
        #expect(try a.git("rev-parse", "HEAD", in: a.store).stdout == b.git("rev-parse", "HEAD", in: b.store).stdout)
        let agenda = try b.run("agenda", "--from", "2026-12-01", "--to", "2026-12-08")
        #expect(agenda.stdout.contains("Fri 4 Dec 2026 10:00") && agenda.stdout.contains("Final exam"), "\(agenda.stdout)")
    }
}
