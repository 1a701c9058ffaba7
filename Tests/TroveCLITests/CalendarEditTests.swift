import Foundation
import Testing
import TroveTestSupport

/// `event edit`: what it changes, and what it keeps.
@Suite("event edit")
struct CalendarEditTests {
    /// The stored record of `id`, through `show --json`.
    static func record(_ fixture: CalendarFixture, _ id: String) throws -> [String: Any] {
        try #require(try fixture.json("show", id) as? [String: Any])
    }

    @Test("a start moved without --end takes the end along, for timed and all-day events")
    func movedStartKeepsTheLength() throws {
        let fixture = try CalendarFixture()
        let timed = try fixture.add("event", "add", "Exam", "--start", "2026-11-25 14:00", "--end", "16:00")
        try fixture.ok("event", "edit", timed, "--start", "2026-11-27 09:30")
        let moved = try Self.record(fixture, timed)
        #expect(moved["start"] as? String == "2026-11-27T14:30:00.000Z")
        #expect(moved["end"] as? String == "2026-11-27T16:30:00.000Z", "still two hours long")
        let trip = try fixture.add("event", "add", "Trip", "--start", "2026-12-24", "--end", "2026-12-26")
        try fixture.ok("event", "edit", trip, "--start", "2026-12-28")
        let shifted = try Self.record(fixture, trip)
        #expect((shifted["start"] as? String, shifted["end"] as? String) == ("2026-12-28", "2026-12-31"), "still three days")
        // An end given with the start still wins, and one before it is still refused.
        try fixture.ok("event", "edit", timed, "--start", "2026-11-27 09:00", "--end", "09:30")
        #expect(try Self.record(fixture, timed)["end"] as? String == "2026-11-27T14:30:00.000Z")
        try fixture.refused("event", "edit", timed, "--start", "2026-11-27 10:00", "--end", "09:00")
    }

    @Test("--at keeps the address and adds coordinates; a new --where replaces the place")
    func placeEdits() throws {
        let fixture = try CalendarFixture()
        let id = try fixture.add("event", "add", "Lecture", "--start", "2026-11-25 10:00", "--where", "Room 4, Main Hall")
        try fixture.ok("event", "edit", id, "--at", "40.7295,-73.9965")
        let pinned = try #require(try Self.record(fixture, id)["location"] as? [String: Any])
        #expect(pinned["address"] as? String == "Room 4, Main Hall")
        #expect(pinned["lat"] as? Double == 40.7295 && pinned["lon"] as? Double == -73.9965)
        try fixture.ok("event", "edit", id, "--where", "Room 9, Annex")
        let moved = try #require(try Self.record(fixture, id)["location"] as? [String: Any])
        #expect(moved["address"] as? String == "Room 9, Annex")
        #expect(moved["lat"] == nil, "the old coordinates were the old room's")
    }
    @Test("typed dates: a day-naming end is read from today, month names, short months, ends before starts, skipped times")
    func typedDates() throws {
        let fixture = try CalendarFixture()
        let hour = try fixture.add("event", "add", "Call", "--start", "tomorrow 10:00", "--end", "tomorrow 11:00")
        let call = try Self.record(fixture, hour)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let start = try #require((call["start"] as? String).flatMap(iso.date(from:)))
        let end = try #require((call["end"] as? String).flatMap(iso.date(from:)))
        #expect(end.timeIntervalSince(start) == 3600, "one hour, not 25: \(call)")

        let named = try fixture.add("event", "add", "Fair", "--start", "3 December 2026 9am", "--end", "December 3, 2026 17:00")
        #expect(try Self.record(fixture, named)["start"] as? String == "2026-12-03T14:00:00.000Z")
        let tripID = try fixture.add("event", "add", "Trip", "--start", "dec 24", "--end", "dec 26")
        let trip = try Self.record(fixture, tripID)
        #expect((trip["start"] as? String)?.hasSuffix("-12-24") == true && (trip["end"] as? String)?.hasSuffix("-12-27") == true, "\(trip)")

        let february = try fixture.refused("event", "add", "Party", "--start", "31 feb")
        #expect(february.contains("February has 28 days (29 in a leap year)"), "\(february)")

        let backwards = try fixture.refused("event", "add", "Backwards", "--start", "2026-11-24 14:00", "--end", "2026-11-23 15:00")
        #expect(backwards.contains("the end ('2026-11-23 15:00', 2026-11-23 15:00) is before the start (2026-11-24 14:00)"), "\(backwards)")
        #expect(!backwards.contains("Z)") && !backwards.contains("20:00"), "not in UTC: \(backwards)")

        let output = try fixture.ok("event", "add", "Night shift", "--start", "2027-03-14 02:30", "--end", "2027-03-14 05:00")
        #expect(output.stderr.contains("02:30 does not exist on 2027-03-14 in America/New_York (the clocks go forward): the event starts at 03:30"),
                "\(output.stderr)")
        #expect(output.stdout.contains("03:30"), "\(output.stdout)")
    }
}
