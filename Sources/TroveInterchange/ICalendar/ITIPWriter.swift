import Foundation
import TroveICal
import TroveJSON
import TroveKit

/// Writes iTIP (RFC 5546) messages: an invitation to one of the user's events (`METHOD:REQUEST`) and the
/// user's answer to someone else's (`METHOD:REPLY`).
///
/// The VEVENT is the one `ICSWriter` exports (times with their TZID), without reminders, which are the
/// user's own, plus SEQUENCE, ORGANIZER and ATTENDEEs; its DTSTAMP is the moment of writing.
public enum ITIPWriter {
    /// A REQUEST for the event `record` from `organizer` to its `attendees`, each with their PARTSTAT
    /// (RSVP=TRUE while they have not answered); the UID is the event's `uid`, else its id.
    public static func request(for record: JSONValue, organizer: CalendarUser, now: Date = Date()) throws(ICSFileError) -> String {
        var fields = record.objectValue ?? [:]
        let attendees = (fields["attendees"]?.arrayValue ?? []).compactMap(Attendee.init(json:))
        let sequence = fields["sequence"]?.intValue ?? 0
        fields["uid"] = fields["uid"] ?? fields["id"]
        return try write(method: "REQUEST", fields: fields, sequence: sequence, organizer: organizer, attendees: attendees, now: now)
    }

    /// A REPLY to `invitation`: `replier` (the user, see `EventInvitation.replier`) with `answer`, the organiser copied.
    public static func reply(to invitation: EventInvitation, from replier: CalendarUser, answer: Attendee.Answer,
                             now: Date = Date()) throws(ICSFileError) -> String {
        var fields = invitation.eventFields
        fields["uid"] = .string(invitation.uid)
        return try write(method: "REPLY", fields: fields, sequence: invitation.sequence, organizer: invitation.organizer,
                         attendees: [Attendee(replier, answer: answer)], now: now)
    }

    private static func write(method: String, fields: [String: JSONValue], sequence: Int, organizer: CalendarUser,
                              attendees: [Attendee], now: Date) throws(ICSFileError) -> String {
        var fields = fields
        // DTSTAMP is when the message was made, not when the record last changed.
        for key in ["alarms", "updatedAt"] { fields[key] = nil }
        do {
            var event = try ICSWriter.event(fields, now: now)
            event.properties.append(ICalProperty("SEQUENCE", String(sequence)))
            event.properties.append(address("ORGANIZER", organizer))
            for attendee in attendees {
                var parameters = [ICalProperty.Parameter("PARTSTAT", attendee.answer.partstat)]
                if method == "REQUEST", attendee.answer == .needsAction { parameters.append(.init("RSVP", "TRUE")) }
                event.properties.append(address("ATTENDEE", attendee.user, parameters))
            }
            var calendar = ICSWriter.calendar(method: method)
            calendar.components.append(event)
            return try ICalWriter.text(calendar)
        } catch {
            throw ICSFileError(file: nil, reason: error.description)
        }
    }

    /// `ORGANIZER;CN=Ada Lovelace:mailto:ada@example.com`.
    private static func address(_ name: String, _ user: CalendarUser, _ parameters: [ICalProperty.Parameter] = []) -> ICalProperty {
        var parameters = parameters
        if let cn = user.name { parameters.append(.init("CN", cn)) }
        return ICalProperty(name, "mailto:\(user.email)", parameters)
    }
}
