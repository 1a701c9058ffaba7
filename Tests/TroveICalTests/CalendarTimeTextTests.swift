import Foundation
import Testing
import TroveICal

/// The record format's times read by `CalendarTime` as Foundation reads them, and bad text refused.
@Suite("record times read in place")
struct CalendarTimeTextTests {
    @Test("timestamps and dates from 1901 to 2100 read as ISO8601DateFormatter reads them")
    func matchesFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var instant = -2_145_916_800.0  // 1902-01-01
        var checked = 0
        while instant < 4_102_444_800 {  // 2100-01-01
            let date = Date(timeIntervalSince1970: (instant * 1000).rounded() / 1000)
            let text = formatter.string(from: date)
            #expect(CalendarTime.parseTimestamp(text) == date, "\(text)")
            let day = String(text.prefix(10))
            let midnight = try #require(ICalDate(isoText: day), "\(day)")
            #expect(formatter.string(from: midnight.utcMidnight).hasPrefix(day + "T00:00:00.000Z"), "\(day)")
            instant += 1_234_567.891
            checked += 1
        }
        #expect(checked > 5_000)
    }

    @Test("timestamps and days are written as ISO8601DateFormatter writes them, before 1970 and with milliseconds")
    func writesAsFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // From 1600: before the Gregorian calendar began (1582), Foundation's calendar is the Julian one, while
        // ISO 8601 and the record format count Gregorian days back (see the next test).
        var milliseconds: Int64 = -11_676_096_000_000  // 1600-01-01
        var checked = 0
        while milliseconds < 253_402_300_799_000 {  // 9999-12-31
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = formatter.string(from: date)
            #expect(CalendarTime.timestamp(date) == text, "\(milliseconds)")
            #expect(ICalDate(utcDayOf: date).description == String(text.prefix(10)), "\(milliseconds)")
            milliseconds += 98_765_432_109
            checked += 1
        }
        // Around 1970, day and millisecond boundaries on both sides.
        for offset: Int64 in [-86_400_001, -86_400_000, -1, 0, 1, 999, 1000, 86_399_999, 86_400_000] {
            let date = Date(timeIntervalSince1970: Double(offset) / 1000)
            #expect(CalendarTime.timestamp(date) == formatter.string(from: date), "\(offset)")
        }
        #expect(checked > 2_500)
    }

    @Test("a time from any year, back to year 1, reads back as the instant it was written from")
    func roundTrips() {
        var milliseconds: Int64 = -62_135_596_800_000  // 0001-01-01
        while milliseconds < 253_402_300_799_000 {
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = CalendarTime.timestamp(date)
            #expect(CalendarTime.parseTimestamp(text) == date, "\(text)")
            #expect(ICalDate(isoText: String(text.prefix(10))) == ICalDate(utcDayOf: date), "\(text)")
            milliseconds += 77_777_777_777
        }
        #expect(CalendarTime.timestamp(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z")
    }

    @Test("text that is not a record time is refused", arguments: [
        "", "2026-11-2", "2026/11/22", "2026-13-01", "2026-00-10", "2026-11-32", "2026-1a-01", "+026-11-22",
        "2026-11-22T07:30:00.000", "2026-11-22T24:00:00Z", "2026-11-22T07:60:00Z", "2026-11-22 07:30:00Z",
        "2026-11-22T07:30:00,000Z", "2026-11-22T07-30-00Z", "2026-11-22T07:30:00.00aZ",
    ])
    func refused(text: String) {
        #expect(CalendarTime(recordText: text) == nil)
    }
}
