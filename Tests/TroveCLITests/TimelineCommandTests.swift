import Foundation
import Testing
import TroveTestSupport

/// `timeline` in time order across journals and time zones, through pipes and `--json`.
@Suite("the timeline through the command")
struct TimelineCommandTests {
    @Test("entries written in different time zones come in the order of their instants, across journals")
    func instantOrderAcrossZones() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("journal", "new", "Days").status == 0)
        try #require(fixture.trove("journal", "new", "Trips").status == 0)
        // 10:00 in Tokyo is 01:00Z: the oldest, though its wall-clock time is the latest.
        for (title, journal, date) in [("Tokyo morning", "Trips", "2026-01-05T10:00:00+09:00"), ("London night", "Days", "2026-01-05T02:00:00Z"),
                                       ("New York evening", "Trips", "2026-01-04T20:30:00-05:00")] {
            let made = try fixture.trove("entry", "new", title, "--journal", journal, "--date", date)
            try #require(made.status == 0, "\(made.stderr)")
        }
        let json = try #require(parseJSON(try fixture.trove("timeline", "--json").stdout) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.map { $0["text"] as? String } == ["London night", "New York evening", "Tokyo morning"],
                "02:00Z, then 01:30Z, then 01:00Z: \(entries.map { $0["date"] ?? "" })")
        #expect((json["journals"] as? [[String: Any]])?.count == 2, "the document keeps its shape")
        // Through a pipe: the short listing, latest first, capped by --limit.
        let piped = try fixture.trove("timeline", "--limit", "2")
        #expect(piped.stdout.contains("Latest entries") && piped.stdout.contains("London night") && piped.stdout.contains("New York evening"))
        #expect(!piped.stdout.contains("Tokyo morning"), "\(piped.stdout)")
    }
}
