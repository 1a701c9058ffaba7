import Foundation
import Testing
import TroveICal
import TroveIndex
import TroveJSON
import TroveStore
@testable import TroveKit

/// Invitations through TroveKit: receiving requests, answering them, inviting people, and recording replies.
@Suite("event invitations")
struct InvitationBookTests {
    static let ada = CalendarUser(email: "Ada@Example.com", name: "Ada Lovelace")
    static let grace = CalendarUser(email: "grace@example.com", name: "Grace Hopper")
    static let alan = CalendarUser(email: "alan@example.com", name: "Alan Turing")
    static let sent = Cal.at("2026-11-20T10:00:00Z")

    /// A request from Ada to Grace and Alan for a meeting on Friday 4 December at 14:00 in New York.
    static func request(sequence: Int = 0, title: String = "Project review", start: String = "2026-12-04T19:00:00.000Z") -> InvitationRequest {
        InvitationRequest(uid: "review-2026@example.com", sequence: sequence, sentAt: sent.addingTimeInterval(Double(sequence) * 60), organizer: ada,
                          attendees: [Attendee(grace), Attendee(alan)],
                          event: ["title": .string(title), "start": .string(start), "end": "2026-12-04T20:00:00.000Z",
                                  "timeZone": "America/New_York", "location": ["address": "Room 4"]])
    }

    /// Receives `request` in one commit, as Grace.
    @discardableResult
    func receive(_ request: InvitationRequest, in store: Store) throws -> InvitationBook.Receipt {
        try store.transaction { transaction in
            try InvitationBook(store: store).receive(request, addresses: ["grace@example.com"], zone: Cal.newYork, in: &transaction).receipt
        }.value
    }

    func inbox(_ store: Store) throws -> [String] { try Inbox(store: store).messages().map(\.text) }

    @Test("a request becomes a pending invitation and a notification, never an event; the same request again changes nothing")
    func receiving() throws {
        let fixture = try KitFixture()
        #expect(try receive(Self.request(), in: fixture.store) == .added)
        let invitation = try #require(try InvitationBook(store: fixture.store).all().first)
        #expect(invitation.status == .pending && invitation.uid == "review-2026@example.com" && invitation.sequence == 0)
        #expect(invitation.organizer == CalendarUser(email: "ada@example.com", name: "Ada Lovelace"), "addresses are kept in lower case")
        #expect(invitation.invitee == "grace@example.com" && invitation.attendees.map(\.email) == ["grace@example.com", "alan@example.com"])
        #expect(invitation.address == "Room 4" && invitation.timeZone == "America/New_York")
        #expect(try inbox(fixture.store) == ["Invitation: 'Project review' from Ada Lovelace, Fri 2026-12-04 14:00"])
        #expect(try fixture.store.records(ofType: "event").isEmpty, "not added as an event")

        let head = try fixture.head()
        #expect(try receive(Self.request(), in: fixture.store) == .unchanged(reason: "This invitation was received already."))
        #expect(try fixture.head() == head)
        #expect(try InvitationBook(store: fixture.store).all().count == 1 && inbox(fixture.store).count == 1)
    }

    @Test("a higher SEQUENCE replaces the invitation and asks again; a lower one changes nothing")
    func newVersion() throws {
        let fixture = try KitFixture()
        try receive(Self.request(sequence: 1), in: fixture.store)
        let head = try fixture.head()
        guard case .unchanged(let reason) = try receive(Self.request(sequence: 0), in: fixture.store) else { Issue.record("an older version was taken"); return }
        #expect(try fixture.head() == head && reason.contains("older version"))

        let book = InvitationBook(store: fixture.store)
        try book.answer(try book.all()[0], accept: true, now: Self.sent)
        let accepted = try #require(try book.all().first)
        let eventID = try #require(accepted.eventId)
        #expect(try receive(Self.request(sequence: 2, title: "Project review (moved)", start: "2026-12-04T21:00:00.000Z"), in: fixture.store) == .updated)
        let updated = try #require(try book.all().first)
        #expect(updated.status == .pending && updated.sequence == 2 && updated.title == "Project review (moved)")
        #expect(updated.eventId == eventID, "keeps the event the first answer made")
        #expect(try inbox(fixture.store) == ["Invitation updated: 'Project review (moved)' from Ada Lovelace, Fri 2026-12-04 16:00"],
                "the first version's notification is dismissed")

        // Accepting the new version updates that event, in the calendar it is in.
        let (_, event, _) = try book.answer(updated, accept: true)
        #expect(event?.id == eventID && event?.title == "Project review (moved)" && event?.sequence == 2)
        #expect(try fixture.store.records(ofType: "event").count == 1)
    }

    @Test("accepting puts the event in the calendar with its organiser and the answer, dismisses the notification, and is done once")
    func accepting() throws {
        let fixture = try KitFixture()
        try receive(Self.request(), in: fixture.store)
        let book = InvitationBook(store: fixture.store)
        let invitation = try book.invitation(String(try book.all()[0].id.suffix(8)))
        var sent = false
        let (answered, event, result) = try book.answer(invitation, accept: true, now: Self.sent) { sent = true }
        #expect(sent && result.commit != nil)
        #expect(answered.status == .accepted && answered.answeredAt == "2026-11-20T10:00:00.000Z" && answered.eventId == event?.id)
        let added = try #require(event)
        #expect(added.id == CalendarUID.eventID(uid: "review-2026@example.com") && added.uid == "review-2026@example.com")
        #expect(added.title == "Project review" && added.place?.address == "Room 4" && added.timeZone == "America/New_York")
        #expect(added.organizer?.email == "ada@example.com" && added.sequence == 0)
        #expect(added.attendees.map(\.answer) == [.accepted, .needsAction], "Grace (the user) accepted; Alan has not answered")
        #expect(try CalendarBook(store: fixture.store).all().map(\.name) == [CalendarBook.defaultName])
        #expect(try inbox(fixture.store).isEmpty)

        let head = try fixture.head()
        #expect(throws: InvitationError.alreadyAnswered(title: "Project review", status: .accepted)) { try book.answer(answered, accept: false) }
        #expect(throws: InvitationError.alreadyAnswered(title: "Project review", status: .accepted)) { try book.answer(invitation, accept: false) }
        #expect(throws: InvitationError.unknownInvitation("nope1234")) { try book.invitation("nope1234") }
        #expect(try fixture.head() == head)
    }

    @Test("a send that fails records nothing; declining a new version takes the accepted event out of the calendar")
    func declining() throws {
        let fixture = try KitFixture()
        try receive(Self.request(), in: fixture.store)
        let book = InvitationBook(store: fixture.store)
        struct Refused: Error {}
        let head = try fixture.head()
        #expect(throws: Refused.self) { try book.answer(book.all()[0], accept: true) { throw Refused() } }
        #expect(try fixture.head() == head && book.all()[0].status == .pending && fixture.store.records(ofType: "event").isEmpty)
        #expect(throws: CalendarError.self) { try book.answer(book.all()[0], accept: true, calendar: "Nope") }

        try book.answer(book.all()[0], accept: true)
        #expect(try fixture.store.records(ofType: "event").count == 1)
        try receive(Self.request(sequence: 1), in: fixture.store)
        let (declined, event, _) = try book.answer(book.all()[0], accept: false)
        #expect(declined.status == .declined && declined.eventId == nil && event == nil)
        #expect(try fixture.store.records(ofType: "event").isEmpty && inbox(fixture.store).isEmpty)
    }

    @Test("inviting adds attendees not yet answered and keeps earlier answers; a reply is recorded once and told in the inbox")
    func invitingAndReplies() throws {
        let fixture = try KitFixture()
        let index = try RecordIndex(store: fixture.store)
        let events = EventBook(index: index)
        let (event, _) = try events.add(EventDraft(title: "Standup", start: .instant(Cal.at("2026-12-01T14:00:00Z"))))
        var sentRecord: JSONValue?
        let (invited, _) = try events.invite([Self.grace], to: event) { sentRecord = $0.value }
        #expect(invited.attendees == [Attendee(CalendarUser(email: "grace@example.com", name: "Grace Hopper"))])
        #expect(sentRecord?["attendees"] != nil, "the invitation is made from the event as stored")

        let reply = InvitationReply(uid: event.id, sequence: 0, sentAt: Self.sent, attendee: Attendee(Self.grace, answer: .accepted), title: "Standup")
        let recorded = try fixture.store.transaction { try InvitationReplies.record(reply, in: &$0) }.value
        #expect(recorded.outcome == .recorded(notice: "Grace Hopper accepted 'Standup'"))
        #expect(recorded.event.attendees.first?.answer == .accepted && recorded.event.attendees.first?.answeredAt == "2026-11-20T10:00:00.000Z")
        #expect(try inbox(fixture.store) == ["Grace Hopper accepted 'Standup'"])
        let head = try fixture.head()
        let again = try fixture.store.transaction { try InvitationReplies.record(reply, in: &$0) }.value
        guard case .unchanged = again.outcome else { Issue.record("the same reply was recorded twice"); return }
        #expect(try fixture.head() == head)

        // Alan joins; Grace keeps her answer. Inviting the same people again changes nothing.
        let current = try events.event(event.id)
        let (both, _) = try events.invite([Self.grace, Self.alan], to: current) { _ in }
        #expect(both.attendees.map(\.answer) == [.accepted, .needsAction])
        let (_, same) = try events.invite([Self.alan], to: both) { _ in }
        #expect(same.commit == nil)

        // Moving the event makes a new version: a reply to the old one is refused.
        let (moved, _) = try events.edit(both, EventDraft(start: .instant(Cal.at("2026-12-01T15:00:00Z"))))
        #expect(moved.sequence == 1)
        let (renotes, _) = try events.edit(moved, EventDraft(notes: "Bring coffee"))
        #expect(renotes.sequence == 1, "notes are not what the invitation scheduled")
        let late = InvitationReply(uid: event.id, sequence: 0, sentAt: Self.sent, attendee: Attendee(Self.alan, answer: .declined), title: nil)
        #expect(throws: InvitationError.staleReply(title: "Standup", sequence: 0, current: 1)) {
            try fixture.store.transaction { try InvitationReplies.record(late, in: &$0) }
        }
    }

    @Test("replies about unknown events, from people not invited, or to someone else's event are refused")
    func refusedReplies() throws {
        let fixture = try KitFixture()
        let events = EventBook(index: try RecordIndex(store: fixture.store))
        let (event, _) = try events.add(EventDraft(title: "Standup", start: .instant(Cal.at("2026-12-01T14:00:00Z"))))
        try events.invite([Self.grace], to: event) { _ in }
        func record(_ uid: String, _ who: CalendarUser) throws {
            let reply = InvitationReply(uid: uid, sequence: 0, sentAt: nil, attendee: Attendee(who, answer: .accepted), title: "Lunch")
            try fixture.store.transaction { _ = try InvitationReplies.record(reply, in: &$0) }
        }
        #expect(throws: InvitationError.unknownEvent(uid: "lunch@example.com", title: "Lunch")) { try record("lunch@example.com", Self.grace) }
        #expect(throws: InvitationError.notInvited(email: "alan@example.com", title: "Standup")) { try record(event.id, Self.alan) }
        try receive(Self.request(), in: fixture.store)
        let book = InvitationBook(store: fixture.store)
        try book.answer(book.all()[0], accept: true)
        #expect(throws: InvitationError.notYours(title: "Project review", organizer: "Ada Lovelace")) { try record("review-2026@example.com", Self.grace) }
        let accepted = try events.event(CalendarUID.eventID(uid: "review-2026@example.com"))
        #expect(throws: InvitationError.notYours(title: "Project review", organizer: "Ada Lovelace")) { try events.invite([Self.alan], to: accepted) { _ in } }
        #expect(try fixture.store.records(ofType: "event").count == 2)

        // One changed occurrence of a series (as an import makes it) shares the series' UID: not invitable alone.
        let override = try fixture.store.transaction { transaction in
            try transaction.put(["calendarId": .string(event.calendarId), "title": "Standup (moved)", "uid": .string(event.id),
                                 "start": "2026-12-08T15:00:00.000Z", "recurrenceId": "2026-12-08T14:00:00.000Z"], type: "event")
        }.value
        #expect(throws: InvitationError.changedOccurrence(title: "Standup (moved)")) { try events.invite([Self.alan], to: Event(override)!) { _ in } }
    }

    @Test("the user is the account's email and name, else the notifications.email setting, else unknown")
    func identity() throws {
        let fixture = try KitFixture()
        #expect(throws: InvitationError.noAddress) { try CalendarUser.me(account: nil, store: fixture.store) }
        #expect(try CalendarUser.myAddresses(account: nil, store: fixture.store).isEmpty)
        try SyncedSettings(store: fixture.store).set("notifications.email", to: "Grace@Example.com")
        #expect(try CalendarUser.me(account: nil, store: fixture.store) == CalendarUser(email: "grace@example.com"))
        #expect(try CalendarUser.myAddresses(account: nil, store: fixture.store) == ["grace@example.com"])
        // Invited with someone else, in a store that knows no address of the user: whose answer would it be?
        try fixture.store.transaction { transaction in
            _ = try InvitationBook(store: fixture.store).receive(Self.request(), addresses: [], zone: Cal.newYork, in: &transaction)
        }
        let invitation = try #require(try InvitationBook(store: fixture.store).all().first)
        #expect(invitation.invitee == nil)
        #expect(throws: InvitationError.whichAttendee(["grace@example.com", "alan@example.com"])) { try invitation.replier(me: nil) }
        #expect(try invitation.replier(me: CalendarUser(email: "grace@example.com")) == CalendarUser(email: "grace@example.com", name: "Grace Hopper"))
        #expect(InvitationText.when(.date(ICalDate(year: 2026, month: 12, day: 25)), in: Cal.paris) == "Fri 2026-12-25")
        #expect(InvitationText.when(.instant(Cal.at("2026-12-04T19:00:00Z")), in: Cal.paris) == "Fri 2026-12-04 20:00")
    }
}
