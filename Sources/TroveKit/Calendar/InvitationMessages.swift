import Foundation
import TroveICal
import TroveJSON

/// An invitation as it arrives: an iTIP (RFC 5546) `METHOD:REQUEST`, read from an .ics file.
public struct InvitationRequest: Sendable, Equatable {
    public var uid: String
    /// iTIP's SEQUENCE: the organiser raises it when the event changes, so a higher one replaces a lower.
    public var sequence: Int
    /// DTSTAMP: when the organiser sent it.
    public var sentAt: Date?
    public var organizer: CalendarUser
    public var attendees: [Attendee]
    /// The event as event record fields (`title`, `start`, `end`, `timeZone`, `location`…), without envelope or calendar.
    public var event: [String: JSONValue]

    public init(uid: String, sequence: Int, sentAt: Date?, organizer: CalendarUser, attendees: [Attendee], event: [String: JSONValue]) {
        self.uid = uid
        self.sequence = sequence
        self.sentAt = sentAt
        self.organizer = organizer
        self.attendees = attendees
        self.event = event
    }

    public var title: String { event["title"]?.stringValue ?? "" }
}

/// An answer as it arrives: an iTIP `METHOD:REPLY` from someone the user invited.
public struct InvitationReply: Sendable, Equatable {
    public var uid: String
    public var sequence: Int
    public var sentAt: Date?
    /// Who answers, and their answer.
    public var attendee: Attendee
    /// SUMMARY, if the reply has one: it names the event when the event is not found.
    public var title: String?

    public init(uid: String, sequence: Int, sentAt: Date?, attendee: Attendee, title: String?) {
        self.uid = uid
        self.sequence = sequence
        self.sentAt = sentAt
        self.attendee = attendee
        self.title = title
    }
}

/// How invitations name an event's start in messages: `Fri 2026-12-04 14:00`, or `Fri 2026-12-04` all day.
enum InvitationText {
    static func when(_ start: CalendarTime, in zone: TimeZone) -> String {
        switch start {
        case .date(let date):
            return day(CivilDate(date))
        case .instant(let instant):
            return day(CivilDate(instant, in: zone)) + " " + TimeOfDay(instant, in: zone).hoursAndMinutes
        }
    }

    private static func day(_ date: CivilDate) -> String {
        "\(date.weekday.description.prefix(3)) \(date)"
    }
}
