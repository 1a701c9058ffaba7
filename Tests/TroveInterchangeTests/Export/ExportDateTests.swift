import Foundation
import Testing
@testable import TroveInterchange

/// Entries store UTC instants; exports show them on the clock of the entry's zone.
@Suite("export dates")
struct ExportDateTests {
    @Test("a UTC instant is shown in the entry's zone, with its offset")
    func zoneApplied() throws {
        let (t, known) = try #require(ExportLocalTime.make(date: "2026-11-22T23:30:00.000Z", zoneID: "Europe/Paris"))
        #expect(known)
        #expect(t.dayStamp == "2026-11-23") // past midnight in Paris
        #expect(t.isoWithOffset == "2026-11-23T00:30:00+01:00")
        #expect(t.longText == "Monday 23 November 2026, 00:30")
        #expect(t.shortText == "23 Nov 2026")
    }

    @Test("west of Greenwich, summer time, and no zone")
    func offsets() throws {
        let ny = try #require(ExportLocalTime.make(date: "2026-07-01T03:05:09Z", zoneID: "America/New_York")).time
        #expect(ny.isoWithOffset == "2026-06-30T23:05:09-04:00")
        let utc = try #require(ExportLocalTime.make(date: "2026-07-01T03:05:09.5Z", zoneID: nil)).time
        #expect(utc.isoWithOffset == "2026-07-01T03:05:09+00:00")
        #expect(utc.zoneID == "UTC")
        let india = try #require(ExportLocalTime.make(date: "2026-01-01T00:00:00Z", zoneID: "Asia/Kolkata")).time
        #expect(india.isoWithOffset == "2026-01-01T05:30:00+05:30")
    }

    @Test("an unknown zone falls back to UTC and says so")
    func unknownZone() throws {
        let (t, known) = try #require(ExportLocalTime.make(date: "2026-11-22T07:30:00.000Z", zoneID: "Mars/Olympus"))
        #expect(!known)
        #expect(t.zoneID == "UTC")
        #expect(t.isoWithOffset == "2026-11-22T07:30:00+00:00")
    }
}
