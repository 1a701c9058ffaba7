import Foundation
import Testing
import TroveTestSupport
@testable import TroveShell

/// JournalCommandTests (TroveCLITests) in process.
@Suite("journals and entries, in process")
struct InProcessJournalTests {
    let fixture: InProcessFixture
    init() throws { fixture = try InProcessFixture() }

    static let photos = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/photos"

    func write(_ arguments: String..., input: String = "") throws -> String {
        let output = fixture.run(arguments + ["--json"], input: input)
        try #require(output.status == 0, "\(arguments): \(output.stderr)")
        return try #require((parseJSON(output.stdout) as? [String: Any])?["id"] as? String)
    }

    @Test("write, list newest first, filter, show and remove entries")
    func entryLife() throws {
        try #require(fixture.trove("journal", "new", "Travels", "--public").status == 0)
        try #require(fixture.trove("journal", "new", "Days").status == 0)
        let old = try write("entry", "new", "Paris in the rain.", "--journal", "Travels", "--tag", "paris", "--date", "2025-03-01 09:00",
                            "--photo", Self.photos + "/6b73e9bd86a91d3a7ead09268b0fb266.jpeg", "--photo", Self.photos + "/31c871f18f68d2fde4196ccba1f8ece1.jpeg",
                            "--at", "48.8566,2.3522", "--place", "Paris", "--star")
        let new = try write("entry", "new", "-", "--journal", "days", "--tag", "walk", input: "# Fog\n\nA grey walk.\n")
        let list = fixture.trove("entry", "list")
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains(new.prefix(13)) && lines[0].contains("Fog") && lines[1].contains("Paris in the rain"))
        #expect(lines[1].contains("★") && lines[1].contains("#paris") && lines[1].contains("Travels"))
        #expect(fixture.trove("entry", "list", "--starred").stdout.split(separator: "\n").count == 1)
        #expect(fixture.trove("entry", "list", "--from", "2025-03-01", "--to", "2025-03-01").stdout.contains("Paris"))
        #expect(fixture.trove("entry", "list", "--to", "2025-02-28").stdout.contains("No entries match"))
        #expect(fixture.trove("entry", "list", "--tag", "walk").stdout.contains("Fog"))
        let show = fixture.trove("entry", "show", String(old.prefix(13)))
        #expect(show.stdout.contains("Paris in the rain.") && show.stdout.contains("2. 31c871f18f68") == false)
        #expect(show.stdout.contains("Travels") && show.stdout.contains("48.85660, 2.35220"))
        let json = try #require(parseJSON(fixture.trove("entry", "show", old, "--json").stdout) as? [String: Any])
        #expect((json["photos"] as? [[String: Any]])?.count == 2)
        #expect(fixture.trove("tags").stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) } == [["paris", "1"], ["walk", "1"]])
        #expect(fixture.trove("timeline").stdout.contains("Latest entries"))
        // A script must say --yes.
        #expect(fixture.trove("entry", "rm", new).status == 1)
        #expect(fixture.trove("entry", "rm", new, "--yes").status == 0)
        #expect(fixture.trove("entry", "show", new).stderr.contains("no entry with id \(new)"))
        try fixture.expectClean()
        #expect(try StoreAudit.schemaProblems(in: fixture.store) == [])
    }

    @Test("bad input through the command: a clear message, exit 1, and no commit")
    func badInput() throws {
        try #require(fixture.trove("journal", "new", "Days").status == 0)
        let log = try fixture.gitLog()
        let cases: [([String], String)] = [
            (["entry", "new", ""], "the entry is empty"),
            (["entry", "new", "Hi", "--photo", "/etc/hostname"], "is not an image"),
            (["entry", "new", "Hi", "--date", "31/12/2026"], "'31/12/2026' is not a date"),
            (["entry", "new", "Hi", "--at", "48.8,200"], "longitude 200.0 is out of range"),
            (["entry", "new", "Hi", "--at=-95,2"], "latitude -95.0 is out of range"),
            (["entry", "new", "Hi", "--journal", "Nope"], "no journal called 'Nope' (journals: Days)"),
            (["journal", "new", "days"], "a journal called 'days' already exists"),
        ]
        for (arguments, message) in cases {
            let output = fixture.run(arguments)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        #expect(try fixture.gitLog() == log)
        try fixture.expectClean()
    }
}
