import Foundation
import Testing
import TroveICal

/// A rule's starts worked out once (`Occurrences.ruleStarts`, as an index keeps them) give what running the rule gives.
@Suite("precomputed rule starts")
struct RuleStartsTests {
    static func t(_ text: String) -> Date { CalendarTime.parseTimestamp(text)! }

    /// Series of every shape an index meets, as (start, all-day, zone, rule, extra dates, excepted dates).
    static let series: [(start: Date, allDay: Bool, zone: String?, rule: String, rdates: [CalendarTime], exdates: [CalendarTime])] = [
        (t("2026-03-02T14:30:00.000Z"), false, "America/New_York", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10", [], [.instant(t("2026-03-04T14:30:00.000Z"))]),
        (t("2026-03-27T08:00:00.000Z"), false, "Europe/Paris", "FREQ=DAILY;COUNT=6", [], []),
        (t("2026-01-06T09:00:00.000Z"), false, nil, "FREQ=WEEKLY;BYDAY=MO;COUNT=5", [.instant(t("2026-02-20T12:00:00.000Z"))], []),
        (t("2026-10-25T06:30:00.000Z"), false, "America/New_York", "FREQ=WEEKLY;UNTIL=20261215T235959Z", [], [.date(ICalDate(year: 2026, month: 11, day: 8))]),
        (ICalDate(year: 2026, month: 3, day: 6).utcMidnight, true, nil, "FREQ=DAILY;UNTIL=20260312", [.date(ICalDate(year: 2026, month: 4, day: 1))], []),
        (t("2024-02-29T12:00:00.000Z"), false, "Australia/Lord_Howe", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=30", [], []),
        (t("2026-01-01T10:00:00.000Z"), false, "Asia/Kathmandu", "FREQ=YEARLY;INTERVAL=2;COUNT=4", [], []),
        (t("2026-03-08T07:30:00.000Z"), false, "America/New_York", "FREQ=HOURLY;INTERVAL=7;COUNT=40", [], []),
    ]

    static let spans: [(Date, Date)] = [
        (t("2000-01-01T00:00:00.000Z"), t("2040-01-01T00:00:00.000Z")), (t("2026-03-05T00:00:00.000Z"), t("2026-03-10T00:00:00.000Z")),
        (t("2026-03-02T14:30:00.000Z"), t("2026-03-02T14:30:00.001Z")), (t("2026-11-01T00:00:00.000Z"), t("2026-12-01T00:00:00.000Z")),
        (t("2025-01-01T00:00:00.000Z"), t("2025-06-01T00:00:00.000Z")),
    ]

    @Test("every series, span and limit: the same starts with the rule's starts given as without")
    func sameStarts() throws {
        for series in Self.series {
            let known = try #require(Occurrences.ruleStarts(start: series.start, allDay: series.allDay, timeZone: series.zone,
                                                            rrule: series.rule, limit: 1000), "\(series.rule)")
            #expect(known.first?.instant == series.start || series.allDay, "DTSTART first")
            for (from, to) in Self.spans {
                for limit in [1, 3, 5000] {
                    func expand(_ starts: [RuleStart]?) throws -> [Date] {
                        try Occurrences.expand(start: series.start, allDay: series.allDay, timeZone: series.zone, rrule: series.rule,
                                               rdates: series.rdates, exdates: series.exdates, from: from, to: to, limit: limit, ruleStarts: starts)
                    }
                    #expect(try expand(known) == (try expand(nil)), "\(series.rule) from \(from) to \(to), at most \(limit)")
                }
            }
        }
    }

    @Test("a rule that runs on, runs longer than the limit, or cannot be read has none")
    func notKept() {
        let start = Self.t("2026-01-05T09:00:00.000Z")
        #expect(Occurrences.ruleStarts(start: start, rrule: "FREQ=WEEKLY", limit: 1000) == nil)
        #expect(Occurrences.ruleStarts(start: start, rrule: "FREQ=DAILY;COUNT=20", limit: 10) == nil)
        // DTSTART, then the rule's twenty (the first of which is DTSTART again, as libical gives it).
        #expect(Occurrences.ruleStarts(start: start, rrule: "FREQ=DAILY;COUNT=20", limit: 20)?.count == 21)
        #expect(Occurrences.ruleStarts(start: start, rrule: "FREQ=DAILY;COUNT=20", limit: 19) == nil)
        #expect(Occurrences.ruleStarts(start: start, rrule: "FREQ=SOMETIMES", limit: 10) == nil)
        #expect(Occurrences.ruleStarts(start: start, timeZone: "Mars/Olympus_Mons", rrule: "FREQ=DAILY;COUNT=2", limit: 10) == nil)
    }

    @Test("a rule libical cannot run from its start (February 30th) has none, and listing it fails as before")
    func unrunnable() {
        let (start, rule) = (Self.t("2026-01-05T09:00:00.000Z"), "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=2")
        #expect(Occurrences.ruleStarts(start: start, rrule: rule, limit: 10) == nil)
        let (from, to) = Self.spans[0]
        #expect(throws: ICalError.self) { try Occurrences.expand(start: start, rrule: rule, from: from, to: to) }
    }

    @Test("times read from bytes are the times read from text")
    func bytes() {
        for text in ["2026-11-22", "2026-11-22T07:30:00.000Z", "2026-11-22T07:30:00Z", "1969-12-31T23:59:59.999Z", "2026-02-31",
                     "", "2026-11-2", "2026-11-22T24:00:00Z", "2026-11-22T07:30:00.000", "x2026-11-22"] {
            var copy = text
            let fromBytes = copy.withUTF8 { CalendarTime(recordBytes: $0) }
            #expect(fromBytes == CalendarTime(recordText: text), "\(text)")
        }
    }

    @Test("midnight UTC of a date is the C library's timegm, days past a month's end included")
    func midnights() {
        for (year, month, day) in [(1970, 1, 1), (1969, 12, 31), (2026, 2, 29), (2026, 2, 31), (2024, 2, 29), (1900, 3, 1), (2000, 2, 29),
                                   (2100, 12, 31), (1582, 10, 10), (2026, 1, 0), (2026, 12, 40), (2026, 13, 1), (2026, 0, 15), (-44, 3, 15)] {
            var parts = tm()
            parts.tm_year = Int32(year - 1900)
            parts.tm_mon = Int32(month - 1)
            parts.tm_mday = Int32(day)
            #expect(ICalDate(year: year, month: month, day: day).utcMidnight == Date(timeIntervalSince1970: Double(timegm(&parts))),
                    "\(year)-\(month)-\(day)")
        }
    }
}
