import Foundation
import TroveJSON
import TroveSchema
import TroveStore

extension InvitationBook {
    /// Accepts or declines a pending invitation, in one commit: accepting puts the event in a calendar
    /// (`calendar`, else the first); both mark the invitation answered and dismiss its notification.
    ///
    /// Declining a new version of an event accepted before takes that event out of the calendar. `send` hands
    /// the answer to the organiser before the commit, so that an answer that could not be sent records nothing.
    @discardableResult
    public func answer(_ invitation: EventInvitation, accept: Bool, calendar: String? = nil, now: Date = Date(),
                       send: () throws -> Void = {}) throws -> (invitation: EventInvitation, event: Event?, result: CommitResult) {
        guard invitation.status == .pending else { throw InvitationError.alreadyAnswered(title: invitation.title, status: invitation.status) }
        // Checked before the transaction, so a misspelt calendar costs nothing.
        let calendarID = try calendar.map { try CalendarBook(store: store).calendar(named: $0).id }
        let stamp = Timestamp.string(now)
        let ((saved, event), result) = try store.transaction(message: "\(accept ? "Accept" : "Decline") the invitation to \(invitation.title)") { transaction -> (Record, Record?) in
            guard let current = try transaction.record(id: invitation.id), var fields = current.value.objectValue,
                  let latest = EventInvitation(current) else { throw InvitationError.unknownInvitation(invitation.id) }
            guard latest.status == .pending else { throw InvitationError.alreadyAnswered(title: latest.title, status: latest.status) }
            var event: Record?
            if accept {
                let calendarID = try calendarID ?? CalendarBook(store: store).target(named: nil, in: &transaction)
                event = try putEvent(for: latest, calendarID: calendarID, answeredAt: stamp, in: &transaction)
                fields["eventId"] = .string(event!.id)
            } else if let eventId = latest.eventId {
                if try transaction.record(id: eventId) != nil { try transaction.delete(id: eventId) }
                fields["eventId"] = nil
            }
            fields["status"] = .string(accept ? EventInvitation.Status.accepted.rawValue : EventInvitation.Status.declined.rawValue)
            fields["answeredAt"] = .string(stamp)
            let saved = try transaction.put(.object(fields), type: Self.type)
            try Inbox(store: store).dismiss(about: invitation.id, in: &transaction)
            try send()
            return (saved, event)
        }
        return (EventInvitation(saved)!, event.flatMap(Event.init), result)
    }

    /// Puts the invited event in the calendar, or updates the one an earlier version put there (keeping its
    /// calendar and the user's reminders), with the organiser, the attendees and the user's answer.
    private func putEvent(for invitation: EventInvitation, calendarID: String, answeredAt: String,
                          in transaction: inout Transaction) throws -> Record {
        let id = CalendarUID.eventID(uid: invitation.uid)
        var fields: [String: JSONValue] = ["id": .string(id), "calendarId": .string(calendarID)]
        if let existing = try transaction.record(id: id), existing.type == RecordType.event, let kept = existing.value.objectValue {
            // The user's own event with this UID: an invitation to it must not take it over.
            if kept["organizer"] == nil, kept["attendees"] != nil {
                throw InvitationError.ownEvent(title: invitation.title)
            }
            fields = kept.filter { !EventInvitation.eventFieldNames.contains($0.key) }
        }
        fields.merge(invitation.eventFields) { _, new in new }
        // Trove's own UIDs are the event's id, which names it already (as an import writes it).
        fields["uid"] = invitation.uid == id ? nil : .string(invitation.uid)
        fields["organizer"] = invitation.organizer.json
        fields["sequence"] = .integer(invitation.sequence)
        let attendees = invitation.attendees.map { attendee in
            attendee.email == invitation.invitee ? Attendee(attendee.user, answer: .accepted, answeredAt: answeredAt) : attendee
        }
        fields["attendees"] = attendees.isEmpty ? nil : .array(attendees.map(\.json))
        return try transaction.put(.object(fields), type: RecordType.event)
    }
}
