import Foundation

/// A calendar with a bit of everything an export must write: series in several zones (across both DST changes of
/// March 2026), an EXDATE, a cancelled and a moved occurrence, a RANGE=THISANDFUTURE split, `TZID=GMT`, an all-day
/// event, a UTC one, a floating weekly one (across the change), tasks with a due time and an estimate, a date-only due, categories and alarms.
public enum VariedCalendar {
    public static let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Trove tests//varied store//EN\r
        BEGIN:VEVENT\r
        UID:paris-weekly@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Lecture [HIST200]\r
        DTSTART;TZID=Europe/Paris:20260302T090000\r
        DTEND;TZID=Europe/Paris:20260302T103000\r
        RRULE:FREQ=WEEKLY;COUNT=8\r
        EXDATE;TZID=Europe/Paris:20260316T090000\r
        LOCATION:Amphi B\r
        CATEGORIES:school\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT30M\r
        DESCRIPTION:Lecture [HIST200]\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:ny-daily@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Standup\r
        DTSTART;TZID=America/New_York:20260305T093000\r
        DTEND;TZID=America/New_York:20260305T094500\r
        RRULE:FREQ=DAILY;COUNT=10\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:ny-daily@test\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID;TZID=America/New_York:20260309T093000\r
        SUMMARY:Standup\r
        DTSTART;TZID=America/New_York:20260309T093000\r
        DTEND;TZID=America/New_York:20260309T094500\r
        STATUS:CANCELLED\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:ny-daily@test\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID;TZID=America/New_York:20260310T093000\r
        SUMMARY:Standup (moved)\r
        DTSTART;TZID=America/New_York:20260310T110000\r
        DTEND;TZID=America/New_York:20260310T111500\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:tokyo-split@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Seminar\r
        DTSTART;TZID=Asia/Tokyo:20260303T180000\r
        DTEND;TZID=Asia/Tokyo:20260303T190000\r
        RRULE:FREQ=WEEKLY;COUNT=6\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:tokyo-split@test\r
        DTSTAMP:20260101T000000Z\r
        RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Asia/Tokyo:20260317T180000\r
        SUMMARY:Seminar (new room)\r
        DTSTART;TZID=Asia/Tokyo:20260317T190000\r
        DTEND;TZID=Asia/Tokyo:20260317T200000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:gmt@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Call London\r
        DTSTART;TZID=GMT:20260306T150000\r
        DTEND;TZID=GMT:20260306T160000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:holiday@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Spring break\r
        DTSTART;VALUE=DATE:20260312\r
        DTEND;VALUE=DATE:20260314\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:utc@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Server maintenance\r
        DTSTART:20260311T020000Z\r
        DTEND:20260311T040000Z\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:floating@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Lunch\r
        DTSTART:20260304T123000\r
        DTEND:20260304T131500\r
        RRULE:FREQ=WEEKLY;COUNT=4\r
        END:VEVENT\r
        BEGIN:VTODO\r
        UID:essay@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Essay 2 [ENGL101]\r
        DTSTART:20260301T090000Z\r
        DUE:20260306T220000Z\r
        X-TROVE-ESTIMATE:PT2H30M\r
        CATEGORIES:school,writing\r
        STATUS:NEEDS-ACTION\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER;RELATED=END:-PT1H\r
        DESCRIPTION:Essay due in an hour\r
        END:VALARM\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:reading@test\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Read chapter 4\r
        DUE;VALUE=DATE:20260310\r
        STATUS:NEEDS-ACTION\r
        END:VTODO\r
        END:VCALENDAR\r
        """
}

extension VariedCalendar {
    /// `text` with `events` more one-hour VEVENTs a day apart from 2027, each with a DESCRIPTION of `descriptionBytes`
    /// folded at 75 octets: a file as large as needed (issue 25: from 8 MB, `trove import ics` reads a file in parts).
    public static func large(events: Int, descriptionBytes: Int) -> String {
        let words = "Read chapter three before the seminar and bring the printed notes along. "
        let description = String(repeating: words, count: descriptionBytes / words.utf8.count + 1).prefix(descriptionBytes)
        let folded = "DESCRIPTION:" + description
        var lines: [String] = []
        var rest = Substring(folded)
        lines.append(String(rest.prefix(75)))
        rest = rest.dropFirst(75)
        while !rest.isEmpty {
            lines.append(" " + rest.prefix(74))
            rest = rest.dropFirst(74)
        }
        let descriptionLines = lines.joined(separator: "\r\n")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = calendar.date(from: DateComponents(year: 2027, month: 1, day: 1, hour: 9))!
        precondition(text.hasSuffix("END:VCALENDAR\r"))
        var out = String(text.dropLast("END:VCALENDAR\r".count))
        out.reserveCapacity(events * (descriptionBytes + 200))
        for number in 0..<events {
            let day = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: number, to: first)!)
            let date = String(format: "%04d%02d%02d", day.year!, day.month!, day.day!)
            out += "BEGIN:VEVENT\r\nUID:large-\(number)@test\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Seminar \(number)\r\n"
                + "DTSTART:\(date)T090000Z\r\nDURATION:PT1H\r\n\(descriptionLines)\r\nEND:VEVENT\r\n"
        }
        return out + "END:VCALENDAR\r\n"
    }
}
