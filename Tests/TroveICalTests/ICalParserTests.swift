import Foundation
import Testing
import TroveICal

@Suite struct ICalParserTests {
    @Test func libraryIsVersionThree() {
        #expect(icalLibraryVersion.hasPrefix("3."))
    }

    @Test(arguments: ICalFixtures.names)
    func everyFixtureParses(name: String) throws {
        let calendar = try ICalParser.parse(ICalFixtures.text(name))
        #expect(calendar.name == "VCALENDAR")
        #expect(!(calendar.components("VEVENT") + calendar.components("VTODO")).isEmpty)
        for event in calendar.components("VEVENT") {
            #expect(event.line > 0)
            #expect(event.uid != nil)
        }
    }

    @Test func customZoneResolvesThroughTheFilesVTimezone() throws {
        let calendar = try ICalParser.parse(ICalFixtures.text("icalendar-america_new_york.ics"))
        let event = try #require(calendar.components("VEVENT").first)
        let start = try #require(event.property("DTSTART")?.time)
        // 08:00 EDT (UTC-4) on 2014-08-29.
        #expect(CalendarTime.timestamp(start.instant) == "2014-08-29T12:00:00.000Z")
        #expect(start.zone == .named(tzid: "custom_America/New_York", location: "America/New_York"))
        #expect(event.line == 55)
        #expect(event.property("DTSTART")?.line == 57)
    }

    @Test func textIsUnescapedAndGeoIsRead() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:a
            DTSTART;VALUE=DATE:20261122
            LOCATION:Roadstar 16\\n12764\\, Happyville
            GEO:52.5;13.25
            CATEGORIES:one,two
            END:VEVENT
            END:VCALENDAR
            """
        let event = try #require(ICalParser.parse(text).components("VEVENT").first)
        #expect(event.property("LOCATION")?.text == "Roadstar 16\n12764, Happyville")
        #expect(event.property("GEO")?.geo == .init(latitude: 52.5, longitude: 13.25))
        #expect(event.properties("CATEGORIES").compactMap(\.text) == ["one", "two"])
        let start = try #require(event.property("DTSTART")?.time)
        #expect(start.isDate && start.date == ICalDate(year: 2026, month: 11, day: 22))
    }

    @Test func notICalendarIsAClearError() {
        #expect(throws: ICalError.notICalendar(found: "hello world")) { try ICalParser.parse("hello world\nsecond line\n") }
        #expect(throws: ICalError.notICalendar(found: "")) { try ICalParser.parse("") }
    }

    @Test func aCutShortFileNamesTheOpenComponent() {
        #expect(throws: ICalError.unreadable(line: 1, reason: "BEGIN:VCALENDAR has no END:VCALENDAR (is the file cut short?)")) {
            try ICalParser.parse("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nEND:VEVENT\n")
        }
    }

    /// Issue 26: 20,000 nested components overflowed the stack (SIGSEGV) in libical and in the reading of its tree.
    @Test(arguments: ["VEVENT", "VALARM", "X-FOO"])
    func deeplyNestedComponentsAreRefusedWithTheirLine(name: String) {
        let depth = 20_000
        let opening = String(repeating: "BEGIN:\(name)\n", count: depth)
        let closing = String(repeating: "END:\(name)\n", count: depth)
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\n" + opening + "UID:x\n" + closing + "END:VCALENDAR\n"
        // Line 1 is the calendar, line 2 VERSION, so the 32nd nested BEGIN (33 deep) is on line 34.
        let expected = ICalError.unreadable(line: 34, reason: "components are nested more than 32 deep (BEGIN:\(name) inside 32 others); a calendar nests a few at most")
        #expect(throws: expected) { try ICalParser.parse(text) }
        // Unclosed, the same.
        #expect(throws: expected) { try ICalParser.parse("BEGIN:VCALENDAR\n" + "VERSION:2.0\n" + opening) }
        // As deep as allowed still reads, every level kept.
        let allowed = 31
        let nested = "BEGIN:VCALENDAR\nVERSION:2.0\n" + String(repeating: "BEGIN:\(name)\n", count: allowed) + "UID:x\n"
            + String(repeating: "END:\(name)\n", count: allowed) + "END:VCALENDAR\n"
        var levels = 0
        var component = try? ICalParser.parse(nested)
        while let current = component, let child = current.components.first { levels += 1; component = child }
        #expect(levels == allowed)
    }

    @Test func badPropertiesBecomeProblemsWithTheirLines() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:2012bad\r\nFOO BAR\r\nRRULE:FREQ=FOO\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let event = try #require(ICalParser.parse(text).components("VEVENT").first)
        #expect(event.property("DTSTART") == nil)
        #expect(event.parseProblems.map(\.line) == [4, 5, 6])
    }
}

@Suite struct ICalSeveralCalendarsTests {
    @Test func twoCalendarsInOneFileAreMergedWithTheirLines() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20260101T090000Z\nEND:VEVENT\nEND:VCALENDAR\n"
            + "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:b\nEND:VTODO\nEND:VCALENDAR\n"
        let calendar = try ICalParser.parse(text)
        #expect(calendar.components.map(\.name) == ["VEVENT", "VTODO"])
        #expect(calendar.components.map(\.line) == [2, 8])
    }
}
