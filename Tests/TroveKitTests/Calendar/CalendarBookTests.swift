import Foundation
import Testing
import TroveICal
import TroveIndex
@testable import TroveKit
import TroveStore

/// Calendars, events and tasks in a real store: what is refused, what a series expands to, and what overrides replace.
@Suite("calendar books")
struct CalendarBookTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func instant(_ text: String) -> Date { DateInput.parseForTests(text, in: newYork) }

    static func books(_ fixture: KitFixture) throws -> (index: RecordIndex, events: EventBook, tasks: AssignmentBook) {
        let index = try RecordIndex(store: fixture.store)
        return (index, EventBook(index: index), AssignmentBook(index: index))
    }

    @Test("the first event makes the 'Personal' calendar; a named calendar must exist")
    func defaultCalendar() throws {
        let fixture = try KitFixture()
        let (_, events, _) = try Self.books(fixture)
        let (event, _) = try events.add(EventDraft(title: "Dentist", start: .instant(Self.instant("2026-12-01 09:00"))))
        let calendars = try CalendarBook(store: fixture.store).all()
        #expect(calendars.map(\.name) == ["Personal"])
        #expect(event.calendarId == calendars[0].id)
        let head = try fixture.head()
        #expect(throws: CalendarError.unknownCalendar("Nope", known: ["Personal"])) {
            try events.add(EventDraft(title: "Lost", calendar: "Nope", start: .instant(Self.instant("2026-12-01 09:00"))))
        }
        #expect(try fixture.head() == head, "a refused event writes nothing")
    }

    @Test("an end before the start, a blank title, a rule libical rejects and a taken calendar name are refused, and nothing is written")
    func refusals() throws {
        let fixture = try KitFixture()
        let (_, events, tasks) = try Self.books(fixture)
        try CalendarBook(store: fixture.store).add(name: "Work")
        let head = try fixture.head()
        let start = CalendarTime.instant(Self.instant("2026-12-01 14:00"))
        #expect(throws: CalendarError.self) {
            try events.add(EventDraft(title: "Backwards", start: start, end: .some(.instant(Self.instant("2026-12-01 13:00")))))
        }
        #expect(throws: CalendarError.blankTitle) { try events.add(EventDraft(title: "  ", start: start)) }
        #expect(throws: RecurrenceError.invalidRule("FREQ=SOMETIMES")) { try events.add(EventDraft(title: "Odd", start: start, rrule: "FREQ=SOMETIMES")) }
        #expect(throws: CalendarError.calendarNameTaken("work")) { try CalendarBook(store: fixture.store).add(name: "work") }
        #expect(throws: CalendarError.blankTitle) { try tasks.add(AssignmentDraft(title: "")) }
        #expect(try fixture.head() == head)
    }

    @Test("rules are stored as libical writes them, whatever order they were typed in")
    func canonicalRule() throws {
        let fixture = try KitFixture()
        let (_, events, _) = try Self.books(fixture)
        let (event, _) = try events.add(EventDraft(title: "Standup", start: .instant(Self.instant("2026-11-23 09:30")), rrule: "rrule:freq=weekly;byday=mo,we;count=4"))
        #expect(event.rrule == "FREQ=WEEKLY;COUNT=4;BYDAY=MO,WE")
    }

    @Test("a weekly series expands in its own zone across the DST change; an EXDATE removes one; an override replaces its occurrence")
    func seriesAndOverrides() throws {
        let fixture = try KitFixture()
        let (index, events, _) = try Self.books(fixture)
        // Mondays at 09:30 New York time from 2026-10-26, six times: DST ends on 2026-11-01.
        try fixture.store.transaction { transaction in
            let calendar = try transaction.put(["name": "Work"], type: "calendar").id
            try transaction.put(["calendarId": .string(calendar), "title": "Standup", "start": "2026-10-26T13:30:00.000Z", "end": "2026-10-26T13:45:00.000Z",
                                 "timeZone": "America/New_York", "rrule": "FREQ=WEEKLY;COUNT=6", "exdate": ["2026-11-09T14:30:00.000Z"], "uid": "standup-1"],
                                type: "event")
            // The 16 November one moves to 11:00.
            try transaction.put(["calendarId": .string(calendar), "title": "Standup (moved)", "start": "2026-11-16T16:00:00.000Z",
                                 "end": "2026-11-16T16:15:00.000Z", "recurrenceId": "2026-11-16T14:30:00.000Z", "uid": "standup-1"], type: "event")
        }
        try index.catchUp()
        _ = events
        let found = try CalendarQuery(index: index, timeZone: Self.newYork)
            .occurrences(from: Self.instant("2026-10-01 00:00"), to: Self.instant("2027-01-01 00:00"))
        let shown = found.map { "\(CivilDate($0.startDate(in: Self.newYork), in: Self.newYork)) \(CalendarTextForTests.time($0.startDate(in: Self.newYork))) \($0.event.title)" }
        #expect(shown == [
            "2026-10-26 09:30 Standup", "2026-11-02 09:30 Standup", "2026-11-16 11:00 Standup (moved)",
            "2026-11-23 09:30 Standup", "2026-11-30 09:30 Standup",
        ])
        // Each occurrence lasts as long as the first.
        #expect(found.filter { $0.event.title == "Standup" }.allSatisfy { $0.endDate(in: Self.newYork).timeIntervalSince($0.startDate(in: Self.newYork)) == 900 })
    }

    @Test("an all-day event of three days lies on each of its days, and its exclusive end day is free")
    func allDaySpan() throws {
        let fixture = try KitFixture()
        let (index, events, _) = try Self.books(fixture)
        try events.add(EventDraft(title: "Trip", start: .date(ICalDate(year: 2026, month: 12, day: 24)), end: .some(.date(ICalDate(year: 2026, month: 12, day: 27)))))
        let days = try CalendarDays(from: CivilDate(year: 2026, month: 12, day: 23)!, to: CivilDate(year: 2026, month: 12, day: 28)!,
                                    query: CalendarQuery(index: index, timeZone: Self.newYork), countries: ["US"], notes: nil)
        #expect(days.days.map(\.occurrences.count) == [0, 1, 1, 1, 0, 0])
        #expect(days.day(CivilDate(year: 2026, month: 12, day: 25)!)?.holidays.map(\.name) == ["Christmas Day"])
    }

    @Test("reminders: a task due within the lead time and an alarm whose moment came are raised once, however often asked")
    func remindersOnce() throws {
        let fixture = try KitFixture()
        let (index, events, tasks) = try Self.books(fixture)
        let now = Self.instant("2026-11-24 12:00")
        try tasks.add(AssignmentDraft(title: "Essay", due: .some(Self.instant("2026-11-24 12:45"))))
        try tasks.add(AssignmentDraft(title: "Later", due: .some(Self.instant("2026-11-30 12:00"))))
        try events.add(EventDraft(title: "Exam", start: .instant(Self.instant("2026-11-24 12:20")), alarmMinutes: [30]))
        try events.add(EventDraft(title: "Tomorrow's exam", start: .instant(Self.instant("2026-11-25 12:20")), alarmMinutes: [30]))
        try index.catchUp()
        let reminders = Reminders(query: CalendarQuery(index: index, timeZone: Self.newYork))
        let first = try reminders.post(now: now, leadMinutes: 60)
        #expect(Set(first.map(\.text)) == ["'Essay' is due at 12:45", "'Exam' starts at 12:20"])
        try index.catchUp()
        #expect(try reminders.post(now: now.addingTimeInterval(60), leadMinutes: 60).isEmpty, "asked again, nothing new")
        #expect(try Inbox(store: fixture.store).messages().count == 2)
    }

    @Test("two peers saving settings before they first sync write one settings record")
    func settingsConverge() throws {
        let a = try KitFixture(), b = try KitFixture()
        try SyncedSettings(store: a.store).set("assistant", to: "on")
        try SyncedSettings(store: b.store).set("notifications.method", to: "email")
        let ids = try [a, b].map { try $0.store.records(ofType: "settings").map(\.id) }
        #expect(ids[0] == ids[1] && ids[0].count == 1, "the same id on both, so a sync merges them field by field")
        #expect(throws: CalendarError.self) { try SyncedSettings(store: a.store).set("notifications.method", to: "pigeon") }
        #expect(throws: CalendarError.self) { try SyncedSettings(store: a.store).set("colour", to: "blue") }
        #expect(try SyncedSettings(store: a.store).current().assistant)
    }
}

/// Helpers for reading times in these tests.
enum CalendarTextForTests {
    /// The wall-clock time in New York, by Foundation's calendar (not the code under test).
    static func time(_ date: Date) -> String {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarBookTests.newYork
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }
}

extension DateInput {
    /// `2026-12-01 09:00` in `zone`; the tests' times are all written that way.
    static func parseForTests(_ text: String, in zone: TimeZone) -> Date {
        try! DateInput.parse(text, timeZone: zone, now: Date(timeIntervalSince1970: 1_790_000_000))
    }
}

/// Events with more than one alarm.
@Suite("reminders of several alarms")
struct SeveralAlarmTests {
    @Test("two alarms that both passed before anyone asked raise one reminder; a later alarm still raises its own when it comes")
    func latestAlarmSpeaks() throws {
        let fixture = try KitFixture()
        let (index, events, _) = try CalendarBookTests.books(fixture)
        try events.add(EventDraft(title: "Exam", start: .instant(CalendarBookTests.instant("2026-11-24 12:00")), alarmMinutes: [60, 30, 10]))
        let reminders = Reminders(query: CalendarQuery(index: index, timeZone: CalendarBookTests.newYork))
        // Asked first at 11:40: the 1 h and 30 min alarms have both passed.
        let late = try reminders.post(now: CalendarBookTests.instant("2026-11-24 11:40"), leadMinutes: 60)
        #expect(late.map(\.text) == ["'Exam' starts at 12:00"])
        #expect(try reminders.post(now: CalendarBookTests.instant("2026-11-24 11:45"), leadMinutes: 60).isEmpty)
        let tenBefore = try reminders.post(now: CalendarBookTests.instant("2026-11-24 11:51"), leadMinutes: 60)
        #expect(tenBefore.map(\.text) == ["'Exam' starts at 12:00"], "the 10-minute alarm comes on its own")
        #expect(try Inbox(store: fixture.store).messages().count == 2)
    }
}

/// `TimeOfDay(_:in:)` against Foundation's calendar, across a year of New York's and Kathmandu's offsets.
@Suite("wall-clock times")
struct WallClockTests {
    @Test("every hour and a half of 2026, in zones with DST and with a 45-minute offset, reads as Foundation reads it", arguments: ["America/New_York", "Asia/Kathmandu", "UTC"])
    func matchesFoundation(zone name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var instant = Date(timeIntervalSince1970: 1_767_225_600)
        for _ in 0..<(365 * 16) {
            let parts = calendar.dateComponents([.hour, .minute, .second], from: instant)
            let time = TimeOfDay(instant, in: zone)
            #expect((time.hour, time.minute, time.second) == (parts.hour!, parts.minute!, parts.second!), "\(instant) in \(name)")
            instant = instant.addingTimeInterval(5_407)
        }
    }
}
