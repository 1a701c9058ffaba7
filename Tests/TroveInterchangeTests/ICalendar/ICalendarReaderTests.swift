import Foundation
import Testing
import TroveInterchange
import TroveJSON

/// Bad input, LMS summaries and tasks.
@Suite struct ICalendarReaderTests {
    @Test func notICalendarNamesTheFile() {
        #expect(throws: ICSFileError(file: "notes.ics", reason: "not an iCalendar file: no BEGIN:VCALENDAR line (the first line is \"Dear diary,\")")) {
            try ICSReader.read("Dear diary,\ntoday...\n", file: "notes.ics")
        }
    }

    @Test func aBadEventIsReportedByUIDAndLineWhileTheOthersRead() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:good-1
            DTSTART:20260105T090000Z
            SUMMARY:Fine
            END:VEVENT
            BEGIN:VEVENT
            UID:backwards
            DTSTART:20260105T090000Z
            DTEND:20260105T080000Z
            SUMMARY:Ends first
            END:VEVENT
            BEGIN:VEVENT
            UID:bad-rule
            DTSTART:20260105T090000Z
            RRULE:FREQ=SOMETIMES
            END:VEVENT
            BEGIN:VEVENT
            UID:bad-start
            DTSTART:tomorrow
            END:VEVENT
            BEGIN:VEVENT
            UID:good-2
            DTSTART;VALUE=DATE:20260106
            SUMMARY:Also fine
            END:VEVENT
            END:VCALENDAR
            """
        let file = try ICSReader.read(text)
        #expect(file.events.map(\.uid) == ["good-1", "good-2"])
        #expect(file.invalid.map(\.uid) == ["backwards", "bad-rule", "bad-start"])
        #expect(file.invalid.map(\.line) == [11, 17, 21])
        #expect(file.invalid[0].description == "line 11: VEVENT \"backwards\": DTEND 2026-01-05T08:00:00.000Z is before DTSTART 2026-01-05T09:00:00.000Z")
        #expect(file.invalid[1].message.contains("RRULE"))
        #expect(file.invalid[2].message.contains("DTSTART"))
    }

    /// Issue 26: rules libical reads but will not expand are invalid events, named like any other.
    @Test(arguments: ["FREQ=YEARLY;BYMONTH=13", "FREQ=YEARLY;BYYEARDAY=367", "FREQ=YEARLY;BYMONTHDAY=31;BYMONTH=2"])
    func aRuleLibicalCannotExpandIsAnInvalidEvent(rule: String) throws {
        let file = try ICSReader.read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:bad\nDTSTART:20260105T090000Z\nRRULE:\(rule)\nEND:VEVENT\n"
                                      + "BEGIN:VEVENT\nUID:good\nDTSTART:20260106T090000Z\nEND:VEVENT\nEND:VCALENDAR\n")
        #expect(file.events.map(\.uid) == ["good"])
        #expect(file.invalid.map(\.description)
                == ["line 5: VEVENT \"bad\": RRULE \"\(rule)\" is not valid: libical cannot expand it (a BY part is out of range, or can never match); it must look like FREQ=WEEKLY;BYDAY=MO"])
    }

    @Test func anUnknownZoneIsInvalidNotHoursOff() throws {
        let file = try ICSReader.read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:z\nDTSTART;TZID=Atlantis/Capital:20260105T090000\nEND:VEVENT\nEND:VCALENDAR\n")
        #expect(file.records.isEmpty)
        #expect(file.invalid.first?.line == 4)
    }

    @Test func lmsSummaryGivesTheClass() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:event-assignment-1
            DTSTART:20261122T073000Z
            SUMMARY:Essay 2 [ENGL101]
            CATEGORIES:school,essays
            DESCRIPTION:Two pages\\, double spaced.
            END:VEVENT
            BEGIN:VTODO
            UID:t-1
            SUMMARY:Problem set 4 [MATH 220]
            DUE:20261201T235900Z
            DURATION:PT2H30M
            STATUS:COMPLETED
            COMPLETED:20261130T180000Z
            END:VTODO
            END:VCALENDAR
            """
        let file = try ICSReader.read(text)
        let event = try #require(file.events.first)
        #expect(event.fields["title"] == "Essay 2")
        #expect(event.fields["class"] == "ENGL101")
        #expect(event.fields["start"] == "2026-11-22T07:30:00.000Z")
        #expect(event.fields["categories"] == ["school", "essays"])
        #expect(event.fields["notes"] == "Two pages, double spaced.")
        let task = try #require(file.tasks.first)
        #expect(task.fields == [
            "title": "Problem set 4", "class": "MATH 220", "uid": "t-1", "due": "2026-12-01T23:59:00.000Z",
            "estimateMinutes": 150, "done": true, "doneAt": "2026-11-30T18:00:00.000Z",
        ])
    }

    @Test func absoluteAndEndRelatedAlarms() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:a
            DTSTART:20260105T090000Z
            DTEND:20260105T100000Z
            BEGIN:VALARM
            ACTION:AUDIO
            TRIGGER;VALUE=DATE-TIME:20260104T180000Z
            END:VALARM
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;RELATED=END:-PT15M
            END:VALARM
            END:VEVENT
            END:VCALENDAR
            """
        let alarms = try #require(ICSReader.read(text).events.first?.fields["alarms"]?.arrayValue)
        #expect(alarms[0]["at"] == "2026-01-04T18:00:00.000Z")
        #expect(alarms[0]["action"] == "audio")
        #expect(alarms[1]["minutesBefore"] == -45)  // 15 minutes before the end of a one-hour event
    }
}
