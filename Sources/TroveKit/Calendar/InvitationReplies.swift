import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// Answers to the user's own invitations (iTIP replies): recorded on the event's attendees, and told in the inbox.
public enum InvitationReplies {
    /// What recording a reply did.
    public enum Outcome: Equatable, Sendable {
        /// The answer is on the event now; `notice` is what the inbox says.
        case recorded(notice: String)
        /// Nothing: the event has this answer already, or a later one.
        case unchanged(reason: String)
    }

    /// Records `reply` on the event it answers, inside `transaction`.
    ///
    /// Refused when the event is not in the store, is someone else's, did not invite the person
    /// replying, or has changed since the version the reply answers.
    public static func record(_ reply: InvitationReply, in transaction: inout Transaction, now: Date = Date()) throws -> (event: Event, outcome: Outcome) {
        guard let record = try transaction.record(id: CalendarUID.eventID(uid: reply.uid)), record.type == RecordType.event,
              var fields = record.value.objectValue, let event = Event(record)
        else { throw InvitationError.unknownEvent(uid: reply.uid, title: reply.title) }
        if let organizer = event.organizer { throw InvitationError.notYours(title: event.title, organizer: organizer.label) }
        var attendees = event.attendees
        guard let index = attendees.firstIndex(where: { $0.email == reply.attendee.email }) else {
            throw InvitationError.notInvited(email: reply.attendee.email, title: event.title)
        }
        if reply.sequence < event.sequence {
            throw InvitationError.staleReply(title: event.title, sequence: reply.sequence, current: event.sequence)
        }
        let known = attendees[index]
        let stamp = Timestamp.string(reply.sentAt ?? now)
        if known.answer == reply.attendee.answer {
            return (event, .unchanged(reason: "\(known.user.label)'s answer (\(known.answer.rawValue)) is recorded already."))
        }
        if let answeredAt = known.answeredAt, answeredAt > stamp {
            return (event, .unchanged(reason: "\(known.user.label) answered again after this reply (\(known.answer.rawValue))."))
        }
        attendees[index] = Attendee(CalendarUser(email: known.email, name: known.user.name ?? reply.attendee.user.name),
                                    answer: reply.attendee.answer, answeredAt: stamp)
        fields["attendees"] = .array(attendees.map(\.json))
        let saved = Event(try transaction.put(.object(fields), type: RecordType.event))!
        let notice = "\(attendees[index].user.label) \(reply.attendee.answer.verb) '\(event.title)'"
        try Inbox.post(kind: "invitation", text: notice, ref: event.id, refType: RecordType.event,
                       key: "itip-reply:\(reply.uid):\(known.email):\(stamp)", in: &transaction, now: reply.sentAt ?? now)
        return (saved, .recorded(notice: notice))
    }
}
