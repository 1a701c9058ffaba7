import Foundation
import Testing
import TroveICal
import TroveInterchange
import TroveJSON
import TroveKit

/// One test for each way an imported calendar was read wrong (issue 23, items 1–4 and 7).
@Suite("iCalendar import conformance")
struct ICSConformanceTests {
    static func calendar(_ body: String) -> String {
        ("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Trove tests//EN\n" + body + "END:VCALENDAR\n").replacingOccurrences(of: "\n", with: "\r\n")
    }

    static func instant(_ text: String) -> Date { CalendarTime.parseTimestamp(text)! }

    @Test("a daily 02:30 in New York is at 03:30 EDT on the night the clocks skip 02:00-03:00, as event add puts it")
    func springForwardGap() throws {
        let starts = try Occurrences.expand(start: Self.instant("2026-03-07T07:30:00Z"), timeZone: "America/New_York", rrule: "FREQ=DAILY;COUNT=3",
                                            from: Self.instant("2026-03-01T00:00:00Z"), to: Self.instant("2026-04-01T00:00:00Z"))
        #expect(starts.map(CalendarTime.timestamp) == ["2026-03-07T07:30:00.000Z", "2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z"])
        // The same rule as typed times: one definition, so the two cannot drift apart.
        let typed = CivilDate(year: 2026, month: 3, day: 8)!.instant(at: TimeOfDay(hour: 2, minute: 30)!, in: TimeZone(identifier: "America/New_York")!)
        #expect(typed == starts[1])
        // A DTSTART in the gap is read the same way.
        let file = try ICSReader.read(Self.calendar("BEGIN:VEVENT\nUID:g\nDTSTART;TZID=America/New_York:20260308T023000\nEND:VEVENT\n"))
        #expect(file.events.first?.fields["start"]?.stringValue == "2026-03-08T07:30:00.000Z")
    }

    static let outlook = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        BEGIN:VEVENT
        UID:outlook
        DTSTART;TZID="W. Europe Standard Time":20260302T090000
        DTEND;TZID="W. Europe Standard Time":20260302T100000
        RRULE:FREQ=WEEKLY;COUNT=6
        END:VEVENT

        """

    @Test("an Outlook zone keeps daylight saving: the Windows name maps to Europe/Berlin and 09:00 stays 09:00 after the change")
    func windowsZone() throws {
        let event = try #require(try ICSReader.read(Self.calendar(Self.outlook)).events.first)
        #expect(event.fields["timeZone"]?.stringValue == "Europe/Berlin")
        let starts = try Occurrences.expand(start: Self.instant(event.fields["start"]!.stringValue!), timeZone: "Europe/Berlin", rrule: "FREQ=WEEKLY;COUNT=6",
                                            from: Self.instant("2026-03-01T00:00:00Z"), to: Self.instant("2026-05-01T00:00:00Z"))
        #expect(CalendarTime.timestamp(starts[0]) == "2026-03-02T08:00:00.000Z")
        #expect(CalendarTime.timestamp(starts[4]) == "2026-03-30T07:00:00.000Z", "after the change, 09:00 CEST")
    }

    @Test("a zone of the file's own under a name nobody knows is honoured by the system zone that keeps its clock")
    func customZone() throws {
        let renamed = Self.outlook.replacingOccurrences(of: "W. Europe Standard Time", with: "Office clock")
        #expect(try ICSReader.read(Self.calendar(renamed)).events.first?.fields["timeZone"]?.stringValue.map { TimeZone(identifier: $0) != nil } == true)
        let fixed = """
            BEGIN:VTIMEZONE
            TZID:Custom Fixed +0530
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:+0530
            TZOFFSETTO:+0530
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            UID:fixed
            DTSTART;TZID="Custom Fixed +0530":20260301T090000
            RRULE:FREQ=WEEKLY;COUNT=2
            END:VEVENT

            """
        let zone = try #require(try ICSReader.read(Self.calendar(fixed)).events.first?.fields["timeZone"]?.stringValue)
        #expect(TimeZone(identifier: zone)?.secondsFromGMT(for: Self.instant("2026-07-01T00:00:00Z")) == 19_800, "\(zone)")
    }

    @Test("a CANCELLED override is kept with status cancelled, a THISANDFUTURE override splits the series, a PERIOD keeps its length")
    func overridesAndPeriods() throws {
        let file = try ICSReader.read(Self.calendar("""
            BEGIN:VEVENT
            UID:s
            DTSTART:20260105T140000Z
            DTEND:20260105T150000Z
            RRULE:FREQ=WEEKLY;COUNT=10
            RDATE;VALUE=PERIOD:20260301T090000Z/20260301T120000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:s
            RECURRENCE-ID:20260112T140000Z
            DTSTART:20260112T140000Z
            STATUS:CANCELLED
            END:VEVENT
            BEGIN:VEVENT
            UID:s
            RECURRENCE-ID;RANGE=THISANDFUTURE:20260202T140000Z
            DTSTART:20260202T160000Z
            DTEND:20260202T170000Z
            END:VEVENT

            """))
        #expect(file.warnings.isEmpty, "\(file.warnings)")
        let master = try #require(file.events.first { $0.fields["recurrenceId"] == nil })
        #expect(master.fields["rrule"]?.stringValue == "FREQ=WEEKLY;COUNT=4", "the series ends before the THISANDFUTURE override")
        #expect(master.fields["rdateEnds"]?["2026-03-01T09:00:00.000Z"]?.stringValue == "2026-03-01T12:00:00.000Z")
        let cancelled = try #require(file.events.first { $0.fields["status"] != nil })
        #expect(cancelled.fields["status"]?.stringValue == "cancelled")
        let future = try #require(file.events.first { $0.fields["recurrenceRange"] != nil })
        #expect(future.fields["rrule"]?.stringValue == "FREQ=WEEKLY;COUNT=6", "the rest of the COUNT, from the override's own start")
        #expect(future.fields["rdate"]?.arrayValue?.first?.stringValue == "2026-03-01T11:00:00.000Z", "an RDATE after the cut moves with it")
    }

    @Test("dates that are not on the calendar are refused per event, with UID and line, never moved", arguments: [
        "DTSTART:20261311T090000Z", "DTSTART:20270231T090000Z", "DTSTART;VALUE=DATE:20270231",
    ])
    func invalidDates(start: String) throws {
        let file = try ICSReader.read(Self.calendar("""
            BEGIN:VEVENT
            UID:bad
            \(start)
            END:VEVENT
            BEGIN:VEVENT
            UID:good
            DTSTART:20270301T090000Z
            END:VEVENT

            """))
        #expect(file.events.map(\.uid) == ["good"])
        let problem = try #require(file.invalid.first)
        #expect(problem.uid == "bad" && problem.line == 6, "\(problem)")
    }

    @Test("a VEVENT without END is refused by its UID and line, and the rest of the file is read")
    func unterminated() throws {
        let file = try ICSReader.read(Self.calendar("""
            BEGIN:VEVENT
            UID:open
            DTSTART:20270301T090000Z
            BEGIN:VEVENT
            UID:closed
            DTSTART:20270302T090000Z
            END:VEVENT

            """))
        #expect(file.events.map(\.uid) == ["closed"])
        let problem = try #require(file.invalid.first)
        #expect(problem.uid == "open" && problem.line == 4 && problem.message.contains("END:VEVENT"), "\(problem)")
    }

    @Test("a VTODO keeps its alarms (RELATED=END from the due time), categories and start")
    func todoFields() throws {
        let file = try ICSReader.read(Self.calendar("""
            BEGIN:VTODO
            UID:t
            SUMMARY:Essay
            DTSTART:20270301T090000Z
            DUE:20270305T170000Z
            CATEGORIES:school,writing
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:Soon
            TRIGGER;RELATED=END:-PT1H
            END:VALARM
            END:VTODO

            """))
        let task = try #require(file.tasks.first)
        #expect(task.fields["start"]?.stringValue == "2027-03-01T09:00:00.000Z")
        #expect(task.fields["categories"] == .array(["school", "writing"]))
        #expect(task.fields["alarms"]?.arrayValue?.first?["at"]?.stringValue == "2027-03-05T16:00:00.000Z")
    }

    @Test("libical's complaints are said in the user's words, with the property named")
    func warningsInPlainWords() throws {
        let file = try ICSReader.read(Self.calendar("BEGIN:VEVENT\nUID:w\nDTSTART:20270301T090000Z\nDESCRIPTION:\nEND:VEVENT\n"))
        let warning = try #require(file.warnings.first)
        #expect(!warning.message.contains("Removing entire property"), "\(warning)")
        #expect(warning.message.contains("DESCRIPTION") && warning.message.contains("empty"), "\(warning)")
    }
}
