import Foundation
import Testing
import TroveICal
@testable import TroveIndex
import TroveJSON
import TroveStore

@Suite("events listed from index rows")
struct EventRowsTests {
    /// An event record as a file holds it, with `fields` over a plain one-off's.
    static func record(_ fields: [String: JSONValue] = [:]) -> JSONValue {
        var members: [String: JSONValue] = [
            "id": "01000000-0000-7000-8000-000000000001", "type": "event", "calendarId": "01000000-0000-7000-8000-0000000000ca",
            "title": "Lecture", "start": "2026-03-02T14:00:00.000Z", "end": "2026-03-02T15:00:00.000Z",
        ]
        for (key, value) in fields { members[key] = value }
        return .object(members)
    }

    static func oneOff(_ value: JSONValue, id: String = "01000000-0000-7000-8000-000000000001", type: String = "event") -> OneOffEvent? {
        OneOffEvent(id: id, type: type, value: value)
    }

    @Test("a plain one-off keeps what a listing shows: title (empty when missing), class, address, whether it ends")
    func plainOneOffs() {
        #expect(Self.oneOff(Self.record()) == OneOffEvent(title: "Lecture", hasEnd: true))
        #expect(Self.oneOff(Self.record(["class": "CS101", "location": ["address": "Room 4", "lat": 40.7, "lon": -74.0]]))
                == OneOffEvent(title: "Lecture", classLabel: "CS101", address: "Room 4", hasEnd: true))
        #expect(Self.oneOff(Self.record(["title": .null]))?.title == "", "a title that is not text reads as none")
        #expect(Self.oneOff(Self.record(["end": .null]))?.hasEnd == false)
        #expect(Self.oneOff(Self.record(["end": ""]))?.hasEnd == false, "an empty end is no end, as the row's end is then its start")
        #expect(Self.oneOff(Self.record(["location": "Room 4"]))?.address == nil, "a location that is not an object has no address")
    }

    @Test("series, overrides and records the calendar would read otherwise are read whole")
    func notOneOffs() {
        #expect(Self.oneOff(Self.record(["rrule": "FREQ=DAILY;COUNT=2"])) == nil)
        #expect(Self.oneOff(Self.record(["rdate": ["2026-03-03T14:00:00.000Z"]])) == nil)
        #expect(Self.oneOff(Self.record(["recurrenceId": "2026-03-02T14:00:00.000Z", "uid": "x"])) == nil)
        #expect(Self.oneOff(Self.record(["calendarId": .null])) == nil, "no calendar: no event")
        #expect(Self.oneOff(Self.record(["start": ""])) == nil, "an empty start: the row's start is something else")
        #expect(Self.oneOff(Self.record(["type": "task"])) == nil, "the file says it is a task")
        #expect(Self.oneOff(Self.record(), id: "01000000-0000-7000-8000-000000000002") == nil, "the file names another id")
        #expect(Self.oneOff(Self.record(), type: "task") == nil)
    }

    @Test("a span's events: one-offs from the rows with their times read, the rest as whole rows, together those the span query finds")
    func rows() throws {
        let fixture = try IndexFixture()
        let calendar = try fixture.calendar()
        let lecture = try fixture.put("event", ["calendarId": .string(calendar), "title": "Lecture", "class": "CS101",
                                                "start": "2026-03-02T14:00:00.000Z", "end": "2026-03-02T15:00:00.000Z",
                                                "location": ["address": "Room 4"]])
        let holiday = try fixture.event(calendar: calendar, title: "Holiday", start: "2026-03-03")
        let series = try fixture.event(calendar: calendar, title: "Standup", start: "2026-03-02T14:30:00.000Z",
                                       end: "2026-03-02T14:45:00.000Z", rrule: "FREQ=DAILY;COUNT=3")
        let unending = try fixture.event(calendar: calendar, title: "Yoga", start: "2026-01-05T23:00:00.000Z", rrule: "FREQ=WEEKLY")
        _ = try fixture.event(calendar: calendar, title: "Later", start: "2026-05-01T09:00:00.000Z")
        _ = try fixture.task(calendar: calendar, title: "Essay", due: "2026-03-04T22:00:00.000Z")
        let index = try fixture.index()
        let (from, to) = ("2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z")
        let rows = try index.eventRows(overlappingFrom: from, to: to)
        #expect(rows.oneOffs == [
            OneOffEventRow(id: lecture.id, start: .instant(CalendarTime.parseTimestamp("2026-03-02T14:00:00.000Z")!),
                           end: .instant(CalendarTime.parseTimestamp("2026-03-02T15:00:00.000Z")!),
                           event: OneOffEvent(title: "Lecture", classLabel: "CS101", address: "Room 4", hasEnd: true)),
            OneOffEventRow(id: holiday.id, start: .date(ICalDate(year: 2026, month: 3, day: 3)), end: nil,
                           event: OneOffEvent(title: "Holiday", hasEnd: false)),
        ], "in the index's order, by start")
        #expect(Set(rows.others.map(\.id)) == [series.id, unending.id])
        let all = try index.records(type: "event", overlappingFrom: from, to: to)
        #expect(Set(rows.oneOffs.map(\.id) + rows.others.map(\.id)) == Set(all.map(\.id)))
    }

    @Test("a series that ends keeps its starts, DTSTART's first; one that runs on keeps none")
    func seriesStarts() throws {
        let fixture = try IndexFixture()
        let calendar = try fixture.calendar()
        let weekly = try fixture.put("event", ["calendarId": .string(calendar), "title": "Standup", "start": "2026-03-02T14:30:00.000Z",
                                               "timeZone": "America/New_York", "rrule": "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4"])
        let unending = try fixture.event(calendar: calendar, title: "Yoga", start: "2026-01-05T23:00:00.000Z", rrule: "FREQ=WEEKLY")
        let index = try fixture.index()
        let rows = try index.records(type: "event", page: .all)
        let kept = try #require(rows.first { $0.id == weekly.id }?.ruleStarts)
        #expect(kept == Occurrences.ruleStarts(start: CalendarTime.parseTimestamp("2026-03-02T14:30:00.000Z")!, timeZone: "America/New_York",
                                               rrule: "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4", limit: SeriesStarts.limit))
        // DTSTART, then the rule's four (starting with DTSTART, as libical gives them): 09:30 in New York,
        // before and after the clocks change on the 8th.
        #expect(kept.map { CalendarTime.timestamp($0.instant) } == [
            "2026-03-02T14:30:00.000Z", "2026-03-02T14:30:00.000Z", "2026-03-04T14:30:00.000Z", "2026-03-09T13:30:00.000Z",
            "2026-03-11T13:30:00.000Z",
        ])
        #expect(kept.map(\.day) == [2, 2, 4, 9, 11].map { ICalDate(year: 2026, month: 3, day: $0) })
        #expect(rows.first { $0.id == unending.id }?.ruleStarts == nil)
        #expect(SeriesStarts.starts("") == [])
        #expect(SeriesStarts.starts("-86400:19691231,0:19700101") == [
            RuleStart(instant: Date(timeIntervalSince1970: -86_400), day: ICalDate(year: 1969, month: 12, day: 31)),
            RuleStart(instant: Date(timeIntervalSince1970: 0), day: ICalDate(year: 1970, month: 1, day: 1)),
        ])
        for broken in ["12", "12:", ":19700101", "1x:19700101", "1:19700101;2:19700102"] {
            #expect(SeriesStarts.starts(broken) == nil, "\(broken)")
        }
    }
}
