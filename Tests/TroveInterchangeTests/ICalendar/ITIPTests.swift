import Foundation
import Testing
import TroveICal
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// iTIP messages: requests and replies written, parsed back by libical and by `ITIPReader`, refused when malformed,
/// and imported into a store.
@Suite("iTIP invitations and replies")
struct ITIPTests {
    static let ada = CalendarUser(email: "ada@example.com", name: "Ada Lovelace")
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// Ada's event, with Grace invited (no answer yet) and Emily, whose name needs quoting, who accepted.
    static let event: JSONValue = [
        "id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "type": "event", "v": 1, "calendarId": "019a4c2e-8f10-7c3a-9b2d-4e5f60718290",
        "title": "Project review", "start": "2026-12-04T19:00:00.000Z", "end": "2026-12-04T20:00:00.000Z",
        "timeZone": "America/New_York", "location": ["address": "Room 4, Science Hall"], "notes": "Bring the draft.",
        "alarms": [["id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718294", "minutesBefore": 30, "action": "display"]],
        "attendees": [["email": "grace@example.com", "name": "Grace Hopper", "answer": "needs-action"],
                      ["email": "emily@example.com", "name": "Brontë, Emily \"EB\"", "answer": "accepted"]],
        "sequence": 2, "updatedAt": "2026-01-01T00:00:00.000Z",
    ]

    /// Every component's X-LIC-ERRORs: what libical could not read.
    static func problems(_ component: ICalComponent) -> [ICalProperty] {
        component.parseProblems + component.components.flatMap(problems)
    }

    @Test("a request says METHOD:REQUEST, times with their TZID, SEQUENCE, ORGANIZER and one ATTENDEE each; libical and ITIPReader read it back")
    func requestRoundTrip() throws {
        let text = try ITIPWriter.request(for: Self.event, organizer: Self.ada, now: Self.now)
        #expect(text.contains("METHOD:REQUEST\r\n") && text.contains("DTSTART;TZID=America/New_York:20261204T140000\r\n"))
        #expect(text.contains("SEQUENCE:2\r\n") && text.contains("UID:019a4c2e-8f10-7c3a-9b2d-4e5f60718293\r\n"))
        #expect(text.contains("DTSTAMP:\(ICalValueText.utc(Self.now))"), "DTSTAMP is when it was written, not the record's updatedAt")

        let calendar = try ICalParser.parse(text)
        #expect(Self.problems(calendar).isEmpty, "\(Self.problems(calendar))")
        let vevent = try #require(calendar.components("VEVENT").first)
        #expect(vevent.components.isEmpty, "reminders are the user's own: no VALARM")
        #expect(vevent.property("ORGANIZER")?.value == "mailto:ada@example.com" && vevent.property("ORGANIZER")?.parameter("CN") == "Ada Lovelace")
        let attendees = vevent.properties("ATTENDEE")
        #expect(attendees.map(\.value) == ["mailto:grace@example.com", "mailto:emily@example.com"])
        #expect(attendees.map { $0.parameter("PARTSTAT") } == ["NEEDS-ACTION", "ACCEPTED"])
        #expect(attendees.map { $0.parameter("RSVP") } == ["TRUE", nil])
        #expect(attendees.map { $0.parameter("CN") } == ["Grace Hopper", "Brontë, Emily 'EB'"])

        guard case .request(let request, let warnings) = try ITIPReader.read(text) else { Issue.record("not read as a request"); return }
        #expect(warnings.isEmpty)
        #expect(request.uid == "019a4c2e-8f10-7c3a-9b2d-4e5f60718293" && request.sequence == 2 && request.sentAt == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(request.organizer == Self.ada)
        #expect(request.attendees.map(\.email) == ["grace@example.com", "emily@example.com"])
        #expect(request.attendees.map(\.answer) == [.needsAction, .accepted])
        #expect(request.event == ["title": "Project review", "start": "2026-12-04T19:00:00.000Z", "end": "2026-12-04T20:00:00.000Z",
                                  "timeZone": "America/New_York", "location": ["address": "Room 4, Science Hall"], "notes": "Bring the draft."])
        #expect(try ICSReader.read(text).method == "REQUEST")
    }

    @Test("a reply names the user with their answer, copies the organiser, and reads back")
    func replyRoundTrip() throws {
        let record: JSONValue = [
            "id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718299", "type": "event-invitation", "uid": "review@example.com", "sequence": 3,
            "organizer": Self.ada.json, "title": "Project review", "start": "2026-12-04", "allDay": true, "status": "pending",
            "createdAt": "2026-11-20T10:00:00.000Z",
        ]
        let invitation = try #require(EventInvitation(Record(record)))
        let me = CalendarUser(email: "grace@example.com", name: "Grace Hopper")
        let text = try ITIPWriter.reply(to: invitation, from: me, answer: .declined, now: Self.now)
        #expect(text.contains("METHOD:REPLY\r\n") && text.contains("DTSTART;VALUE=DATE:20261204\r\n") && text.contains("SEQUENCE:3\r\n"))
        let calendar = try ICalParser.parse(text)
        #expect(Self.problems(calendar).isEmpty)
        let vevent = try #require(calendar.components("VEVENT").first)
        #expect(vevent.property("ORGANIZER")?.value == "mailto:ada@example.com")
        #expect(vevent.properties("ATTENDEE").count == 1 && vevent.property("ATTENDEE")?.parameter("PARTSTAT") == "DECLINED")
        #expect(vevent.property("ATTENDEE")?.parameter("RSVP") == nil)

        guard case .reply(let reply) = try ITIPReader.read(text) else { Issue.record("not read as a reply"); return }
        #expect(reply == InvitationReply(uid: "review@example.com", sequence: 3, sentAt: Self.now,
                                         attendee: Attendee(me, answer: .declined), title: "Project review"))
    }

    /// A VEVENT in a VCALENDAR with `method`, its lines given.
    static func message(_ method: String?, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN"] + (method.map { ["METHOD:\($0)"] } ?? [])
            + ["BEGIN:VEVENT"] + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static let uid = "UID:lunch@example.com"
    static let start = "DTSTART:20261204T120000Z"
    static let organizer = "ORGANIZER;CN=Ada:mailto:ada@example.com"
    static let attendee = "ATTENDEE;PARTSTAT=ACCEPTED:mailto:grace@example.com"

    @Test("malformed messages are refused with what is wrong", arguments: [
        ("hello, world\n", "not an iCalendar file"),
        (message(nil, [uid, start, organizer]), "has no METHOD"),
        (message("CANCEL", [uid, start, organizer]), "METHOD:CANCEL is not an invitation"),
        (message("REQUEST", [start, organizer, "SUMMARY:Lunch"]), "the VEVENT has no UID"),
        (message("REQUEST", [uid, organizer, "SUMMARY:Lunch"]), "has no DTSTART"),
        (message("REQUEST", [uid, start, "SUMMARY:Lunch"]), "the VEVENT has no ORGANIZER"),
        (message("REQUEST", [uid, start, "ORGANIZER:mailto:ada"]), "\"mailto:ada\" is not a mailto: email address"),
        // libical reads a SEQUENCE that is not a number as 0, so only a negative one is left to refuse.
        (message("REQUEST", [uid, start, organizer, "SEQUENCE:-1"]), "SEQUENCE \"-1\" is not a whole number of 0 or more"),
        (message("REQUEST", [uid, start, organizer, "END:VEVENT", "BEGIN:VEVENT", "UID:other@example.com", start]), "it holds 2 events"),
        (message("REPLY", [uid, start, organizer]), "a reply names one ATTENDEE, the person answering; this one names 0"),
        (message("REPLY", [uid, start, "ATTENDEE:mailto:grace@example.com"]), "the ATTENDEE has no PARTSTAT"),
        (message("REPLY", [uid, "ATTENDEE;PARTSTAT=ACCEPTED:grace"]), "is not a mailto: email address"),
    ])
    func malformed(text: String, expected: String) throws {
        #expect {
            _ = try ITIPReader.read(text, file: "bad.ics")
        } throws: { error in
            let message = (error as? ICSFileError)?.description ?? "\(error)"
            return message.hasPrefix("bad.ics: ") && message.contains(expected)
        }
    }

    @Test("an attendee without an email address is left out of a request with a warning, and so are changed occurrences")
    func warnings() throws {
        let text = Self.message("REQUEST", [Self.uid, Self.start, Self.organizer, "ATTENDEE:mailto:nobody", Self.attendee,
                                            "END:VEVENT", "BEGIN:VEVENT", Self.uid, "RECURRENCE-ID:20261211T120000Z", Self.start])
        guard case .request(let request, let warnings) = try ITIPReader.read(text) else { Issue.record("not a request"); return }
        #expect(request.attendees.map(\.email) == ["grace@example.com"] && request.event["title"] == "")
        #expect(warnings.count == 2 && warnings[0].contains("mailto:nobody") && warnings[1].contains("1 changed occurrence"), "\(warnings)")
    }

    @Test("an email for sendmail carries the calendar as text/calendar with its method, and names people in the headers")
    func mail() throws {
        let calendar = try ITIPWriter.request(for: Self.event, organizer: Self.ada, now: Self.now)
        let mail = ITIPMail.message(from: Self.ada, to: [CalendarUser(email: "grace@example.com", name: "Grace \"Amazing\" Hopper"), CalendarUser(email: "bob@example.com")],
                                    subject: "Invitation: Café", text: "Ada invites you.", calendar: calendar, method: "REQUEST")
        let (head, body) = try #require(mail.split(separator: "\n\n", maxSplits: 1).map(String.init).pairs)
        #expect(head.contains("From: \"Ada Lovelace\" <ada@example.com>\n"))
        #expect(head.contains("To: \"Grace \\\"Amazing\\\" Hopper\" <grace@example.com>, <bob@example.com>\n"))
        #expect(head.contains("Subject: =?UTF-8?B?\(Data("Invitation: Café".utf8).base64EncodedString())?="))
        #expect(body.contains("Content-Type: text/calendar; charset=utf-8; method=REQUEST\nContent-Transfer-Encoding: base64\n"))
        let encoded = try #require(body.components(separatedBy: "base64\n\n").last?.components(separatedBy: "\n--").first)
        #expect(encoded.split(separator: "\n").allSatisfy { $0.count <= 76 })
        #expect(Data(base64Encoded: encoded.replacingOccurrences(of: "\n", with: "")).map { String(decoding: $0, as: UTF8.self) } == calendar)
    }
}

/// Importing iTIP messages into a store.
@Suite("iTIP import")
struct ITIPImportTests {
    let folder = TemporaryFolder("trove-itip-import")
    let store: Store

    init() throws { store = try Store.create(at: folder.child("store")) }

    func run(_ text: String, dryRun: Bool = false) throws -> ITIPImport.Result {
        try ITIPImport(store: store, options: ImportOptions(dryRun: dryRun), addresses: ["grace@example.com"],
                       zone: TimeZone(identifier: "America/New_York")!).run(ITIPReader.read(text), path: "/tmp/invite.ics")
    }

    @Test("a request is one commit of a pending invitation and a notification, not an event; again it changes nothing; a dry run writes nothing")
    func request() throws {
        let text = try ITIPWriter.request(for: ITIPTests.event, organizer: ITIPTests.ada, now: ITIPTests.now)
        let created = try store.headCommitID()
        let dry = try run(text, dryRun: true)
        #expect(try store.headCommitID() == created && dry.report.dryRun && dry.report.added == 1)

        let first = try run(text)
        #expect(first.report.added == 1 && first.report.commit != nil && first.report.source == "invitation invite.ics")
        #expect(first.notice == "Invitation: 'Project review' from Ada Lovelace, Fri 2026-12-04 14:00")
        #expect(first.invitation?.invitee == "grace@example.com")
        #expect(try store.records(ofType: "event").isEmpty)
        #expect(try Inbox(store: store).messages().map(\.text) == [first.notice])
        #expect(try store.history().count == 2, "one commit after the store's first")

        let again = try run(text)
        #expect(again.report.unchanged == 1 && again.report.commit == nil && again.notice == "This invitation was received already.")
    }

    @Test("a reply for an event that is not in the store is refused and writes nothing")
    func unknownReply() throws {
        let record: JSONValue = ["id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718299", "type": "event-invitation", "uid": "nowhere@example.com",
                                 "sequence": 0, "organizer": ITIPTests.ada.json, "title": "Lunch", "start": "2026-12-04", "status": "pending"]
        let reply = try ITIPWriter.reply(to: try #require(EventInvitation(Record(record))), from: CalendarUser(email: "grace@example.com"), answer: .accepted)
        let head = try store.headCommitID()
        #expect(throws: InvitationError.unknownEvent(uid: "nowhere@example.com", title: "Lunch")) { try run(reply) }
        #expect(try store.headCommitID() == head)
    }
}

private extension Array {
    /// The two elements of a two-element array.
    var pairs: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}
