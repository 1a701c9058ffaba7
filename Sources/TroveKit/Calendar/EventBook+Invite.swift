import Foundation
import TroveJSON
import TroveSchema
import TroveStore

extension EventBook {
    /// Invites people to one of the user's events, in one commit: they join its `attendees`, not yet
    /// answered (people invited before keep their answers).
    ///
    /// `send` gets the event as it will be stored and hands the invitation on before the commit, so that
    /// an invitation that could not be written or sent records nothing.
    @discardableResult
    public func invite(_ people: [CalendarUser], to event: Event,
                       send: (Record) throws -> Void) throws -> (event: Event, result: CommitResult) {
        if let organizer = event.organizer { throw InvitationError.notYours(title: event.title, organizer: organizer.label) }
        guard !people.isEmpty else { throw InvitationError.noAttendees(title: event.title) }
        // A changed occurrence shares its series' UID, so answers could not tell the two apart.
        if event.recurrenceID != nil { throw InvitationError.changedOccurrence(title: event.title) }
        let names = people.map(\.label).joined(separator: ", ")
        let (record, result) = try store.transaction(message: "Invite \(names) to \(event.title)") { transaction -> Record in
            guard let existing = try transaction.record(id: event.id), var fields = existing.value.objectValue else {
                throw CalendarError.unknownEvent(event.id)
            }
            var attendees = Attendee.list(fields["attendees"])
            for person in people where !attendees.contains(where: { $0.email == person.email }) {
                attendees.append(Attendee(person))
            }
            fields["attendees"] = .array(attendees.map(\.json))
            // Sending the same invitation again changes nothing in the store.
            let record = fields == existing.value.objectValue ? existing : try transaction.put(.object(fields), type: RecordType.event)
            try send(record)
            return record
        }
        return (Event(record)!, result)
    }
}
