import Foundation
import Testing
@testable import TroveICal

/// A calendar's components are read from libical's tree on every core: what they read must be what one thread
/// reads, whatever the zones, nesting, X- components and broken properties, and however the threads interleave.
@Suite("reading a calendar on every core")
struct ParallelReadTests {
    /// A Windows-named zone with rules from 1601 (as Outlook writes), a custom fixed offset, and zones the
    /// file does not define: each TZID is resolved once, by whichever thread meets it first.
    static let zones = """
        BEGIN:VTIMEZONE\r
        TZID:W. Europe Standard Time\r
        BEGIN:STANDARD\r
        DTSTART:16010101T030000\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:16010101T020000\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VTIMEZONE\r
        TZID:Custom Half Hour\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0530\r
        TZOFFSETTO:+0530\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """

    static func component(_ number: Int) -> String {
        let day = String(format: "202%d%02d%02d", number % 8, number % 12 + 1, number % 28 + 1)
        switch number % 9 {
        case 0: return "BEGIN:VEVENT\r\nUID:w\(number)\r\nDTSTART;TZID=W. Europe Standard Time:\(day)T090000\r\nDTEND;TZID=W. Europe Standard Time:\(day)T100000\r\nRRULE:FREQ=WEEKLY;COUNT=5\r\nSUMMARY:Weekly \(number)\r\nEND:VEVENT\r\n"
        case 1: return "BEGIN:VEVENT\r\nUID:c\(number)\r\nDTSTART;TZID=Custom Half Hour:\(day)T020000\r\nDURATION:PT45M\r\nSUMMARY:Custom\\, zone \(number)\r\nEND:VEVENT\r\n"
        case 2: return "BEGIN:VEVENT\r\nUID:n\(number)\r\nDTSTART;TZID=America/New_York:\(day)T023000\r\nRDATE;VALUE=PERIOD:20270101T100000Z/20270101T120000Z\r\nSUMMARY:New York \(number)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Soon\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        case 3: return "BEGIN:VTODO\r\nUID:t\(number)\r\nDUE;VALUE=DATE:\(day)\r\nCATEGORIES:school,lab\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT1H\r\nEND:VALARM\r\nEND:VTODO\r\n"
        case 4: return "BEGIN:X-THING\r\nX-NOTE:kept apart \(number)\r\nEND:X-THING\r\n"
        case 5: return "BEGIN:VEVENT\r\nUID:b\(number)\r\nDTSTART:\(day)T090000Z\r\nDTEND:not a time\r\nGEO:52.5;13.4\r\nSUMMARY:Broken end \(number)\r\nEND:VEVENT\r\n"
        case 6: return "BEGIN:VEVENT\r\nUID:f\(number)\r\nDTSTART:\(day)T090000\r\nSUMMARY;LANGUAGE=de:Schwebend \(number)\r\nEND:VEVENT\r\n"
        case 7: return "BEGIN:VEVENT\r\nUID:u\(number)\r\nDTSTART;TZID=Nowhere/Unknown:\(day)T090000\r\nSUMMARY:Unknown zone \(number)\r\nEND:VEVENT\r\n"
        default: return "BEGIN:VEVENT\r\nUID:d\(number)\r\nDTSTART;VALUE=DATE:\(day)\r\nRECURRENCE-ID;VALUE=DATE:\(day)\r\nSUMMARY:All day \(number)\r\nEND:VEVENT\r\n"
        }
    }

    static func calendar(_ numbers: Range<Int>) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Trove tests//EN\r\nX-WR-CALNAME:Many\r\n" + zones
            + numbers.map(component).joined() + "END:VCALENDAR\r\n"
    }

    @Test("a calendar of 2,000 components reads the same on every core as on one, every time")
    func sameAsOneThread() throws {
        let text = Self.calendar(0..<2_000)
        let alone = try ICalParser.parse(text, parallelSiblings: .max)
        #expect(alone.components.count == 2_002)
        #expect(alone.components.contains { !$0.parseProblems.isEmpty })
        for _ in 0..<5 {
            #expect(try ICalParser.parse(text, parallelSiblings: 2) == alone)
        }
        #expect(try ICalParser.parse(text) == alone)
    }

    /// libical expands a zone by walking its VTIMEZONE with the iterators kept in the component itself: a thread
    /// that read the VTIMEZONE while another expanded it for an event's time lost or doubled a STANDARD or a
    /// property (seen once in a few hundred runs with the zones first; every few runs with them among the events).
    @Test("zones among the events, expanded by other threads while the calendar is read, read as on one thread")
    func zonesAmongEvents() throws {
        // Each zone is followed by the event that uses it, so one thread reads a zone while the next expands it.
        // X-LIC-LOCATION names the system zone, so that no zone is compared with the system's (slow, and not
        // what is tested).
        let pairs = (0..<400).map { number in
            Self.zones.replacingOccurrences(of: "DTSTART:1601", with: "DTSTART:1990").replacingOccurrences(of: "TZID:W. Europe Standard Time", with: "TZID:Zone \(number)\r\nX-LIC-LOCATION:Europe/Berlin")
                .replacingOccurrences(of: "TZID:Custom Half Hour", with: "TZID:Half \(number)\r\nX-LIC-LOCATION:Asia/Kolkata")
                + "BEGIN:VEVENT\r\nUID:z\(number)\r\nDTSTART;TZID=Zone \(number):20260315T090000\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:h\(number)\r\nDTSTART;TZID=Half \(number):20260315T090000\r\nEND:VEVENT\r\n"
        }
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + pairs.joined() + "END:VCALENDAR\r\n"
        let alone = try ICalParser.parse(text, parallelSiblings: .max, splitting: false)
        #expect(alone.components.filter { $0.name == "VTIMEZONE" }.count == 800)
        for _ in 0..<25 {
            #expect(try ICalParser.parse(text, parallelSiblings: 2, splitting: false) == alone)
        }
    }

    @Test("a large calendar parsed in two halves at once reads the same as parsed whole, zones after the cut included")
    func halvesReadAsWhole() throws {
        // A zone in the second half too: the first half must get it, and the second half every zone before it.
        let late = Self.zones.replacingOccurrences(of: "W. Europe Standard Time", with: "Late Zone")
            .replacingOccurrences(of: "Custom Half Hour", with: "Late Half Hour")
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Many\r\n" + Self.zones + (0..<2_000).map(Self.component).joined()
            + late + (2_000..<4_000).map(Self.component).joined()
            + "BEGIN:VEVENT\r\nUID:late\r\nDTSTART;TZID=Late Zone:20260715T090000\r\nSUMMARY:After the cut\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let split = try #require(ICalSplit(text), "a large calendar is split")
        #expect(split.confirmed(by: ICalLines(text)) != nil)
        let whole = try ICalParser.parse(text, parallelSiblings: .max, splitting: false)
        #expect(whole.components.count == 4_005)
        #expect(try ICalParser.parse(text) == whole)
        let lateEvent = try #require(whole.components.last)
        #expect(lateEvent.property("DTSTART")?.time?.zoneKnown == true)
    }

    @Test("a split the lines do not confirm is not taken: calendar properties after the cut, a folded BEGIN, two calendars")
    func unconfirmedSplits() throws {
        let body = (0..<3_000).map(Self.component).joined()
        let cases = [
            // A property of the calendar itself after the middle.
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + Self.zones + body + "X-WR-CALNAME:Late name\r\nEND:VCALENDAR\r\n",
            // A BEGIN line folded in the first half: the quick look counts the depth otherwise than the lines.
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + Self.zones + "BEG\r\n IN:VEVENT\r\nUID:folded\r\nDTSTART:20260101T090000Z\r\nEND:VEVENT\r\n"
                + body + "END:VCALENDAR\r\n",
            // Two calendars.
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + Self.zones + (0..<1_500).map(Self.component).joined() + "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n"
                + Self.zones + (1_500..<3_000).map(Self.component).joined() + "END:VCALENDAR\r\n",
        ]
        // A calendar cut in the middle of an event and another after it: split or not, it reads as parsed whole.
        let middle = body.index(body.startIndex, offsetBy: body.count / 2)
        let garbled = "BEGIN:VCALENDAR\r\n" + Self.zones + String(body[..<middle]) + "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n" + String(body[middle...]) + "END:VCALENDAR\r\n"
        #expect(try ICalParser.parse(garbled) == ICalParser.parse(garbled, parallelSiblings: .max, splitting: false))
        for (number, text) in cases.enumerated() {
            let whole = try ICalParser.parse(text, parallelSiblings: .max, splitting: false)
            #expect(try ICalParser.parse(text) == whole, "case \(number)")
            if let split = ICalSplit(text) { #expect(split.confirmed(by: ICalLines(text)) == nil, "case \(number)") }
        }
    }

    @Test("several calendars in one file read the same on every core as on one")
    func severalCalendars() throws {
        let text = Self.calendar(0..<700) + Self.calendar(700..<1_500)
        let alone = try ICalParser.parse(text, parallelSiblings: .max)
        #expect(alone.components.count == 1_504)
        #expect(try ICalParser.parse(text, parallelSiblings: 2) == alone)
    }
}
