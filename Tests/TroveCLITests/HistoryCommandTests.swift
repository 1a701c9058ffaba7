import Foundation
import Testing
import TroveTestSupport

@Suite("trove log, show, undo and status")
struct HistoryCommandTests {
    @Test("log lists every commit newest first; log ID -n 1 shows the record's latest")
    func log() throws {
        let fixture = try CLIFixture()
        let rex = try fixture.put("dog", #"{"name": "Rex"}"#)
        let other = try fixture.put("dog", #"{"name": "Other"}"#)
        try fixture.put("dog", #"{"id": "\#(rex)", "name": "Rex II"}"#)
        try fixture.put("dog", #"{"id": "\#(other)", "name": "Other II"}"#)

        let text = try fixture.trove("log")
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first?.contains("Other II") == true && lines.last?.contains("Create store") == true)
        #expect(lines.allSatisfy { $0.contains("Test User") })

        let json = try #require(parseJSON(try fixture.trove("log", "--json").stdout) as? [[String: Any]])
        let gitCommits = try fixture.git("log", "--format=%H").stdout.split(separator: "\n").map(String.init)
        #expect(json.compactMap { $0["commit"] as? String } == gitCommits)
        #expect(json.first?["author"] as? String == "Test User")
        #expect(json.first?["email"] as? String == "test@example.invalid")
        #expect((json.first?["parents"] as? [String]) == [gitCommits[1]])

        #expect(try fixture.trove("log", "-n", "2").stdout.split(separator: "\n").count == 2)
        let rexLog = try #require(parseJSON(try fixture.trove("log", rex, "--json").stdout) as? [[String: Any]])
        #expect(rexLog.compactMap { $0["commit"] as? String } == [gitCommits[1], gitCommits[3]])
        let latest = try #require(parseJSON(try fixture.trove("log", rex, "-n", "1", "--json").stdout) as? [[String: Any]])
        #expect(latest.compactMap { $0["commit"] as? String } == [gitCommits[1]])
        #expect(try fixture.trove("log", rex, "-n", "1").stdout.contains("Rex II"))

        #expect(try fixture.trove("log", "-n", "0").status == 2)
        #expect(try fixture.trove("log", "01a19628-83c0-7ac2-8c72-4c22e9a2961c").status == 1)
    }

    @Test("show prints a record now or at a past commit")
    func show() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Young"}"#)
        let young = try fixture.head()
        try fixture.put("dog", #"{"id": "\#(id)", "name": "Old"}"#)

        let now = try #require(parseJSON(try fixture.trove("show", id).stdout) as? [String: Any])
        #expect(now["name"] as? String == "Old")
        let then = try fixture.trove("show", id, "--at", young)
        #expect(then.status == 0, "\(then.stderr)")
        #expect((parseJSON(then.stdout) as? [String: Any])?["name"] as? String == "Young")
        #expect(then.stdout == (try fixture.git("show", "\(young):\(fixture.path(of: id))").stdout))
        let short = try fixture.trove("show", id, "--at", String(young.prefix(8)))
        #expect(short.stdout == then.stdout)
        #expect(try fixture.trove("show", id, "--at", "HEAD~1").stdout == then.stdout)

        let before = try fixture.trove("show", id, "--at", "HEAD~2")
        #expect(before.status == 1)
        #expect(before.stderr.contains("no record with id \(id) at HEAD~2"))
        let unknown = try fixture.trove("show", id, "--at", "nosuchcommit")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no commit 'nosuchcommit'"))
    }

    @Test("show takes an id's last or first characters, as listings show them; a short id that fits several is refused")
    func showShortID() throws {
        let fixture = try CLIFixture()
        let rex = try fixture.put("dog", #"{"name": "Rex"}"#)
        let pixel = try fixture.put("dog", #"{"name": "Pixel"}"#)
        let bySuffix = try fixture.trove("show", String(rex.suffix(8)).uppercased())
        #expect(bySuffix.status == 0, "\(bySuffix.stderr)")
        #expect((parseJSON(bySuffix.stdout) as? [String: Any])?["id"] as? String == rex)
        #expect(try fixture.trove("show", String(pixel.prefix(36 - 2))).stdout == (try fixture.trove("show", pixel).stdout))
        // A UUIDv7 starts with its time: ids made seconds apart share their first characters.
        let shared = String(zip(rex, pixel).prefix { $0 == $1 }.map(\.0))
        try #require(shared.count >= 4)
        let ambiguous = try fixture.trove("show", shared)
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("2 records have ids starting or ending with"), "\(ambiguous.stderr)")
        let unknown = try fixture.trove("show", "zzzz9999")
        #expect(unknown.status == 1 && unknown.stderr.contains("no record with id zzzz9999"), "\(unknown.stderr)")
        let tooShort = try fixture.trove("show", String(rex.suffix(3)))
        #expect(tooShort.status == 1, "three characters are too few to look up")

        // The other commands that take an id take a short one the same way.
        #expect(try fixture.trove("record", "get", String(rex.suffix(8))).stdout == (try fixture.trove("record", "get", rex).stdout))
        #expect(try fixture.trove("log", String(rex.suffix(8)), "--json").stdout == (try fixture.trove("log", rex, "--json").stdout))
        #expect(try fixture.trove("conflicts", "show", String(rex.suffix(8))).stdout.contains("No conflicts in \(rex)."))
        #expect(try fixture.trove("record", "rm", String(pixel.suffix(8)), "--yes").status == 0)
        #expect(try fixture.trove("record", "get", pixel).status == 1)
    }

    @Test("undo reverts the last action as a new commit; a second undo the one before")
    func undo() throws {
        let fixture = try CLIFixture()
        let first = try fixture.put("dog", #"{"name": "First"}"#)
        let second = try fixture.put("dog", #"{"name": "Second"}"#)
        let rm = try fixture.trove("record", "rm", first, "--yes")
        #expect(rm.status == 0)
        #expect(try fixture.commitCount() == 4)

        let undoDelete = try fixture.trove("undo")
        #expect(undoDelete.status == 0, "\(undoDelete.stderr)")
        #expect(undoDelete.stdout.hasPrefix("Undo"))
        #expect(try fixture.commitCount() == 5)
        #expect(Set(try fixture.list().compactMap { $0["id"] as? String }) == [first, second])

        #expect(try fixture.trove("undo").status == 0)
        #expect(try fixture.list().compactMap { $0["id"] as? String } == [first])
        #expect(try fixture.trove("undo").status == 0)
        #expect(try fixture.list().isEmpty)
        #expect(try fixture.commitCount() == 7, "undo never rewrites history")

        let nothing = try fixture.trove("undo")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("nothing to undo"))
        #expect(try fixture.commitCount() == 7)
        try fixture.expectClean()
        #expect(try fixture.git("log", "-1", "--format=%B").stdout.contains("Undoes: "))
    }

    @Test("undo on a fresh store says there is nothing to undo")
    func undoFresh() throws {
        let fixture = try CLIFixture()
        let output = try fixture.trove("undo")
        #expect(output.status == 1)
        #expect(output.stderr.contains("nothing to undo"))
    }

    @Test("status shows the path, the counts per type, the last commit and the remotes")
    func status() throws {
        let fixture = try CLIFixture()
        let empty = try fixture.trove("status")
        #expect(empty.status == 0)
        #expect(empty.stdout.contains(fixture.store))
        #expect(empty.stdout.contains("none"))
        #expect(empty.stdout.contains("Create store"))

        try fixture.trove("record", "put", "dog", "--jsonl", "-", input: "{\"name\": \"A\"}\n{\"name\": \"B\"}\n{\"name\": \"C\"}\n")
        try fixture.put("journal", #"{"name": "Notes"}"#)
        let text = try fixture.trove("status")
        #expect(text.stdout.contains("3 dog"), "\(text.stdout)")
        #expect(text.stdout.contains("1 journal"))
        #expect(text.stdout.contains(String(try fixture.head().prefix(10))))
        #expect(text.stdout.contains("Notes"), "the last commit's summary")
        #expect(text.stdout.contains("Remotes"))

        let json = try #require(parseJSON(try fixture.trove("status", "--json").stdout) as? [String: Any])
        #expect(json["path"] as? String == fixture.store)
        #expect((json["records"] as? [String: Int]) == ["dog": 3, "journal": 1])
        #expect((json["lastCommit"] as? [String: Any])?["id"] as? String == (try fixture.head()))
        #expect((json["remotes"] as? [Any])?.isEmpty == true)
        #expect((json["handEdits"] as? [Any])?.isEmpty == true)

        try fixture.git("remote", "add", "hub", "/srv/hub.git")
        let withRemote = try fixture.trove("status")
        #expect(withRemote.stdout.contains("hub /srv/hub.git"), "\(withRemote.stdout)")
    }
}
