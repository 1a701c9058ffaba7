import Foundation
import TroveTestSupport

/// Realistic generated iCalendar text: one-off events spread over two years, weekly and daily series
/// (COUNT or UNTIL, some with an EXDATE, some with an override of one occurrence), course events titled
/// "Title [COURSE]", places, America/New_York times (with its VTIMEZONE), Europe/Paris times (TZID
/// alone, read from the system's zoneinfo), UTC times, all-day events, alarms, and optionally tasks.
struct CalendarCorpus {
    private var random: SeededGenerator
    private let seed: UInt64
    /// The first day events fall on, and how many days they spread over.
    let firstDay: DateComponents
    let spanDays: Int

    init(seed: UInt64, firstYear: Int = 2026, spanDays: Int = 730) {
        random = SeededGenerator(seed: seed)
        self.seed = seed
        firstDay = DateComponents(year: firstYear, month: 1, day: 1)
        self.spanDays = spanDays
    }

    static let titles = [
        "Team standup", "Dentist", "Lunch with Sam", "Piano lesson", "Book club", "Flight to Lyon", "Parent-teacher meeting",
        "Yoga", "1:1 with Alex", "Project review", "Grocery run", "Vet appointment for Pixel", "Dinner at Marco's", "Call with Mum",
        "Haircut", "Swimming", "Budget planning", "Coffee with Priya", "Sprint planning", "Retrospective", "Doctor's appointment",
        "Car service", "Birthday party", "Concert: Brahms & Dvořák", "Museum visit", "Run club", "Choir rehearsal", "Dog walk with Ana",
        "Farmers' market", "Physio", "Interview: backend engineer", "Board game night", "Climbing gym", "Date night", "Pick up the kids",
        "Quarterly review", "Library: return books", "Bike repair", "Cinema", "Call the plumber",
    ]
    static let courseTitles = ["Lecture", "Lab", "Seminar", "Office hours", "Exam review", "Tutorial", "Study group", "Midterm", "Quiz"]
    static let courses = ["CS101", "MATH221", "ENGL101", "CHEM210", "HIST150", "PHYS201", "ECON110", "BIO120"]
    static let places = [
        "Room 4, Whittemore Hall", "McBryde Hall 129", "Blacksburg Public Library", "12 Rue de Rivoli, 75004 Paris", "Zoom",
        "Home", "Café Lumière", "Office, 3rd floor; meeting room B", "Torgersen Hall 1060", "Gym", "Main Street Dental, Suite 200",
        "Parc de la Tête d'Or, Lyon", "Newman Library", "Squires Student Center", "Drillfield",
    ]
    static let notes = [
        "Bring the laptop and the charger.", "Remember: parking is on the north side, level 2.",
        "Agenda:\n- last week's numbers\n- hiring\n- anything else", "Read chapter 4 before; questions 1, 3 and 7.",
        "Tickets are in the email from the box office; doors open 30 minutes early.",
    ]

    /// Where a generated event's times are written: in UTC, New York's wall clock, Paris's, or as dates.
    enum Kind { case utc, newYork, paris, allDay }

    private mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    private mutating func between(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }

    /// The whole file: `events` VEVENTs, of which `series` carry an RRULE (and some more override one
    /// occurrence of a series; they count among `events`), then `tasks` VTODOs with due times.
    mutating func calendar(events: Int, series: Int, tasks: Int = 0) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Trove//bench calendar corpus//EN\r\nCALSCALE:GREGORIAN\r\nX-WR-CALNAME:Bench\r\n"
        text.reserveCapacity(events * 420)
        text += Self.newYorkZone
        // One series in ten has an override of one occurrence: another VEVENT with the same UID.
        var written = 0
        for number in 0..<series {
            text += recurring(number, override: number % 10 == 0)
            written += number % 10 == 0 ? 2 : 1
        }
        for number in 0..<max(0, events - written) { text += single(number) }
        for number in 0..<tasks { text += task(number) }
        text += "END:VCALENDAR\r\n"
        return text
    }

    // MARK: - Components

    private mutating func single(_ number: Int) -> String {
        let day = between(0...(spanDays - 1))
        let roll = random.next() % 100
        let kind: Kind = roll < 10 ? .allDay : roll < 40 ? .newYork : roll < 50 ? .paris : .utc
        var lines = ["BEGIN:VEVENT", "UID:bench-\(seed)-\(number)@trove.example", "DTSTAMP:20260101T000000Z"]
        lines.append("SUMMARY:" + escape(summary()))
        if kind == .allDay {
            lines.append("DTSTART;VALUE=DATE:\(date(day))")
            lines.append("DTEND;VALUE=DATE:\(date(day + (chance(15) ? between(2...4) : 1)))")
        } else {
            let minute = between(7...20) * 60 + [0, 15, 30, 45][Int(random.next() % 4)]
            let length = [30, 45, 60, 60, 60, 90, 120][Int(random.next() % 7)]
            lines.append(start(kind, day: day, minute: minute))
            if chance(20) {
                lines.append("DURATION:PT\(length)M")
            } else {
                lines.append(end(kind, day: day, minute: minute + length))
            }
        }
        if chance(65) { lines.append("LOCATION:" + escape(pick(Self.places))) }
        if chance(15) { lines.append("DESCRIPTION:" + escape(pick(Self.notes))) }
        if chance(10) { lines.append("CATEGORIES:" + pick(["Work", "Family", "Health", "Errands"])) }
        if chance(20) { lines += alarm(minutes: pick([10, 15, 30, 60, 1440])) }
        lines.append("END:VEVENT")
        return folded(lines)
    }

    /// A series: weekly on two days (COUNT or UNTIL) or daily (COUNT), in New York or UTC time; a
    /// quarter have an EXDATE, and `override` adds a VEVENT moving its third occurrence an hour later.
    private mutating func recurring(_ number: Int, override: Bool) -> String {
        let day = between(0...(spanDays - 120))
        let kind: Kind = chance(70) ? .newYork : .utc
        let minute = between(8...18) * 60 + [0, 30][Int(random.next() % 2)]
        let length = [50, 60, 75, 90][Int(random.next() % 4)]
        let weekly = chance(80)
        let uid = "bench-\(seed)-series-\(number)@trove.example"
        var lines = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z"]
        let course = pick(Self.courses)
        lines.append("SUMMARY:" + escape(weekly ? "\(pick(["Lecture", "Lab", "Seminar", "Tutorial"])) [\(course)]" : pick(Self.titles)))
        lines.append(start(kind, day: day, minute: minute))
        lines.append(end(kind, day: day, minute: minute + length))
        // The third occurrence: two days on for a daily series, a week on for a weekly one (its first day again
        // two weeks on would be the fifth; a week on is the third, as BYDAY has two days a week).
        let third = weekly ? day + 7 : day + 2
        if weekly {
            let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            let first = weekday(day)
            let days = "\(names[first]),\(names[(first + 2) % 7])"
            if chance(50) {
                lines.append("RRULE:FREQ=WEEKLY;BYDAY=\(days);COUNT=\(between(10...30))")
            } else {
                // UNTIL in UTC, as RFC 5545 asks when DTSTART has a TZID: the end of the last week's day.
                lines.append("RRULE:FREQ=WEEKLY;BYDAY=\(days);UNTIL=\(date(day + 7 * between(5...15)))T235959Z")
            }
        } else {
            lines.append("RRULE:FREQ=DAILY;COUNT=\(between(5...10))")
        }
        if chance(25) {
            // A cancelled occurrence: the first day again two weeks on.
            let skipped = weekly ? day + 14 : day + 1
            lines.append(kind == .newYork ? "EXDATE;TZID=America/New_York:\(date(skipped))T\(clock(minute))" : "EXDATE:\(utc(skipped, minute: minute))")
        }
        if chance(65) { lines.append("LOCATION:" + escape(pick(Self.places))) }
        if chance(40) { lines += alarm(minutes: pick([10, 15, 30])) }
        lines.append("END:VEVENT")
        if override {
            lines += ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:" + escape("Moved: \(course) review [\(course)]")]
            lines.append(kind == .newYork ? "RECURRENCE-ID;TZID=America/New_York:\(date(third))T\(clock(minute))" : "RECURRENCE-ID:\(utc(third, minute: minute))")
            lines.append(start(kind, day: third, minute: minute + 60))
            lines.append(end(kind, day: third, minute: minute + 60 + length))
            lines += ["LOCATION:" + escape(pick(Self.places)), "END:VEVENT"]
        }
        return folded(lines)
    }

    private mutating func task(_ number: Int) -> String {
        let day = between(0...(spanDays - 1))
        var lines = ["BEGIN:VTODO", "UID:bench-\(seed)-task-\(number)@trove.example", "DTSTAMP:20260101T000000Z"]
        lines.append("SUMMARY:" + escape("\(pick(["Problem set", "Essay", "Reading", "Lab report", "Project milestone"])) \(number % 12 + 1) [\(pick(Self.courses))]"))
        lines.append("DUE:\(utc(day, minute: 23 * 60 + 59))")
        if chance(30) { lines.append("DURATION:PT\(pick([30, 60, 120, 180]))M") }
        if chance(40) {
            lines += ["STATUS:COMPLETED", "COMPLETED:\(utc(max(0, day - 1), minute: 20 * 60))"]
        } else {
            lines.append("STATUS:NEEDS-ACTION")
        }
        lines.append("END:VTODO")
        return folded(lines)
    }

    private func alarm(minutes: Int) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT\(minutes)M", "END:VALARM"]
    }

    private mutating func summary() -> String {
        chance(30) ? "\(pick(Self.courseTitles)) [\(pick(Self.courses))]" : pick(Self.titles)
    }

    // MARK: - Times

    private func start(_ kind: Kind, day: Int, minute: Int) -> String { "DTSTART" + time(kind, day: day, minute: minute) }
    private func end(_ kind: Kind, day: Int, minute: Int) -> String { "DTEND" + time(kind, day: day, minute: minute) }

    /// `;TZID=…:local` or `:…Z`; a minute past midnight moves to the next day.
    private func time(_ kind: Kind, day: Int, minute: Int) -> String {
        let (day, minute) = (day + minute / 1440, minute % 1440)
        switch kind {
        case .newYork: return ";TZID=America/New_York:\(date(day))T\(clock(minute))"
        case .paris: return ";TZID=Europe/Paris:\(date(day))T\(clock(minute))"
        case .utc, .allDay: return ":" + utc(day, minute: minute)
        }
    }

    private func utc(_ day: Int, minute: Int) -> String { "\(date(day))T\(clock(minute))Z" }
    private func clock(_ minute: Int) -> String { String(format: "%02d%02d00", minute / 60, minute % 60) }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private var firstDate: Date { Self.utcCalendar.date(from: firstDay)! }

    /// `YYYYMMDD` of day `day` of the span.
    private func date(_ day: Int) -> String {
        let parts = Self.utcCalendar.dateComponents([.year, .month, .day], from: firstDate.addingTimeInterval(Double(day) * 86_400))
        return String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Monday 0 … Sunday 6.
    private func weekday(_ day: Int) -> Int {
        (Self.utcCalendar.component(.weekday, from: firstDate.addingTimeInterval(Double(day) * 86_400)) + 5) % 7
    }

    // MARK: - Text

    /// TEXT escaping (RFC 5545 3.3.11).
    private func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// Lines folded at 75 octets, never inside a character, each ended by CRLF.
    private func folded(_ lines: [String]) -> String {
        var text = ""
        for line in lines {
            var count = 0
            for character in line {
                let size = character.utf8.count
                if count + size > 75 {
                    text += "\r\n "
                    count = 1
                }
                text.append(character)
                count += size
            }
            text += "\r\n"
        }
        return text
    }

    static let newYorkZone = """
        BEGIN:VTIMEZONE\r
        TZID:America/New_York\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        TZNAME:EDT\r
        DTSTART:19700308T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        TZNAME:EST\r
        DTSTART:19701101T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """
}
