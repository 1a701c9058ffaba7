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
}
