import Foundation
import Testing
import TroveTestSupport

/// `--json` on every listing and show command parses back, with the keys the README documents.
@Suite("JSON output of the listing commands")
struct JSONOutputTests {
    static func keys(_ value: Any?) -> Set<String> { Set((value as? [String: Any])?.keys.map { $0 } ?? []) }

    @Test("listings, searches, status, log, check, conflicts and remotes")
    func listings() throws {
        let fixture = try CLIFixture()
        let journal = try fixture.put("journal", #"{"name": "Morning pages"}"#)
        let entry = try fixture.put("entry", #"{"journalId": "\#(journal)", "date": "2026-11-22T07:30:00.000Z", "text": "Fog on the canal."}"#)
        #expect(try fixture.trove("remote", "add", "hub", fixture.folder.child("hub.git"), "--create").status == 0)
        func json(_ arguments: String...) throws -> Any? {
            let output = try fixture.cli.run(arguments + ["--json"])
            #expect(output.status == 0, "trove \(arguments.joined(separator: " ")): \(output.stderr)")
            return parseJSON(output.stdout)
        }
        let listed = try #require(try json("record", "list", "entry", "--in", "Morning pages") as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == [entry] && listed.first?["text"] as? String == "Fog on the canal.")
        #expect((try json("show", entry) as? [String: Any])?["journalId"] as? String == journal)
        let hits = try #require(try json("search", "canal") as? [[String: Any]])
        #expect(hits.count == 1 && Self.keys(hits.first) == ["id", "type", "label", "date", "snippet", "rank", "group"])
        let status = try json("status")
        #expect(Self.keys(status) == ["path", "records", "lastCommit", "remotes", "handEdits"])
        #expect(Self.keys((status as? [String: Any])?["lastCommit"]) == ["id", "author", "date", "summary"])
        let log = try #require(try json("log") as? [[String: Any]])
        #expect(log.count == 3 && Self.keys(log.first) == ["commit", "parents", "author", "email", "date", "summary", "message"])
        #expect((try json("check") as? [Any])?.isEmpty == true)
        #expect((try json("conflicts") as? [Any])?.isEmpty == true)
        let remotes = try #require(try json("remote", "list") as? [[String: Any]])
        #expect(remotes.count == 1 && Self.keys(remotes.first) == ["name", "url"])
        let sync = try #require(try json("sync") as? [[String: Any]])
        #expect(Self.keys(sync.first) == ["remote", "received", "sent", "merged", "conflictsKept", "invalidFiles", "refused", "failure"])
    }

    /// `agenda` and `cal` print the stored fields the README lists, and no display decorations.
    @Test("agenda and cal: stored titles and the README's keys")
    func calendarViews() throws {
        let fixture = try CalendarFixture()
        try fixture.add("event", "add", "Standup", "--start", "2026-11-23 09:30", "--end", "09:45", "--repeat", "FREQ=DAILY;COUNT=3",
                        "--class", "CS101", "--where", "Room 4")
        try fixture.add("task", "add", "Lab 3", "--due", "2026-11-24 17:00", "--class", "CS101")
        let items = try fixture.agenda("2026-11-23", "2026-11-25")
        let event = try #require(items.first { $0["kind"] as? String == "event" })
        let task = try #require(items.first { $0["kind"] as? String == "task" })
        #expect(Self.keys(event) == ["id", "kind", "title", "class", "time", "minutes", "start", "end", "allDay", "repeats"])
        #expect(Self.keys(task) == ["id", "kind", "title", "class", "time", "minutes", "due", "done"])
        #expect(event["title"] as? String == "Standup" && event["repeats"] as? Bool == true)
        #expect(task["title"] as? String == "Lab 3" && task["done"] as? Bool == false && task["class"] as? String == "CS101")
        let days = try #require(try fixture.json("cal", "day", "2026-11-24") as? [[String: Any]])
        #expect(Self.keys(days.first) == ["date", "holidays", "events", "tasks"])
        let dayEvent = try #require((days.first?["events"] as? [[String: Any]])?.first)
        let dayTask = try #require((days.first?["tasks"] as? [[String: Any]])?.first)
        #expect(Self.keys(dayEvent) == ["id", "title", "start", "end", "class"] && dayEvent["title"] as? String == "Standup")
        #expect(Self.keys(dayTask) == ["id", "title", "due", "done", "class"] && dayTask["title"] as? String == "Lab 3")
    }
}
