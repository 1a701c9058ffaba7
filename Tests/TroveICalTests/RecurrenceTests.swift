import Foundation
import Testing
import TroveICal

/// Occurrences against RFC 5545 expectations.
@Suite struct RecurrenceTests {
    static func t(_ text: String) -> Date { CalendarTime.parseTimestamp(text)! }
    static func texts(_ dates: [Date]) -> [String] { dates.map(CalendarTime.timestamp) }
    static let wide = (from: t("2000-01-01T00:00:00.000Z"), to: t("2040-01-01T00:00:00.000Z"))

    @Test func countStopsTheRule() throws {
        let starts = try Occurrences.expand(start: Self.t("2026-01-01T09:00:00.000Z"), rrule: "FREQ=DAILY;COUNT=3", from: Self.wide.from, to: Self.wide.to)
        #expect(Self.texts(starts) == ["2026-01-01T09:00:00.000Z", "2026-01-02T09:00:00.000Z", "2026-01-03T09:00:00.000Z"])
    }

    @Test func untilIsInclusive() throws {
        let starts = try Occurrences.expand(start: Self.t("2026-01-01T09:00:00.000Z"), rrule: "FREQ=DAILY;UNTIL=20260103T090000Z", from: Self.wide.from, to: Self.wide.to)
        #expect(starts.count == 3)
    }

    @Test func byDayPicksTheWeekdays() throws {
        // 2026-01-05 is a Monday.
        let starts = try Occurrences.expand(start: Self.t("2026-01-05T10:00:00.000Z"), rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4", from: Self.wide.from, to: Self.wide.to)
        #expect(Self.texts(starts) == ["2026-01-05T10:00:00.000Z", "2026-01-07T10:00:00.000Z", "2026-01-12T10:00:00.000Z", "2026-01-14T10:00:00.000Z"])
    }

    @Test func aStartOutsideTheRuleCountsAsTheFirstOccurrence() throws {
        // RFC 5545: DTSTART (a Tuesday) is the first of COUNT=2 although BYDAY=MO does not match it.
        let starts = try Occurrences.expand(start: Self.t("2026-01-06T09:00:00.000Z"), rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=2", from: Self.wide.from, to: Self.wide.to)
        #expect(Self.texts(starts) == ["2026-01-06T09:00:00.000Z", "2026-01-12T09:00:00.000Z"])
    }

    @Test func exdateRemovesAndRdateAdds() throws {
        let starts = try Occurrences.expand(
            start: Self.t("2026-01-01T09:00:00.000Z"), rrule: "FREQ=DAILY;COUNT=3",
            rdates: [.instant(Self.t("2026-02-01T12:00:00.000Z"))],
            exdates: [.instant(Self.t("2026-01-02T09:00:00.000Z"))],
            from: Self.wide.from, to: Self.wide.to)
        #expect(Self.texts(starts) == ["2026-01-01T09:00:00.000Z", "2026-01-03T09:00:00.000Z", "2026-02-01T12:00:00.000Z"])
    }

    @Test func aDateExdateRemovesThatDayOfATimedEvent() throws {
        // As in icaljs-rdate_exdate.ics.
        let starts = try Occurrences.expand(
            start: Self.t("2024-06-09T03:00:00.000Z"), rrule: "FREQ=DAILY;INTERVAL=1;COUNT=4",
            exdates: [.date(ICalDate(year: 2024, month: 6, day: 11))], from: Self.wide.from, to: Self.wide.to)
        #expect(Self.texts(starts) == ["2024-06-09T03:00:00.000Z", "2024-06-10T03:00:00.000Z", "2024-06-12T03:00:00.000Z"])
    }

    @Test func weeklyKeepsTheWallClockAcrossDSTInParis() throws {
        // 09:00 in Paris: UTC+1 before 29 March 2026, UTC+2 after.
        let starts = try Occurrences.expand(
            start: Self.t("2026-03-16T08:00:00.000Z"), timeZone: "Europe/Paris", rrule: "FREQ=WEEKLY;COUNT=4",
            from: Self.wide.from, to: Self.wide.to)
        #expect(Self.texts(starts) == [
            "2026-03-16T08:00:00.000Z", "2026-03-23T08:00:00.000Z", "2026-03-30T07:00:00.000Z", "2026-04-06T07:00:00.000Z",
        ])
    }

    @Test func theRangeAndLimitCut() throws {
        let starts = try Occurrences.expand(
            start: Self.t("2026-01-01T09:00:00.000Z"), rrule: "FREQ=DAILY",
            from: Self.t("2026-03-01T00:00:00.000Z"), to: Self.t("2026-04-01T00:00:00.000Z"), limit: 5)
        #expect(Self.texts(starts) == (1...5).map { "2026-03-0\($0)T09:00:00.000Z" })
        let all = try Occurrences.expand(
            start: Self.t("2026-01-01T09:00:00.000Z"), rrule: "FREQ=DAILY",
            from: Self.t("2026-03-01T00:00:00.000Z"), to: Self.t("2026-04-01T00:00:00.000Z"))
        #expect(all.count == 31)
    }

    @Test func allDayYearly() throws {
        let starts = try Occurrences.expand(
            start: ICalDate(year: 2024, month: 2, day: 29).utcMidnight, allDay: true, rrule: "FREQ=YEARLY;COUNT=3",
            from: Self.wide.from, to: Self.wide.to)
        // RFC 5545: a 29 February that does not exist is skipped, not moved.
        #expect(starts.map { ICalDate(utcDayOf: $0).description } == ["2024-02-29", "2028-02-29", "2032-02-29"])
    }

    @Test func noRuleIsTheStartAndTheRdates() throws {
        let starts = try Occurrences.expand(
            start: Self.t("2026-01-01T09:00:00.000Z"), rrule: nil, rdates: [.instant(Self.t("2026-01-05T09:00:00.000Z"))],
            from: Self.wide.from, to: Self.wide.to)
        #expect(starts.count == 2)
    }

    @Test(arguments: ["FREQ=FOO", "FREQ=WEEKLY;BYDAY=XX", "BYDAY=MO", "", "FREQ=DAILY;COUNT=x"])
    func invalidRulesAreRejected(rule: String) {
        #expect(throws: ICalError.self) { try RecurrenceRule(validating: rule) }
    }

    @Test func validRulesPass() throws {
        #expect(try RecurrenceRule(validating: "FREQ=WEEKLY;BYDAY=MO,WE").isFinite == false)
        #expect(try RecurrenceRule(validating: "FREQ=DAILY;COUNT=2").isFinite)
        #expect(try RecurrenceRule(validating: "FREQ=MONTHLY;BYDAY=1TU;UNTIL=20121231T100000").isFinite)
    }

    @Test func anUnknownZoneIsAnError() {
        #expect(throws: ICalError.unknownTimeZone("Mars/Olympus")) {
            try Occurrences.expand(start: Date(), timeZone: "Mars/Olympus", rrule: "FREQ=DAILY", from: Self.wide.from, to: Self.wide.to)
        }
    }

    /// Issue 26: libical parses these, but makes no iterator for them, so every listing over them failed.
    @Test(arguments: ["FREQ=YEARLY;BYMONTH=13", "FREQ=YEARLY;BYYEARDAY=367", "FREQ=YEARLY;BYMONTHDAY=31;BYMONTH=2"])
    func rulesLibicalCannotExpandAreRefused(rule: String) {
        #expect(throws: ICalError.invalidRecurrence(rule: rule, reason: "libical cannot expand it (a BY part is out of range, or can never match)")) {
            try RecurrenceRule(validating: rule)
        }
    }

    @Test func rulesThatSometimesMatchNothingAreKept() throws {
        // The 31st exists in some months, the 29th of February in leap years: those rules are fine.
        for rule in ["FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYYEARDAY=366"] {
            #expect(try RecurrenceRule(validating: rule).text == rule)
        }
    }
}
