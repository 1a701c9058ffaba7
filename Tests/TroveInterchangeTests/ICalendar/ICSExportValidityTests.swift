import Foundation
import Testing
import TroveICal
import TroveInterchange
import TroveJSON
import TroveKit
import TroveTestSupport

/// Exports and invitations pass libical's restriction check (with the RFC 5545 rules libical 3.0 leaves out),
/// and an export read back gives the same records.
@Suite struct ICSExportValidityTests {
    private static let utc = TimeZone(identifier: "UTC")!

    /// The varied calendar as the store keeps it, plus a record only `event add` and `task add` would make.
    private static func records() throws -> [ICSRecord] {
        var records = try ICSReader.read(VariedCalendar.text, timeZone: utc).records
        records.append(ICSRecord(kind: .task, fields: ["title": "Lab 3", "class": "CS101", "due": "2026-03-12T17:00:00.000Z",
                                                       "estimateMinutes": 90, "done": false, "uid": "lab3@test"]))
        return records
    }

    @Test func theVariedStoreReadsAsItShould() throws {
        let records = try Self.records()
        #expect(records.count == 13)
        #expect(records.first { $0.uid == "floating@test" }?.fields["floating"] == true)
        #expect(records.contains { $0.fields["status"] == "cancelled" })
        #expect(records.contains { $0.fields["recurrenceRange"] == "thisAndFuture" })
        #expect(records.contains { $0.fields["timeZone"] == "GMT" })
        #expect(records.first { $0.uid == "reading@test" }?.fields["dueDate"] == "2026-03-10")
        #expect(records.first { $0.uid == "essay@test" }?.fields["estimateMinutes"] == 150)
    }

    @Test func everyExportPassesTheRestrictionCheck() throws {
        let text = try ICSWriter.write(try Self.records(), calendarName: "Varied")
        #expect(ICalConformance.problems(text) == [])
        // A VTIMEZONE for each zone named, GMT's included, and no DURATION beside a DUE.
        for zone in ["Europe/Paris", "America/New_York", "Asia/Tokyo", "GMT"] {
            #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:\(zone)\r\n"), "\(zone)")
        }
        #expect(!text.contains("DURATION:"))
        #expect(text.contains("X-TROVE-ESTIMATE:PT1H30M"))
        #expect(text.contains("DUE;VALUE=DATE:20260310"))
        #expect(text.contains("STATUS:CANCELLED"))
        #expect(text.contains("DTSTART:20260304T123000\r\nDTEND:20260304T131500\r\n"), "a floating time stays floating")
    }

    @Test func everyInvitationPassesTheRestrictionCheck() throws {
        let organizer = CalendarUser(email: "ada@example.com", name: "Ada Lovelace")
        for zone in ["Europe/Paris", "GMT", "America/New_York"] {
            let event: JSONValue = [
                "id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "type": "event", "title": "Review", "timeZone": .string(zone),
                "start": "2026-03-16T08:00:00.000Z", "end": "2026-03-16T09:00:00.000Z", "rrule": "FREQ=WEEKLY;COUNT=3",
                "attendees": [["email": "grace@example.com", "name": "Grace Hopper", "answer": "needs-action"]],
            ]
            let text = try ITIPWriter.request(for: event, organizer: organizer)
            #expect(ICalConformance.problems(text) == [], "\(zone)")
            #expect(text.contains("TZID:\(zone)"))
        }
    }

    /// The faults the check exists for are found: it is not a check that passes everything.
    @Test func theCheckFindsWhatOtherClientsRefuse() {
        let bad = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:x\r
            BEGIN:VTODO\r
            UID:t\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260101T000000Z\r
            DUE:20260102T000000Z\r
            DURATION:PT1H\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT5M\r
            END:VALARM\r
            END:VTODO\r
            BEGIN:VEVENT\r
            UID:e\r
            DTSTAMP:20260101T000000Z\r
            DTSTART;TZID=Europe/Paris:20260101T090000\r
            DTEND;TZID=Europe/Paris:20260101T100000\r
            DURATION:PT1H\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let problems = ICalConformance.problems(bad).joined(separator: "\n")
        #expect(problems.contains("both DUE and DURATION"))
        #expect(problems.contains("has no DESCRIPTION"))
        #expect(problems.contains("TZID Europe/Paris, which has no VTIMEZONE"))
        // libical's own table: a VEVENT's DTEND and DURATION.
        #expect(problems.contains("must not have both DURATION and DTEND"))
    }

    @Test func exportThenImportChangesNothing() throws {
        let records = try Self.records()
        let again = try ICSReader.read(try ICSWriter.write(records), timeZone: Self.utc)
        #expect(again.invalid.isEmpty, "\(again.invalid)")
        #expect(again.records.count == records.count)
        for record in records {
            let read = again.records.first { $0.uid == record.uid && $0.fields["recurrenceId"] == record.fields["recurrenceId"] }
            #expect(read?.kind == record.kind, "\(record.uid ?? "")")
            #expect(read?.fields == record.fields, "\(record.uid ?? "")")
        }
    }

    /// A DISPLAY alarm gets the summary as its DESCRIPTION, which reads back as no description of its own.
    @Test func aDisplayAlarmIsDescribedByItsSummary() throws {
        let event: JSONValue = ["type": "event", "id": "e1", "title": "Dentist", "start": "2026-03-16T08:00:00.000Z",
                                "alarms": [["id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718294", "minutesBefore": 15]]]
        let text = try ICSWriter.write([event])
        #expect(text.contains("DESCRIPTION:Dentist"))
        let alarm = try ICSReader.read(text).events.first?.fields["alarms"]?.arrayValue?.first
        #expect(alarm?["description"] == nil)
        #expect(alarm?["minutesBefore"] == 15)
    }
}
