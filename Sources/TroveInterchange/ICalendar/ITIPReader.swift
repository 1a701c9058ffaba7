import Foundation
import TroveICal
import TroveJSON
import TroveKit

/// Reads an iTIP (RFC 5546) message: an iCalendar file whose METHOD is REQUEST (an invitation to an
/// event) or REPLY (someone's answer to one). Any other file is a calendar, for `ICSReader`.
///
/// A message is about one event: its VEVENT (the one without RECURRENCE-ID) gives the UID, SEQUENCE,
/// DTSTAMP, ORGANIZER and ATTENDEEs, and for a request the event itself, read as an import reads it.
public enum ITIPReader {
    /// The METHODs read here.
    public static let methods: Set<String> = ["REQUEST", "REPLY"]

    public enum Message: Sendable, Equatable {
        /// An invitation, with what was left out of it (attendees without an email address, changed occurrences).
        case request(InvitationRequest, warnings: [String])
        case reply(InvitationReply)
    }

    /// Reads the file at `path`; errors name the file.
    public static func read(contentsOf path: String) throws(ICSFileError) -> Message {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ICSFileError(file: name, reason: "cannot read the file as UTF-8 text")
        }
        return try read(text, file: name)
    }

    /// Reads iTIP text; `file` names it in errors.
    public static func read(_ text: String, file: String? = nil) throws(ICSFileError) -> Message {
        func fail(_ reason: String) -> ICSFileError { ICSFileError(file: file, reason: reason) }
        let calendar: ICalComponent
        do { calendar = try ICalParser.parse(text) } catch { throw fail(error.description) }
        let method = calendar.property("METHOD")?.value.uppercased() ?? ""
        guard methods.contains(method) else {
            throw fail(method.isEmpty ? "has no METHOD, so it is not an invitation or a reply" : "METHOD:\(method) is not an invitation (REQUEST) or a reply (REPLY)")
        }
        let events = calendar.components("VEVENT")
        guard let main = events.first(where: { $0.property("RECURRENCE-ID") == nil }) ?? events.first else {
            throw fail("a METHOD:\(method) message holds a VEVENT, and this one has none")
        }
        let place = main.line > 0 ? "line \(main.line): " : ""
        guard let uid = main.uid?.trimmingCharacters(in: .whitespacesAndNewlines), !uid.isEmpty else {
            throw fail("\(place)the VEVENT has no UID, which an invitation and its answers are matched by")
        }
        let others = Set(events.compactMap(\.uid)).subtracting([uid])
        guard others.isEmpty else {
            throw fail("it holds \(others.count + 1) events (UIDs \(([uid] + others.sorted()).joined(separator: ", "))); an invitation is about one")
        }
        var sequence = 0
        if let property = main.property("SEQUENCE") {
            guard let number = Int(property.value.trimmingCharacters(in: .whitespaces)), number >= 0 else {
                throw fail("line \(property.line): SEQUENCE \"\(property.value)\" is not a whole number of 0 or more")
            }
            sequence = number
        }
        let sentAt = main.property("DTSTAMP")?.time?.instant
        if method == "REPLY" {
            return .reply(try reply(main, uid: uid, sequence: sequence, sentAt: sentAt, fail: fail))
        }
        guard let organizerProperty = main.property("ORGANIZER") else {
            throw fail("\(place)the VEVENT has no ORGANIZER, so there is nobody to answer")
        }
        let organizer = try user(organizerProperty, fail: fail)
        var reader = ICSComponentReader(component: main)
        guard let record = reader.read() else {
            throw fail(reader.failure?.description ?? "\(place)the VEVENT cannot be read")
        }
        var warnings = reader.warnings.map(\.description)
        var attendees: [Attendee] = []
        for property in main.properties("ATTENDEE") {
            do throws(ICSFileError) {
                attendees.append(Attendee(try user(property, fail: fail), answer: Attendee.Answer(partstat: property.parameter("PARTSTAT"))))
            } catch {
                warnings.append("left out: \(error.reason)")
            }
        }
        if events.count > 1 { warnings.append("left out: \(events.count - 1) changed occurrence\(events.count == 2 ? "" : "s") (RECURRENCE-ID) of the event") }
        var fields = record.fields
        for key in ["uid", "alarms", "recurrenceId"] { fields[key] = nil }
        let request = InvitationRequest(uid: uid, sequence: sequence, sentAt: sentAt, organizer: organizer, attendees: attendees, event: fields)
        return .request(request, warnings: warnings)
    }

    /// A REPLY's one ATTENDEE, the person answering, with their PARTSTAT.
    private static func reply(_ event: ICalComponent, uid: String, sequence: Int, sentAt: Date?,
                              fail: (String) -> ICSFileError) throws(ICSFileError) -> InvitationReply {
        let attendees = event.properties("ATTENDEE")
        guard attendees.count == 1 else {
            throw fail("a reply names one ATTENDEE, the person answering; this one names \(attendees.count)")
        }
        guard let partstat = attendees[0].parameter("PARTSTAT") else {
            throw fail("line \(attendees[0].line): the ATTENDEE has no PARTSTAT, so the reply gives no answer")
        }
        let attendee = Attendee(try user(attendees[0], fail: fail), answer: Attendee.Answer(partstat: partstat))
        return InvitationReply(uid: uid, sequence: sequence, sentAt: sentAt, attendee: attendee, title: event.property("SUMMARY")?.text)
    }

    /// The address (`mailto:…`) and CN of an ORGANIZER or ATTENDEE.
    private static func user(_ property: ICalProperty, fail: (String) -> ICSFileError) throws(ICSFileError) -> CalendarUser {
        var address = property.value.trimmingCharacters(in: .whitespaces)
        if address.lowercased().hasPrefix("mailto:") { address = String(address.dropFirst(7)) }
        guard let email = try? ContactRules.email(address) else {
            throw fail("line \(property.line): the \(property.name) \"\(property.value)\" is not a mailto: email address")
        }
        return CalendarUser(email: email, name: property.parameter("CN"))
    }
}
