import Foundation
import Testing
import TroveInterchange
import TroveJSON

/// Read, write, read again: the same fields.
@Suite struct ICalendarRoundTripTests {
    @Test(arguments: ICSFixtures.names)
    func fixtureRoundTrips(name: String) throws {
        let first = try ICSReader.read(contentsOf: ICSFixtures.path(name))
        let text = try ICSWriter.write(first.records, calendarName: first.calendarName)
        let second = try ICSReader.read(text)
        #expect(second.invalid.isEmpty, "\(second.invalid)")
        #expect(second.records.count == first.records.count)
        for (a, b) in zip(first.records, second.records) {
            #expect(a.kind == b.kind)
            #expect(a.fields == b.fields, "\(a.uid ?? "")")
        }
        #expect(second.calendarName == first.calendarName)
    }

    @Test func storeRecordsWriteWithTheirZoneAndReadBack() throws {
        let event: JSONValue = [
            "id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "type": "event", "v": 1, "title": "Lecture", "class": "HIST200",
            "start": "2026-03-16T08:00:00.000Z", "end": "2026-03-16T09:30:00.000Z", "timeZone": "Europe/Paris",
            "rrule": "FREQ=WEEKLY;COUNT=10", "exdate": ["2026-03-23T08:00:00.000Z"], "rdate": ["2026-06-01"],
            "location": ["address": "Amphi B; 2nd floor, left", "lat": 48.85, "lon": 2.35],
            "alarms": [["id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718294", "minutesBefore": 30, "action": "display"]],
            "notes": "Bring:\n- notebook, pen", "categories": ["school"], "uid": "lecture-1@trove",
            "updatedAt": "2026-01-01T00:00:00.000Z",
        ]
        let task: JSONValue = ["type": "task", "title": "Read ch. 3", "due": "2026-03-20T17:00:00.000Z", "estimateMinutes": 45, "done": false, "id": "t"]
        let text = try ICSWriter.write([event, task])
        #expect(text.contains("DTSTART;TZID=Europe/Paris:20260316T090000"))
        #expect(text.contains("SUMMARY:Lecture [HIST200]"))
        let file = try ICSReader.read(text)
        var expected = event.objectValue!
        for key in ["id", "type", "v", "updatedAt"] { expected[key] = nil }
        #expect(file.events.first?.fields == expected)
        #expect(file.tasks.first?.fields == ["title": "Read ch. 3", "due": "2026-03-20T17:00:00.000Z", "estimateMinutes": 45, "done": false, "uid": "t"])
    }
}
