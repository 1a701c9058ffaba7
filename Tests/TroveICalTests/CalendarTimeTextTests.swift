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

    @Test("text that is not a record time is refused", arguments: [
        "", "2026-11-2", "2026/11/22", "2026-13-01", "2026-00-10", "2026-11-32", "2026-1a-01", "+026-11-22",
        "2026-11-22T07:30:00.000", "2026-11-22T24:00:00Z", "2026-11-22T07:60:00Z", "2026-11-22 07:30:00Z",
        "2026-11-22T07:30:00,000Z", "2026-11-22T07-30-00Z", "2026-11-22T07:30:00.00aZ",
    ])
    func refused(text: String) {
        #expect(CalendarTime(recordText: text) == nil)
    }
}
