import Foundation
import Testing
@testable import TroveShell

/// The home view's lines, drawn for a reader in a fixed time zone.
struct TimelineViewTests {
    @Test("entries under their day in the reader's zone, each with time, journal, star and title")
    func daysInTheReadersZone() throws {
        let tokyo = TimelineView(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let entries = [
            TimelineView.Line(start: "2026-01-05T16:30:00.000Z", journal: "Walks", starred: true, title: "Night walk"),
            TimelineView.Line(start: "2026-01-05T02:00:00.000Z", journal: "Days", starred: false, title: "Breakfast"),
            TimelineView.Line(start: "2026-01-04T23:00:00.000Z", journal: "Travels", starred: false, title: String(repeating: "long ", count: 30)),
        ]
        let lines = tokyo.render(entries, width: 60, color: false)
        // 16:30Z is 01:30 the next day in Tokyo; 02:00Z and 23:00Z the evening before are the 5th there.
        #expect(lines[0] == "Tuesday 2026-01-06")
        #expect(lines[1] == "  01:30  Walks    ★ Night walk")
        #expect(lines[2] == "Monday 2026-01-05")
        #expect(lines[3] == "  11:00  Days       Breakfast")
        #expect(lines[4].hasPrefix("  08:00  Travels    long long") && lines[4].hasSuffix("…") && TextWidth.of(lines[4]) == 60, "\(lines[4])")
        #expect(lines.count == 5, "one heading for the two entries of the 5th")
    }

    @Test("an all-day date is its own day; no date goes under 'No date'")
    func undated() {
        let lines = TimelineView(timeZone: TimeZone(identifier: "UTC")!).render(
            [.init(start: "2026-01-05", journal: "Days", starred: false, title: "All day"), .init(start: nil, journal: "Days", starred: false, title: "Whenever")],
            width: 80, color: false)
        #expect(lines == ["2026-01-05", "         Days    All day", "No date", "         Days    Whenever"])
    }
}
