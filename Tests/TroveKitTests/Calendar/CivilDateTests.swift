import Foundation
import Testing
@testable import TroveKit

@Suite("civil dates and times")
struct CivilDateTests {
    @Test("days since the epoch round-trip and weekdays are right")
    func arithmetic() {
        #expect(Cal.d(1970, 1, 1).daysSinceEpoch == 0)
        #expect(Cal.d(1970, 1, 1).weekday == .thursday)
        #expect(Cal.d(2026, 11, 22).weekday == .sunday)
        #expect(Cal.d(2000, 2, 29).weekday == .tuesday)
        #expect(Cal.d(1969, 12, 31).daysSinceEpoch == -1)
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(Cal.d(2026, 12, 31).adding(days: 1) == Cal.d(2027, 1, 1))
        #expect(Cal.d(2024, 2, 28).adding(days: 1) == Cal.d(2024, 2, 29))
        #expect(Cal.d(2026, 3, 1).days(to: Cal.d(2026, 2, 1)) == -28)
    }

    @Test("months add with the day clamped to the month's end")
    func months() {
        #expect(Cal.d(2026, 1, 31).adding(months: 1) == Cal.d(2026, 2, 28))
        #expect(Cal.d(2024, 1, 31).adding(months: 1) == Cal.d(2024, 2, 29))
        #expect(Cal.d(2026, 1, 15).adding(months: -1) == Cal.d(2025, 12, 15))
        #expect(Cal.d(2026, 11, 30).adding(months: 14) == Cal.d(2028, 1, 30))
        #expect(Cal.d(2026, 3, 31).adding(months: -25) == Cal.d(2024, 2, 29))
    }

    @Test("no February 30, and YYYY-MM-DD only in its exact shape")
    func validity() {
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(iso: "2026-11-22") == Cal.d(2026, 11, 22))
        #expect(CivilDate(iso: "2026-1-05") == nil)
        #expect(CivilDate(iso: "2026-02-30") == nil)
        #expect(CivilDate(iso: "2026-11-22x") == nil)
        #expect(Cal.d(987, 3, 4).description == "0987-03-04")
    }

    @Test("weekday names and abbreviations")
    func weekdays() {
        #expect(Weekday(name: "fri") == .friday)
        #expect(Weekday(name: "Friday") == .friday)
        #expect(Weekday(name: "thurs") == .thursday)
        #expect(Weekday(name: "fr") == nil)
        #expect(Weekday(name: "fridays") == nil)
        #expect(Weekday.saturday.advanced(by: 1) == .sunday)
        #expect(Weekday.monday.advanced(by: -1) == .sunday)
        #expect(Weekday.monday.description == "Monday")
    }

    @Test("a day is 23 or 25 hours long on New York's DST days, and skipped times move forward")
    func zones() {
        #expect(Cal.d(2026, 3, 8).interval(in: Cal.newYork).duration == 23 * 3600)
        #expect(Cal.d(2026, 11, 1).interval(in: Cal.newYork).duration == 25 * 3600)
        #expect(Cal.d(2026, 11, 2).interval(in: Cal.newYork).duration == 24 * 3600)
        #expect(Cal.d(2026, 3, 8).instant(at: TimeOfDay(hour: 2, minute: 30)!, in: Cal.newYork) == Cal.at("2026-03-08T07:30:00Z"))
        #expect(Cal.d(2026, 3, 8).instant(at: TimeOfDay(hour: 3)!, in: Cal.newYork) == Cal.at("2026-03-08T07:00:00Z"))
        #expect(Cal.d(2026, 3, 8).instant(at: TimeOfDay(hour: 1, minute: 59)!, in: Cal.newYork) == Cal.at("2026-03-08T06:59:00Z"))
        // 01:30 happens twice on November 1: the first (EDT) is taken.
        #expect(Cal.d(2026, 11, 1).instant(at: TimeOfDay(hour: 1, minute: 30)!, in: Cal.newYork) == Cal.at("2026-11-01T05:30:00Z"))
        #expect(Cal.d(2026, 11, 1).instant(at: TimeOfDay(hour: 2)!, in: Cal.newYork) == Cal.at("2026-11-01T07:00:00Z"))
        // 22:30 in New York is already tomorrow in UTC.
        let late = Cal.at("2026-11-19T03:30:00Z")
        #expect(CivilDate(late, in: Cal.newYork) == Cal.d(2026, 11, 18))
        #expect(CivilDate(late, in: Cal.utc) == Cal.d(2026, 11, 19))
        #expect(CivilDate(Cal.at("1969-12-31T23:59:59Z"), in: Cal.utc) == Cal.d(1969, 12, 31))
    }
}
