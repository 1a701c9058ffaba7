import Foundation
import Testing
@testable import TroveKit

@Suite("zone offsets looked up in a table")
struct ZoneOffsetTableTests {
    /// Instants every quarter hour from `from` to `to`, and a second either side of each change of the zone's clocks.
    static func instants(_ zone: TimeZone, from: Date, to: Date) -> [Date] {
        var instants = stride(from: from.timeIntervalSince1970, to: to.timeIntervalSince1970, by: 900).map { Date(timeIntervalSince1970: $0) }
        var cursor = from
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change < to {
            instants += [-1, -0.001, 0, 0.5, 1].map { change.addingTimeInterval($0) }
            cursor = change
        }
        return instants
    }

    @Test("the zone's own answer at every quarter hour of two years, and around each change of its clocks",
          arguments: ["America/New_York", "Europe/Paris", "UTC", "Asia/Kathmandu", "Australia/Lord_Howe", "America/Santiago"])
    func agrees(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let (from, to) = (Cal.at("2025-12-30T00:00:00Z"), Cal.at("2027-12-31T00:00:00Z"))
        let table = ZoneOffsetTable(zone, from: from, to: to)
        // Outside the span too: there it asks the zone.
        for instant in Self.instants(zone, from: from.addingTimeInterval(-5 * 86_400), to: to.addingTimeInterval(5 * 86_400)) {
            #expect(table.secondsFromGMT(for: instant) == zone.secondsFromGMT(for: instant), "\(zoneName) at \(instant)")
        }
    }

    @Test("a change of a zone's standard offset (Pyongyang in 2015 and 2018) is read right too")
    func standardOffsetChanges() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Pyongyang"))
        let (from, to) = (Cal.at("2015-01-01T00:00:00Z"), Cal.at("2019-01-01T00:00:00Z"))
        let table = ZoneOffsetTable(zone, from: from, to: to)
        for instant in stride(from: from.timeIntervalSince1970, to: to.timeIntervalSince1970, by: 1800).map(Date.init(timeIntervalSince1970:)) {
            #expect(table.secondsFromGMT(for: instant) == zone.secondsFromGMT(for: instant), "at \(instant)")
        }
    }

    @Test("days, times and instants of days read through a table are those read through the zone")
    func calendarReadings() throws {
        let zone = Cal.newYork
        let table = ZoneOffsetTable(zone, from: Cal.at("2026-01-01T00:00:00Z"), to: Cal.at("2027-01-01T00:00:00Z"))
        for instant in Self.instants(zone, from: Cal.at("2026-03-01T00:00:00Z"), to: Cal.at("2026-11-10T00:00:00Z")) {
            #expect(CivilDate(instant, in: table) == CivilDate(instant, in: zone))
            #expect(TimeOfDay(instant, in: table) == TimeOfDay(instant, in: zone))
        }
        for day in (0..<365).map({ Cal.d(2026, 1, 1).adding(days: $0) }) {
            #expect(day.instant(in: table) == day.instant(in: zone), "\(day)")
            #expect(day.instant(at: TimeOfDay(hour: 2, minute: 30)!, in: table) == day.instant(at: TimeOfDay(hour: 2, minute: 30)!, in: zone))
        }
    }
}
