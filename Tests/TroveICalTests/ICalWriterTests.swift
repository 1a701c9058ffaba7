import Foundation
import Testing
import TroveICal

@Suite struct ICalWriterTests {
    @Test func writesFoldedEscapedTextThatReadsBack() throws {
        let long = String(repeating: "long words, ", count: 12) + "end; with\nnewline"
        let event = ICalComponent("VEVENT", properties: [
            ICalProperty("UID", text: "w-1"),
            ICalProperty("SUMMARY", text: long),
            ICalProperty("DTSTART", "20261122T083000", [.init("TZID", "Europe/Paris")]),
            ICalProperty("RRULE", "FREQ=WEEKLY;BYDAY=MO"),
        ], components: [
            ICalComponent("VALARM", properties: [
                ICalProperty("ACTION", "DISPLAY"),
                ICalProperty("TRIGGER", ICalValueText.duration(seconds: -900)),
                ICalProperty("DESCRIPTION", text: "Reminder"),
            ]),
        ])
        let calendar = ICalComponent("VCALENDAR", properties: [ICalProperty("VERSION", "2.0"), ICalProperty("PRODID", text: "-//Trove//EN")], components: [event])
        let text = try ICalWriter.text(calendar)
        #expect(text.contains("\r\n "))  // folded
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let back = try #require(ICalParser.parse(text).components("VEVENT").first)
        #expect(back.property("SUMMARY")?.text == long)
        #expect(back.property("DTSTART")?.time.map { CalendarTime.timestamp($0.instant) } == "2026-11-22T07:30:00.000Z")
        #expect(back.components("VALARM").first?.property("TRIGGER")?.duration?.seconds == -900)
        #expect(back.property("RRULE")?.value == "FREQ=WEEKLY;BYDAY=MO")
    }

    @Test func valueText() throws {
        #expect(ICalValueText.utc(CalendarTime.parseTimestamp("2026-11-22T07:30:00.000Z")!) == "20261122T073000Z")
        #expect(ICalValueText.date(ICalDate(year: 2026, month: 1, day: 2)) == "20260102")
        #expect(try ICalValueText.wallClock(CalendarTime.parseTimestamp("2026-07-01T07:30:00.000Z")!, timeZone: "Europe/Paris") == "20260701T093000")
        #expect(ICalValueText.duration(seconds: -600) == "-PT10M")
    }

    @Test func timestampsRoundTrip() {
        for text in ["2026-11-22T07:30:00.000Z", "1969-12-31T23:59:59.999Z", "2024-02-29T00:00:00.001Z"] {
            #expect(CalendarTime.parseTimestamp(text).map(CalendarTime.timestamp) == text)
        }
        #expect(CalendarTime(recordText: "2026-11-22") == .date(ICalDate(year: 2026, month: 11, day: 22)))
        #expect(CalendarTime(recordText: "tomorrow") == nil)
    }
}
