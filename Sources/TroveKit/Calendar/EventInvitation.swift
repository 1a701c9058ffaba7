import Foundation
import TroveICal
import TroveJSON
import TroveSchema
import TroveStore

/// An invitation to someone else's event, as read from an `event-invitation` record.
public struct EventInvitation: Sendable, Equatable {
    public enum Status: String, Sendable {
        case pending, accepted, declined
    }

    /// The record fields that describe the event itself, named as on an event record.
    static let eventFieldNames = ["title", "class", "start", "end", "allDay", "timeZone", "location", "notes",
                                  "rrule", "rdate", "exdate", "categories"]

    public var id: String
    public var uid: String
    public var sequence: Int
    public var organizer: CalendarUser
    public var attendees: [Attendee]
    /// The address the user was invited at, when the request named it.
    public var invitee: String?
    public var status: Status
    public var answeredAt: String?
    /// The event accepting made in the user's calendar.
    public var eventId: String?
    public var title: String
    public var start: CalendarTime
    public var end: CalendarTime?
    public var timeZone: String?
    public var address: String?
    public var receivedAt: String
    /// The proposed event as event record fields.
    public var eventFields: [String: JSONValue]

    public init?(_ record: Record) {
        let value = record.value
        guard record.type == InvitationBook.type, let uid = value["uid"]?.stringValue,
              let organizer = CalendarUser(json: value["organizer"]),
              let status = value["status"]?.stringValue.flatMap(Status.init(rawValue:)),
              let start = value["start"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        else { return nil }
        id = record.id
        self.uid = uid
        sequence = value["sequence"]?.intValue ?? 0
        self.organizer = organizer
        attendees = Attendee.list(value["attendees"])
        invitee = value["invitee"]?.stringValue
        self.status = status
        answeredAt = value["answeredAt"]?.stringValue
        eventId = value["eventId"]?.stringValue
        title = value["title"]?.stringValue ?? ""
        self.start = start
        end = value["end"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        timeZone = value["timeZone"]?.stringValue
        address = value["location"]?["address"]?.stringValue
        receivedAt = record.createdAt ?? ""
        eventFields = (value.objectValue ?? [:]).filter { Self.eventFieldNames.contains($0.key) }
    }

    /// The proposed event as an `Event` value, for views; it is in no calendar until accepted.
    public var preview: Event {
        var fields = eventFields
        fields["id"] = .string(eventId ?? id)
        fields["type"] = .string(RecordType.event)
        fields["calendarId"] = .string(eventId ?? id)
        fields["uid"] = .string(uid)
        fields["organizer"] = organizer.json
        return Event(Record(.object(fields)))!
    }

    /// Who answers it: the address the user was invited at, named as the user's profile names them (else as the
    /// organiser did); `me` is the user, when known. Without either address there is nobody to answer as.
    public func replier(me: CalendarUser?) throws -> CalendarUser {
        guard let email = invitee ?? me?.email else { throw InvitationError.whichAttendee(attendees.map(\.email)) }
        return CalendarUser(email: email, name: me?.name ?? attendees.first { $0.email == email }?.user.name)
    }

    /// The line the inbox shows for it: `Invitation: 'Title' from Ada Lovelace, Fri 2026-12-04 14:00`.
    public func notice(in zone: TimeZone, updated: Bool = false) -> String {
        "\(updated ? "Invitation updated" : "Invitation"): '\(title.isEmpty ? "(untitled)" : title)' from \(organizer.label), \(InvitationText.when(start, in: zone))"
    }
}

/// Why an invitation command, or a reply's import, was refused; nothing was written.
public enum InvitationError: Error, Equatable, CustomStringConvertible {
    case noAddress
    case unknownInvitation(String)
    case alreadyAnswered(title: String, status: EventInvitation.Status)
    case notYours(title: String, organizer: String)
    case unknownEvent(uid: String, title: String?)
    case notInvited(email: String, title: String)
    case staleReply(title: String, sequence: Int, current: Int)
    case noAttendees(title: String)
    case ownEvent(title: String)
    case whichAttendee([String])
    case changedOccurrence(title: String)

    public var description: String {
        switch self {
        case .noAddress:
            return "Trove does not know your email address, which invitations are sent from: sign in to an account, "
                + "or set the notifications.email setting"
        case .unknownInvitation(let id):
            return "no invitation with id '\(id)'"
        case .alreadyAnswered(let title, let status):
            return "you already \(status.rawValue) the invitation to '\(title)': an invitation is answered once (a new version from the organiser asks again)"
        case .notYours(let title, let organizer):
            return "'\(title)' is organised by \(organizer), not by you: only they can invite people to it or take answers"
        case .unknownEvent(let uid, let title):
            return "the reply is about \(title.map { "'\($0)' (UID \(uid))" } ?? "the event with UID \(uid)"), which is not in your calendar: nothing was recorded"
        case .notInvited(let email, let title):
            return "\(email) was not invited to '\(title)', so their reply was not recorded"
        case .staleReply(let title, let sequence, let current):
            return "the reply answers version \(sequence) of '\(title)', which has changed since (it is at version \(current)): nothing was recorded"
        case .ownEvent(let title):
            return "'\(title)' is your own event (you invited people to it): an invitation to it cannot be accepted or declined"
        case .whichAttendee(let emails):
            return "the invitation names \(emails.isEmpty ? "nobody" : emails.joined(separator: ", ")) and Trove does not know which is you: "
                + "set your address in the notifications.email setting"
        case .changedOccurrence(let title):
            return "'\(title)' is one changed occurrence of a repeating event: invite people to the whole series instead"
        case .noAttendees(let title):
            return "nobody is invited to '\(title)': give at least one contact with --to"
        }
    }
}

extension InvitationError: UserFacingError {}
