import Foundation
import Testing
import TroveTestSupport

/// `trove agenda`'s text, which is written straight into bytes for a pipe: the lines the agenda printed
/// before it was (checked against the build before, and kept here), for series with an exception and a
/// moved occurrence, all-day events over the change to summer time, times given in three zones, titles in
/// other scripts, and tasks.
@Suite("trove agenda's text")
struct AgendaTextCommandTests {
    let fixture: CalendarFixture
    init() throws { fixture = try CalendarFixture() }

    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Trove//agenda golden//EN
        BEGIN:VEVENT
        UID:lecture@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Lecture [CS101]
        DTSTART;TZID=America/New_York:20260302T090000
        DTEND;TZID=America/New_York:20260302T101500
        LOCATION:Room 4\\, Whittemore Hall
        END:VEVENT
        BEGIN:VEVENT
        UID:cafe@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Café Lumière
        DTSTART;TZID=Europe/Paris:20260302T150000
        DTEND;TZID=Europe/Paris:20260302T153000
        END:VEVENT
        BEGIN:VEVENT
        UID:cafe2@example
        DTSTAMP:20260101T000000Z
        SUMMARY:café lumière
        DTSTART:20260302T140000Z
        DTEND:20260302T163000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:kanji@example
        DTSTAMP:20260101T000000Z
        SUMMARY:漢字の会議
        DTSTART:20260303T150000Z
        DTEND:20260303T160000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:deadline@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Deadline
        DTSTART:20260308T063000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:holiday@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Holiday
        DTSTART;VALUE=DATE:20260304
        DTEND;VALUE=DATE:20260305
        END:VEVENT
        BEGIN:VEVENT
        UID:trip@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Trip
        DTSTART;VALUE=DATE:20260307
        DTEND;VALUE=DATE:20260310
        LOCATION:Lyon
        END:VEVENT
        BEGIN:VEVENT
        UID:conference@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Conference
        DTSTART;VALUE=DATE:20260226
        DTEND;VALUE=DATE:20260302
        END:VEVENT
        BEGIN:VEVENT
        UID:standup@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Standup
        DTSTART;TZID=America/New_York:20260302T093000
        DTEND;TZID=America/New_York:20260302T094500
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6
        EXDATE;TZID=America/New_York:20260304T093000
        END:VEVENT
        BEGIN:VEVENT
        UID:standup@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Standup (moved)
        RECURRENCE-ID;TZID=America/New_York:20260309T093000
        DTSTART;TZID=America/New_York:20260309T110000
        DTEND;TZID=America/New_York:20260309T111500
        END:VEVENT
        BEGIN:VEVENT
        UID:fast@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Fast
        DTSTART;VALUE=DATE:20260306
        DTEND;VALUE=DATE:20260307
        RRULE:FREQ=DAILY;UNTIL=20260310
        END:VEVENT
        BEGIN:VEVENT
        UID:yoga@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Yoga [GYM]
        DTSTART;TZID=America/New_York:20260105T180000
        DTEND;TZID=America/New_York:20260105T190000
        RRULE:FREQ=WEEKLY
        END:VEVENT
        BEGIN:VTODO
        UID:essay@example
        DTSTAMP:20260101T000000Z
        SUMMARY:Essay 2 [ENGL101]
        DUE:20260305T220000Z
        DURATION:PT150M
        STATUS:NEEDS-ACTION
        END:VTODO
        BEGIN:VTODO
        UID:pset@example
        DTSTAMP:20260101T000000Z
        SUMMARY:problem set [MATH221]
        DUE:20260305T220000Z
        STATUS:COMPLETED
        COMPLETED:20260304T200000Z
        END:VTODO
        END:VCALENDAR
        """

    /// The agenda's lines with each line's short id (its last eight characters) masked: ids are new in every store.
    func agenda(_ arguments: String...) throws -> [String] {
        // A pipe, not a terminal: the lines are laid out straight into bytes.
        let output = try fixture.ok(["agenda", "--from", "2026-03-01", "--to", "2026-03-12"] + arguments)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let json = try fixture.ok(["agenda", "--from", "2026-03-01", "--to", "2026-03-12", "--json"] + arguments).stdout
        let ids = try #require(parseJSON(json) as? [[String: Any]]).map { try #require($0["id"] as? String) }
        #expect(lines.count == ids.count)
        for (line, id) in zip(lines, ids) { #expect(line.hasSuffix(String(id.suffix(8))), "\(line) is not \(id)'s") }
        return lines.map { String($0.dropLast(8)) + "########" }
    }

    @Test("every kind of item, sorted by time; by length, longest first; of two classes")
    func lines() throws {
        let path = try fixture.write("mixed.ics", Self.calendar)
        try fixture.ok("import", "ics", path)
        #expect(try agenda() == [
            "Thu 26 Feb 2026 all day  4d     Conference                                 ########",
            "Mon 2 Mar 2026 09:00     30m    Café Lumière                               ########",
            "Mon 2 Mar 2026 09:00     2h30m  café lumière                               ########",
            "Mon 2 Mar 2026 09:00     1h15m  Lecture [CS101] @ Room 4, Whittemore Hall  ########",
            "Mon 2 Mar 2026 09:30     15m    Standup ↻                                  ########",
            "Mon 2 Mar 2026 18:00     1h     Yoga [GYM] ↻                               ########",
            "Tue 3 Mar 2026 10:00     1h     漢字の会議                                 ########",
            "Wed 4 Mar 2026 all day   1d     Holiday                                    ########",
            "Thu 5 Mar 2026 17:00     2h30m  ☐ Essay 2 [ENGL101]                        ########",
            "Thu 5 Mar 2026 17:00            ☑ problem set [MATH221]                    ########",
            "Fri 6 Mar 2026 all day   1d     Fast ↻                                     ########",
            "Sat 7 Mar 2026 all day   1d     Fast ↻                                     ########",
            "Sat 7 Mar 2026 all day   2d23h  Trip @ Lyon                                ########",
            "Sun 8 Mar 2026 all day   23h    Fast ↻                                     ########",
            "Sun 8 Mar 2026 01:30            Deadline                                   ########",
            "Mon 9 Mar 2026 all day   1d     Fast ↻                                     ########",
            "Mon 9 Mar 2026 11:00     15m    Standup (moved)                            ########",
            "Mon 9 Mar 2026 18:00     1h     Yoga [GYM] ↻                               ########",
            "Tue 10 Mar 2026 all day  1d     Fast ↻                                     ########",
            "Wed 11 Mar 2026 09:30    15m    Standup ↻                                  ########",
        ])
        #expect(try agenda("--sort", "length", "--desc") == [
            "Thu 26 Feb 2026 all day  4d     Conference                                 ########",
            "Sat 7 Mar 2026 all day   2d23h  Trip @ Lyon                                ########",
            "Wed 4 Mar 2026 all day   1d     Holiday                                    ########",
            "Fri 6 Mar 2026 all day   1d     Fast ↻                                     ########",
            "Sat 7 Mar 2026 all day   1d     Fast ↻                                     ########",
            "Mon 9 Mar 2026 all day   1d     Fast ↻                                     ########",
            "Tue 10 Mar 2026 all day  1d     Fast ↻                                     ########",
            "Sun 8 Mar 2026 all day   23h    Fast ↻                                     ########",
            "Mon 2 Mar 2026 09:00     2h30m  café lumière                               ########",
            "Thu 5 Mar 2026 17:00     2h30m  ☐ Essay 2 [ENGL101]                        ########",
            "Mon 2 Mar 2026 09:00     1h15m  Lecture [CS101] @ Room 4, Whittemore Hall  ########",
            "Mon 2 Mar 2026 18:00     1h     Yoga [GYM] ↻                               ########",
            "Tue 3 Mar 2026 10:00     1h     漢字の会議                                 ########",
            "Mon 9 Mar 2026 18:00     1h     Yoga [GYM] ↻                               ########",
            "Mon 2 Mar 2026 09:00     30m    Café Lumière                               ########",
            "Mon 2 Mar 2026 09:30     15m    Standup ↻                                  ########",
            "Mon 9 Mar 2026 11:00     15m    Standup (moved)                            ########",
            "Wed 11 Mar 2026 09:30    15m    Standup ↻                                  ########",
            "Sun 8 Mar 2026 01:30            Deadline                                   ########",
            "Thu 5 Mar 2026 17:00            ☑ problem set [MATH221]                    ########",
        ])
        #expect(try agenda("--class", "cs101", "--class", "MATH221") == [
            "Mon 2 Mar 2026 09:00  1h15m  Lecture [CS101] @ Room 4, Whittemore Hall  ########",
            "Thu 5 Mar 2026 17:00         ☑ problem set [MATH221]                    ########",
        ])
    }
}
