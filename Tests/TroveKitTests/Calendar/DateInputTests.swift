import Foundation
import Testing
@testable import TroveKit

@Suite("natural date input")
struct DateInputTests {
    /// Wednesday 2026-11-18, 10:15 in New York (15:15 UTC).
    let now = Cal.at("2026-11-18T15:15:00Z")

    func read(_ text: String, now: Date? = nil, in zone: TimeZone = Cal.newYork) throws -> DateReading {
        try DateInput.read(text, timeZone: zone, now: now ?? self.now)
    }

    @Test("day words and weekdays read as days without a time", arguments: [
        ("today", "2026-11-18"), ("Today", "2026-11-18"), ("tomorrow", "2026-11-19"), ("yesterday", "2026-11-17"),
        ("fri", "2026-11-20"), ("friday", "2026-11-20"), ("FRI", "2026-11-20"), ("thurs", "2026-11-19"),
        // Today counts for a weekday alone; "next" and "last" never mean today.
        ("wed", "2026-11-18"), ("next wed", "2026-11-25"), ("last wed", "2026-11-11"),
        ("next fri", "2026-11-20"), ("last fri", "2026-11-13"), ("tue", "2026-11-24"), ("last tue", "2026-11-17"),
        ("in 3 days", "2026-11-21"), ("in 1 day", "2026-11-19"), ("in 2 weeks", "2026-12-02"), ("in 1 month", "2026-12-18"),
        ("+2d", "2026-11-20"), ("+1w", "2026-11-25"), ("-1d", "2026-11-17"), ("+0d", "2026-11-18"),
        ("2026-12-01", "2026-12-01"),
    ])
    func days(text: String, day: String) throws {
        let reading = try read(text)
        #expect(reading.day.description == day)
        #expect(!reading.hasTime)
        #expect(reading.instant == reading.day.instant(in: Cal.newYork))
    }

    @Test("times alone are today; with a day, on that day", arguments: [
        ("14:00", "2026-11-18T19:00:00Z"), ("9am", "2026-11-18T14:00:00Z"), ("9:30pm", "2026-11-19T02:30:00Z"),
        ("9 am", "2026-11-18T14:00:00Z"), ("noon", "2026-11-18T17:00:00Z"), ("midnight", "2026-11-18T05:00:00Z"),
        ("12am", "2026-11-18T05:00:00Z"), ("12pm", "2026-11-18T17:00:00Z"), ("12:45am", "2026-11-18T05:45:00Z"),
        ("07:30:15", "2026-11-18T12:30:15Z"), ("7:05", "2026-11-18T12:05:00Z"),
        ("tomorrow 14:00", "2026-11-19T19:00:00Z"), ("fri 9am", "2026-11-20T14:00:00Z"), ("fri at 9 am", "2026-11-20T14:00:00Z"),
        ("9am fri", "2026-11-20T14:00:00Z"), ("next fri noon", "2026-11-20T17:00:00Z"), ("in 3 days 8:15", "2026-11-21T13:15:00Z"),
        ("+1w 6pm", "2026-11-25T23:00:00Z"), ("2026-12-01 9am", "2026-12-01T14:00:00Z"), ("2026-12-01 14:30", "2026-12-01T19:30:00Z"),
        ("2026-12-01T14:30", "2026-12-01T19:30:00Z"), ("2026-12-01T14:30:05", "2026-12-01T19:30:05Z"),
        ("tomorrow, 9:30PM", "2026-11-20T02:30:00Z"),
    ])
    func times(text: String, instant: String) throws {
        let reading = try read(text)
        #expect(reading.instant == Cal.at(instant))
        #expect(reading.hasTime)
    }

    @Test("now, ISO 8601 with a zone, and moments relative to now are exact instants")
    func instants() throws {
        #expect(try read("now").instant == now)
        #expect(try read("now").time == TimeOfDay(hour: 10, minute: 15))
        #expect(try read("2026-12-01T14:30:00Z").instant == Cal.at("2026-12-01T14:30:00Z"))
        #expect(try read("2026-12-01T14:30:00Z").day == Cal.d(2026, 12, 1))
        #expect(try read("2026-12-01T02:30:00Z").day == Cal.d(2026, 11, 30))
        #expect(try read("2026-12-01T14:30:00.250+01:00").instant == Cal.at("2026-12-01T13:30:00Z").addingTimeInterval(0.25))
        #expect(try read("in 2 hours").instant == now.addingTimeInterval(7200))
        #expect(try read("in 30 minutes").instant == now.addingTimeInterval(1800))
        #expect(try read("+3h").instant == now.addingTimeInterval(3 * 3600))
        #expect(try read("in 2 hours").hasTime)
    }

    @Test("across New York's DST changes, days keep their wall-clock times")
    func daylightSaving() throws {
        // Saturday 2026-03-07, noon EST; clocks go forward that night.
        let saturday = Cal.at("2026-03-07T17:00:00Z")
        #expect(try read("tomorrow 9am", now: saturday).instant == Cal.at("2026-03-08T13:00:00Z"))
        #expect(try read("tomorrow", now: saturday).instant == Cal.at("2026-03-08T05:00:00Z"))
        #expect(try read("+2d", now: saturday).instant == Cal.at("2026-03-09T04:00:00Z"))
        #expect(try read("sun 2:30", now: saturday).instant == Cal.at("2026-03-08T07:30:00Z"))
        #expect(try read("2026-03-08 02:30", now: saturday).instant == Cal.at("2026-03-08T07:30:00Z"))
        // Saturday 2026-10-31, noon EDT; clocks go back that night.
        let halloween = Cal.at("2026-10-31T16:00:00Z")
        #expect(try read("tomorrow 1:30am", now: halloween).instant == Cal.at("2026-11-01T05:30:00Z"))
        #expect(try read("tomorrow 9am", now: halloween).instant == Cal.at("2026-11-01T14:00:00Z"))
        #expect(try read("mon", now: halloween).instant == Cal.at("2026-11-02T05:00:00Z"))
        // Late evening: "today" is New York's day, not UTC's.
        let lateEvening = Cal.at("2026-11-19T03:30:00Z")
        #expect(try read("today", now: lateEvening).day == Cal.d(2026, 11, 18))
        #expect(try read("today", now: lateEvening, in: Cal.utc).day == Cal.d(2026, 11, 19))
    }

    @Test("DateInput.parse and dayStart keep reading what they always read")
    func existingForms() throws {
        #expect(try DateInput.parse("2026-11-22", timeZone: Cal.paris) == Cal.at("2026-11-21T23:00:00Z"))
        #expect(try DateInput.parse("2026-11-22 07:30", timeZone: Cal.paris) == Cal.at("2026-11-22T06:30:00Z"))
        #expect(try DateInput.parse("2026-11-22T07:30", timeZone: Cal.paris) == Cal.at("2026-11-22T06:30:00Z"))
        #expect(try DateInput.parse("2026-11-22 07:30:10", timeZone: Cal.paris) == Cal.at("2026-11-22T06:30:10Z"))
        #expect(try DateInput.parse("2026-11-22T07:30:10", timeZone: Cal.paris) == Cal.at("2026-11-22T06:30:10Z"))
        #expect(try DateInput.parse("2026-11-22T07:30:10.5Z") == Cal.at("2026-11-22T07:30:10Z").addingTimeInterval(0.5))
        #expect(try DateInput.parse("now", now: now) == now)
        #expect(try DateInput.parse(" today ", timeZone: Cal.newYork, now: now) == Cal.at("2026-11-18T05:00:00Z"))
        #expect(try DateInput.parse("yesterday", timeZone: Cal.newYork, now: now) == Cal.at("2026-11-17T05:00:00Z"))
        #expect(try DateInput.dayStart("2026-11-22 07:30", timeZone: Cal.paris) == Cal.at("2026-11-21T23:00:00Z"))
        #expect(try DateInput.dayStart("fri 9am", timeZone: Cal.newYork, now: now) == Cal.at("2026-11-20T05:00:00Z"))
    }

    @Test("a day of a month by its English name, any case, with or without a year", arguments: [
        ("dec 3", "2026-12-03"), ("3 dec", "2026-12-03"), ("3 December 2026", "2026-12-03"), ("December 3, 2026", "2026-12-03"),
        ("DEC 3", "2026-12-03"), ("3 Dec, 2027", "2027-12-03"), ("sept 9", "2027-09-09"), ("3rd dec", "2026-12-03"),
        // Without a year, the next such day counting today (Wednesday 2026-11-18), as for a weekday.
        ("nov 18", "2026-11-18"), ("17 november", "2027-11-17"), ("jan 1", "2027-01-01"), ("29 feb", "2028-02-29"),
        ("may 5", "2027-05-05"),
    ])
    func monthNames(text: String, day: String) throws {
        let reading = try read(text)
        #expect(reading.day.description == day)
        #expect(!reading.hasTime)
    }

    @Test("a month's day takes a time, either side")
    func monthNamesWithTimes() throws {
        #expect(try read("dec 3 9am").instant == Cal.at("2026-12-03T14:00:00Z"))
        #expect(try read("14:30 3 December 2026").instant == Cal.at("2026-12-03T19:30:00Z"))
        #expect(try read("December 3, 2026 at 9:30pm").instant == Cal.at("2026-12-04T02:30:00Z"))
    }

    @Test("a day the month does not have says how long the month is", arguments: [
        ("31 feb", "February has 28 days (29 in a leap year)"), ("feb 30", "February has 28 days (29 in a leap year)"),
        ("31 nov", "November has 30 days"), ("29 February 2027", "February 2027 has 28 days"),
        ("April 31, 2028", "April 2028 has 30 days"), ("2026-02-30", "February 2026 has 28 days"),
        ("2026-02-30 9am", "February 2026 has 28 days"), ("2026-02-30T14:30", "February 2026 has 28 days"),
        ("2027-04-31", "April 2027 has 30 days"), ("2026-02-30T14:30:00Z", "February 2026 has 28 days"),
    ])
    func noSuchDay(text: String, reason: String) {
        #expect(throws: InputError.self) { try read(text) }
        do { _ = try read(text) } catch {
            #expect("\(error)" == "'\(text)' is not a date: \(reason)")
        }
    }

    @Test("an end: a day it names is read from now, a time alone is on the start's day, a relative moment counts from the start")
    func ends() throws {
        let start = try read("tomorrow 10:00").instant
        func end(_ text: String) throws -> Date { try DateInput.readEnd(text, start: start, timeZone: Cal.newYork, now: now).instant }
        #expect(try end("tomorrow 11:00") == Cal.at("2026-11-19T16:00:00Z"), "an hour, not a day and an hour")
        #expect(try end("11:00") == Cal.at("2026-11-19T16:00:00Z"))
        #expect(try end("fri 9am") == Cal.at("2026-11-20T14:00:00Z"))
        #expect(try end("dec 3") == Cal.at("2026-12-03T05:00:00Z"))
        #expect(try end("+2h") == Cal.at("2026-11-19T17:00:00Z"))
        #expect(try end("2026-11-19T18:00:00Z") == Cal.at("2026-11-19T18:00:00Z"))
    }

    @Test("a time a spring-forward change skips moves forward, and the reading says so")
    func skippedTimes() throws {
        let saturday = Cal.at("2027-03-13T17:00:00Z")
        let skipped = try read("2027-03-14 02:30", now: saturday)
        #expect(skipped.skipped && skipped.time == TimeOfDay(hour: 2, minute: 30))
        #expect(skipped.instant == Cal.at("2027-03-14T07:30:00Z"))
        #expect(TimeOfDay(skipped.instant, in: Cal.newYork) == TimeOfDay(hour: 3, minute: 30))
        #expect(try !read("2027-03-14 03:30", now: saturday).skipped)
        #expect(try !read("2027-11-07 01:30", now: saturday).skipped, "a repeated time exists")
        #expect(try !read("2027-03-14", now: saturday).skipped)
    }

    @Test("anything else is refused, naming the input and the forms to use", arguments: [
        "", "next", "fri fri", "tomorrow 9am 10am", "13pm", "0am", "24:00", "9:5", "2026-13-01", "2026-1-5", "9",
        "someday", "in 3 parsecs", "in three days", "+2x", "+d", "next blursday", "last spring", "2026-12-01 25:00",
        "in 2 hours 9am", "dec", "dec 32", "3 4", "december three", "0 dec",
    ])
    func refused(text: String) {
        #expect(throws: InputError.invalidDate(text)) { try read(text) }
        let message = InputError.invalidDate(text).description
        #expect(message.hasPrefix("'\(text)' is not a date"))
        #expect(message.contains("tomorrow 14:00") && message.contains("+2d") && message.contains("9:30pm"))
    }
}
