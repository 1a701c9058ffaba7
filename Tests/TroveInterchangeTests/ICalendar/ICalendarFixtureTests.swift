import Foundation
import Testing
import TroveICal
import TroveInterchange
import TroveJSON

/// Every fixture reads, with spot checks against what the files hold.
@Suite struct ICalendarFixtureTests {
    static func read(_ name: String) throws -> ICSFile { try ICSReader.read(contentsOf: ICSFixtures.path(name)) }

    static func starts(_ record: ICSRecord, from: String, to: String, limit: Int = 1000) throws -> [String] {
        let f = record.fields
        let start = try #require(CalendarTime(recordText: f["start"]?.stringValue ?? ""))
        return try Occurrences.expand(
            start: start.instant, allDay: start.isDate, timeZone: f["timeZone"]?.stringValue, rrule: f["rrule"]?.stringValue,
            rdates: (f["rdate"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(CalendarTime.init(recordText:)) },
            exdates: (f["exdate"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(CalendarTime.init(recordText:)) },
            from: CalendarTime.parseTimestamp(from)!, to: CalendarTime.parseTimestamp(to)!, limit: limit
        ).map(CalendarTime.timestamp)
    }

    @Test(arguments: ICSFixtures.names)
    func everyFixtureReads(name: String) throws {
        let file = try Self.read(name)
        #expect(!file.records.isEmpty)
        #expect(file.invalid.isEmpty, "\(file.invalid)")
        for record in file.records {
            #expect(record.uid != nil)
            #expect(record.line > 0)
            if record.kind == .event { #expect(record.fields["start"] != nil) }
        }
    }

    @Test func minimalEvent() throws {
        let event = try #require(Self.read("icaljs-minimal.ics").events.first)
        #expect(event.fields == [
            "title": "Really long event name thing",
            "uid": "dn4vrfmfn5p05roahsopg57h48@google.com",
            "start": "2012-06-30T13:00:00.000Z",  // 06:00 PDT
            "end": "2012-06-30T14:00:00.000Z",
            "timeZone": "America/Los_Angeles",
        ])
    }

    @Test func dailyRecurrenceExpandsToTheRightDays() throws {
        let event = try #require(Self.read("icaljs-daily_recur.ics").events.first)
        #expect(event.fields["rrule"] == "FREQ=DAILY")
        #expect(event.fields["alarms"]?.arrayValue?.count == 2)
        // 05:00 in Los Angeles every day; PDT until 4 November 2012, then PST.
        let starts = try Self.starts(event, from: "2012-11-02T00:00:00.000Z", to: "2012-11-06T00:00:00.000Z")
        #expect(starts == ["2012-11-02T12:00:00.000Z", "2012-11-03T12:00:00.000Z", "2012-11-04T13:00:00.000Z", "2012-11-05T13:00:00.000Z"])
        let first = try Self.starts(event, from: "2012-01-01T00:00:00.000Z", to: "2013-01-01T00:00:00.000Z", limit: 3)
        #expect(first == ["2012-08-01T12:00:00.000Z", "2012-08-02T12:00:00.000Z", "2012-08-03T12:00:00.000Z"])
    }

    @Test func multipleRrulesKeepTheFirstAndTurnTheSecondIntoRdates() throws {
        let file = try Self.read("icaljs-multiple_rrules.ics")
        let event = try #require(file.events.first)
        #expect(event.fields["rrule"] == "FREQ=WEEKLY;UNTIL=20120730T065959Z")
        #expect(file.warnings.contains { $0.message.contains("second RRULE") })
        let starts = try Self.starts(event, from: "2012-01-01T00:00:00.000Z", to: "2013-01-01T00:00:00.000Z")
        // Mondays 26 March to 23 July at 11:00 PDT (18 of them), and every Sunday from 1 April to 29 July.
        #expect(starts.first == "2012-03-26T18:00:00.000Z")
        #expect(starts.contains("2012-07-23T18:00:00.000Z"))
        #expect(!starts.contains("2012-07-30T18:00:00.000Z"))
        #expect(starts.contains("2012-04-01T18:00:00.000Z"))
        #expect(starts.contains("2012-07-29T18:00:00.000Z"))
        #expect(starts.count == 18 + 18)
        #expect(starts.allSatisfy { $0.hasSuffix("T18:00:00.000Z") })  // 11:00 PDT
        #expect(event.fields["alarms"]?.arrayValue?.first?["minutesBefore"] == 5)
    }

    @Test func newYorkTimesAreUTCAcrossDST() throws {
        let event = try #require(Self.read("icalendar-america_new_york.ics").events.first)
        #expect(event.fields["start"] == "2014-08-29T12:00:00.000Z")
        #expect(event.fields["end"] == "2014-08-29T14:00:00.000Z")
        #expect(event.fields["timeZone"] == "America/New_York")
        // The same zone in winter is UTC-5.
        let both = try ICSReader.read("""
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:w
            DTSTART;TZID=America/New_York:20141229T080000
            END:VEVENT
            END:VCALENDAR
            """)
        #expect(both.events.first?.fields["start"] == "2014-12-29T13:00:00.000Z")
    }

    @Test func durationInsteadOfDtend() throws {
        let event = try #require(Self.read("icaljs-duration_instead_of_dtend.ics").events.first)
        #expect(event.fields["start"] == "2012-06-30T13:00:00.000Z")
        #expect(event.fields["end"] == "2012-07-01T13:00:00.000Z")
    }

    @Test func onlyDtstartDateIsAllDay() throws {
        let event = try #require(Self.read("icaljs-only_dtstart_date.ics").events.first)
        #expect(event.fields["start"] == "2012-06-30")
        #expect(event.fields["allDay"] == true)
        #expect(event.fields["end"] == nil)
        #expect(event.fields["timeZone"] == nil)
    }

    @Test func googleAlarms() throws {
        let event = try #require(Self.read("icalendar-alarm_google_future.ics").events.first)
        let alarms = try #require(event.fields["alarms"]?.arrayValue)
        #expect(alarms.map { $0["minutesBefore"] } == [10, 14, 15, 15])
        #expect(alarms.map { $0["action"] } == ["display", "display", "email", "display"])
        #expect(alarms.allSatisfy { $0["description"] == "This is an event reminder" })
        #expect(Set(alarms.compactMap { $0["id"]?.stringValue }).count == 4)
        #expect(event.fields["start"] == "2024-10-04T18:15:00.000Z")
    }

    @Test func xLocation() throws {
        let event = try #require(Self.read("icalendar-x_location.ics").events.first)
        let place = try #require(event.fields["location"]?.objectValue)
        #expect(place["address"] == "Roadstar 16\n12764 Happyville\nDenmark")
        #expect(place["lat"] == .double(52.382762))
        #expect(place["lon"] == .double(7.528319))
        #expect(event.fields["notes"] == "Some Description")
        #expect(event.fields["rrule"] == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        #expect(event.fields["start"] == "2016-10-28T12:00:00.000Z")  // 14:00 CEST
        // Weekdays at 14:00 Zurich: CET from 30 October, so 13:00 UTC.
        let starts = try ICalendarFixtureTests.starts(event, from: "2016-10-28T00:00:00.000Z", to: "2016-11-02T00:00:00.000Z")
        #expect(starts == ["2016-10-28T12:00:00.000Z", "2016-10-31T13:00:00.000Z", "2016-11-01T13:00:00.000Z"])
    }

    @Test func eventsAndTodosTogether() throws {
        let file = try Self.read("icalendar-issue_1050_calendar_with_events_and_todos.ics")
        #expect(file.events.map(\.uid) == ["event-1@example.com", "event-2@example.com"])
        #expect(file.tasks.map(\.fields) == [["title": "Test Todo 1", "uid": "todo-1@example.com", "done": false]])
        #expect(file.warnings.contains { $0.message.contains("1 VJOURNAL component left out") })
    }

    @Test func recurrenceIdOverridesAreSeparateEvents() throws {
        let events = try Self.read("icaljs-recur_instances.ics").events
        #expect(events.count == 3)
        #expect(Set(events.compactMap(\.uid)).count == 1)
        let master = events[0]
        #expect(master.fields["recurrenceId"] == nil)
        #expect(master.fields["rdate"] == [
            "2023-11-23T09:00:00.000Z", "2023-11-25T09:00:00.000Z", "2012-11-05T18:00:00.000Z",
            "2012-11-10T18:00:00.000Z", "2012-11-30T18:00:00.000Z",
        ])
        #expect(master.fields["exdate"]?.arrayValue?.count == 3)
        #expect(events[1].fields["recurrenceId"] == "2012-10-02T17:00:00.000Z")
        #expect(events[1].fields["notes"] == "I HAZ CHANGED!")
        #expect(events[2].fields["recurrenceId"] == "2012-11-05T18:00:00.000Z")
        // First Tuesdays at 10:00 PDT/PST, less the EXDATEs (4 Dec, 5 Feb), plus the RDATEs.
        let starts = try Self.starts(master, from: "2012-10-01T00:00:00.000Z", to: "2013-01-01T00:00:00.000Z")
        #expect(starts == [
            "2012-10-02T17:00:00.000Z", "2012-11-05T18:00:00.000Z", "2012-11-06T18:00:00.000Z",
            "2012-11-10T18:00:00.000Z", "2012-11-30T18:00:00.000Z",
        ])
    }

    @Test func rdateExdateOnADay() throws {
        let event = try #require(Self.read("icaljs-rdate_exdate.ics").events.first)
        #expect(event.fields["exdate"] == ["2024-06-11"])
        let starts = try Self.starts(event, from: "2024-01-01T00:00:00.000Z", to: "2025-01-01T00:00:00.000Z")
        #expect(starts == ["2024-06-09T03:00:00.000Z", "2024-06-10T03:00:00.000Z", "2024-06-12T03:00:00.000Z"])
    }

    @Test func googleBirthdaysAreAllDayAndWarnAboutBadRdates() throws {
        let file = try Self.read("icaljs-google_birthday.ics")
        #expect(file.events.count == 4)
        #expect(file.events.allSatisfy { $0.fields["allDay"] == true })
        #expect(file.events[1].fields["recurrenceId"] == "2012-12-10")
        #expect(file.events[0].fields["end"] == "2014-12-11")
        // libical rejects "RDATE:20131210Z" (a date cannot be UTC) and says so.
        #expect(file.warnings.filter { $0.message.contains("RDATE") }.map(\.line) == [12, 13])
    }

    @Test func blankDescriptionAndLocationAreLeftOut() throws {
        let event = try #require(Self.read("icaljs-blank_description.ics").events.first)
        #expect(event.fields["notes"] == nil)
        #expect(event.fields["location"] == nil)
    }
}
