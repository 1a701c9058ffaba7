import Foundation
import Testing
import TroveIndex
import TroveJSON
@testable import TroveKit

/// `CalendarQuery.agendaItems`, which lists one-off events from their index rows, against the items the agenda
/// made before: one per occurrence of `occurrences(from:to:)` (every event read whole), then one per task.
@Suite("agenda items from index rows")
struct AgendaItemsTests {
    /// A calendar of every kind of event and task an agenda shows, in a fresh store.
    static func calendar() throws -> (KitFixture, RecordIndex) {
        let fixture = try KitFixture()
        try fixture.store.transaction { transaction in
            let calendar = JSONValue.string(try transaction.put(["name": "Mixed"], type: "calendar").id)
            func event(_ fields: [String: JSONValue]) throws {
                var fields = fields
                fields["calendarId"] = calendar
                if fields["title"] == nil { fields["title"] = "Event" }
                try transaction.put(.object(fields), type: "event")
            }
            // One-offs: timed in three zones, with a class, a place, no end, no length, an end before the start.
            try event(["title": "Lecture", "class": "CS101", "start": "2026-03-02T14:00:00.000Z", "end": "2026-03-02T15:15:00.000Z",
                       "timeZone": "America/New_York", "location": ["address": "Room 4, Whittemore Hall"]])
            try event(["title": "Café Lumière", "start": "2026-03-02T14:00:00.000Z", "end": "2026-03-02T14:30:00.000Z", "timeZone": "Europe/Paris"])
            try event(["title": "café lumière", "start": "2026-03-02T14:00:00.000Z", "end": "2026-03-02T16:30:00.000Z"])
            try event(["title": "Deadline", "start": "2026-03-08T06:30:00.000Z"])
            try event(["title": "Blink", "start": "2026-03-09T12:00:00.000Z", "end": "2026-03-09T12:00:00.000Z"])
            try event(["title": "Backwards", "start": "2026-03-10T12:00:00.000Z", "end": "2026-03-10T11:00:00.000Z"])
            try event(["title": "", "start": "2026-03-11T09:00:00.000Z", "end": "2026-03-11T10:00:00.000Z"])
            try event(["title": "漢字の会議 ✈︎", "start": "2026-03-12T09:00:00.000Z", "end": "2026-03-12T10:00:00.000Z", "class": "jp101"])
            // All day: one day, no end (a day), across the change to summer time, and begun before the span.
            try event(["title": "Holiday", "start": "2026-03-03", "end": "2026-03-04"])
            try event(["title": "Open day", "start": "2026-03-05"])
            try event(["title": "Trip", "start": "2026-03-07", "end": "2026-03-10", "location": ["address": "Lyon"]])
            try event(["title": "Conference", "start": "2026-02-26", "end": "2026-03-02"])
            // Series: weekly with an exception and an override, daily all-day until a date, unending, with extra dates.
            try event(["title": "Standup", "start": "2026-03-02T14:30:00.000Z", "end": "2026-03-02T14:45:00.000Z",
                       "timeZone": "America/New_York", "rrule": "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10", "exdate": ["2026-03-04T14:30:00.000Z"],
                       "uid": "standup"])
            try event(["title": "Standup (moved)", "start": "2026-03-09T16:00:00.000Z", "end": "2026-03-09T16:15:00.000Z",
                       "recurrenceId": "2026-03-09T13:30:00.000Z", "uid": "standup"])
            try event(["title": "Fast", "start": "2026-03-06", "end": "2026-03-07", "rrule": "FREQ=DAILY;UNTIL=20260312"])
            try event(["title": "Yoga", "class": "GYM", "start": "2026-01-05T23:00:00.000Z", "end": "2026-01-06T00:00:00.000Z",
                       "timeZone": "America/New_York", "rrule": "FREQ=WEEKLY"])
            try event(["title": "Clinic", "start": "2026-03-03T08:00:00.000Z", "end": "2026-03-03T09:00:00.000Z",
                       "rrule": "FREQ=WEEKLY;COUNT=3", "rdate": ["2026-03-05T08:00:00.000Z"]])
            for (title, due, done) in [("Essay", "2026-03-04T22:00:00.000Z", false), ("essay", "2026-03-04T22:00:00.000Z", true),
                                       ("Problem set", "2026-03-09T04:59:00.000Z", false)] {
                try transaction.put(["calendarId": calendar, "title": .string(title), "due": .string(due), "done": .bool(done),
                                     "class": "MATH221", "estimateMinutes": 90], type: "task")
            }
        }
        return (fixture, try RecordIndex(store: fixture.store))
    }

    /// The agenda's items as they were made before: from every occurrence, read whole, then the tasks.
    static func reference(_ query: CalendarQuery, from: Date, to: Date) throws -> [AgendaItem] {
        let zone = query.timeZone
        let events = try query.occurrences(from: from, to: to).map { occurrence in
            AgendaItem(id: occurrence.event.id, kind: .event, title: occurrence.event.listingTitle, time: occurrence.startDate(in: zone),
                       lengthMinutes: Int(occurrence.endDate(in: zone).timeIntervalSince(occurrence.startDate(in: zone)) / 60),
                       itemClass: occurrence.event.classLabel, allDay: occurrence.start.isDate, storedTitle: occurrence.event.title,
                       end: occurrence.endDate(in: zone), repeats: occurrence.event.rrule != nil || !occurrence.event.rdates.isEmpty)
        }
        return events + (try query.tasks(dueFrom: from, to: to)).map(AgendaItem.init(task:))
    }

    @Test("the same items in the same order, for spans and readers' zones around a change of clocks",
          arguments: ["America/New_York", "Europe/Paris", "UTC", "Asia/Kathmandu", "Australia/Lord_Howe"])
    func sameItems(zoneName: String) throws {
        let (fixture, index) = try Self.calendar()
        _ = fixture
        let zone = try #require(TimeZone(identifier: zoneName))
        let query = CalendarQuery(index: index, timeZone: zone)
        let spans = [(Cal.d(2026, 3, 1), Cal.d(2026, 4, 1)), (Cal.d(2026, 3, 2), Cal.d(2026, 3, 3)), (Cal.d(2026, 3, 8), Cal.d(2026, 3, 9)),
                     (Cal.d(2026, 1, 1), Cal.d(2027, 1, 1)), (Cal.d(2026, 2, 27), Cal.d(2026, 2, 28))]
        for (first, end) in spans {
            let (from, to) = (first.instant(in: zone), end.instant(in: zone))
            let items = try query.agendaItems(from: from, to: to)
            #expect(items == (try Self.reference(query, from: from, to: to)), "\(zoneName), \(first) to \(end)")
            // A month and a year have items in every zone (a day may have none: Lecture is on 3 March at Lord Howe).
            if first.days(to: end) > 1 { #expect(items.count > 20, "\(zoneName), \(first) to \(end)") }
        }
    }

    @Test("the views' listed occurrences are the whole occurrences' id, titles, start and end, in the same order",
          arguments: ["America/New_York", "Europe/Paris", "Australia/Lord_Howe"])
    func listedOccurrences(zoneName: String) throws {
        let (fixture, index) = try Self.calendar()
        _ = fixture
        let zone = try #require(TimeZone(identifier: zoneName))
        let query = CalendarQuery(index: index, timeZone: zone)
        for (first, end) in [(Cal.d(2026, 3, 1), Cal.d(2026, 4, 1)), (Cal.d(2026, 3, 8), Cal.d(2026, 3, 9)), (Cal.d(2026, 1, 1), Cal.d(2027, 1, 1))] {
            let (from, to) = (first.instant(in: zone), end.instant(in: zone))
            let listed = try query.listedOccurrences(from: from, to: to)
            let whole = try query.occurrences(from: from, to: to).map { ListedOccurrence($0, in: zone) }
            #expect(listed == whole, "\(zoneName), \(first) to \(end)")
            if first.days(to: end) > 1 { #expect(listed.count > 20) }
        }
    }

    @Test("one-offs come from index rows, and a series' occurrences keep its listing title, class and all-day mark")
    func kinds() throws {
        let (fixture, index) = try Self.calendar()
        _ = fixture
        let query = CalendarQuery(index: index, timeZone: Cal.newYork)
        let items = try query.agendaItems(from: Cal.d(2026, 3, 1).instant(in: Cal.newYork), to: Cal.d(2026, 3, 15).instant(in: Cal.newYork))
        let titles = items.map(\.title)
        #expect(titles.contains("Lecture [CS101] @ Room 4, Whittemore Hall"))
        #expect(titles.contains("(untitled)"))
        // Of Mon 2, Wed 4, Mon 9 and Wed 11: the 4th is excepted, and the 9th moved to an override of its own.
        #expect(titles.filter { $0 == "Standup ↻" }.count == 2, "\(titles)")
        #expect(titles.contains("Standup (moved)"))
        #expect(items.first { $0.title == "Open day" }.map { $0.allDay && $0.lengthMinutes == 1440 } == true)
        #expect(items.first { $0.title == "Trip @ Lyon" }?.lengthMinutes == 3 * 1440 - 60, "three days with an hour lost to summer time")
        let fast = items.filter { $0.title == "Fast ↻" }
        #expect(fast.count == 7 && fast.allSatisfy { $0.allDay }, "6 to 12 March, every day")
        #expect(items.last.map { $0.kind == .task } == true)
    }
}
