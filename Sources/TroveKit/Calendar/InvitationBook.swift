import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// Invitations to other people's events, received as iTIP requests: storing them, finding them, answering them.
///
/// There is one invitation record per event UID. A request with a higher SEQUENCE (the organiser changed the
/// event) replaces it and asks for an answer again; the same or a lower one changes nothing.
public struct InvitationBook {
    /// The record type.
    public static let type = RecordType.eventInvitation
    public let store: Store

    public init(store: Store) { self.store = store }

    /// Every invitation, newest first; `pendingOnly` leaves out the answered ones.
    public func all(pendingOnly: Bool = false) throws -> [EventInvitation] {
        try store.records(ofType: Self.type).compactMap(EventInvitation.init)
            .filter { !pendingOnly || $0.status == .pending }
            .sorted { ($0.receivedAt, $0.id) > ($1.receivedAt, $1.id) }
    }

    /// The invitation whose id is `text`, or starts or ends with it (4 characters at least).
    public func invitation(_ text: String) throws -> EventInvitation {
        try RecordLookup.match(text, in: all(), id: \.id, missing: InvitationError.unknownInvitation(text)) {
            CalendarError.ambiguousID(text, matches: $0)
        }
    }

    /// The id of the invitation to the event `uid`, whatever its version; two peers importing it make the same.
    public static func recordID(uid: String) -> String {
        RecordID.derived(from: "itip-invitation:" + uid, at: Date(timeIntervalSince1970: 0))
    }

    /// What receiving a request did.
    public enum Receipt: Equatable, Sendable {
        case added
        /// A new version of an invitation received before: it asks for an answer again.
        case updated
        /// Nothing: the request is the version received already, or an older one.
        case unchanged(reason: String)
    }

    /// Stores a request as a pending invitation and tells the inbox, inside `transaction`.
    ///
    /// - Parameters:
    ///   - addresses: the user's own addresses, to find which attendee the user is.
    ///   - zone: the zone the notification gives the start in.
    public func receive(_ request: InvitationRequest, addresses: [String], zone: TimeZone,
                        in transaction: inout Transaction, now: Date = Date()) throws -> (receipt: Receipt, invitation: EventInvitation) {
        let id = Self.recordID(uid: request.uid)
        let existing = try transaction.record(id: id).flatMap(EventInvitation.init)
        if let existing, existing.sequence >= request.sequence {
            let reason = existing.sequence == request.sequence ? "This invitation was received already."
                : "This is an older version (\(request.sequence)) of an invitation received at version \(existing.sequence)."
            return (.unchanged(reason: reason), existing)
        }
        var fields = request.event.filter { EventInvitation.eventFieldNames.contains($0.key) }
        fields["id"] = .string(id)
        fields["uid"] = .string(request.uid)
        fields["sequence"] = .integer(request.sequence)
        fields["organizer"] = request.organizer.json
        if !request.attendees.isEmpty { fields["attendees"] = .array(request.attendees.map(\.json)) }
        if let invitee = Self.invitee(of: request, addresses: addresses) { fields["invitee"] = .string(invitee) }
        if let sentAt = request.sentAt { fields["sentAt"] = .string(Timestamp.string(sentAt)) }
        fields["status"] = .string(EventInvitation.Status.pending.rawValue)
        // An update keeps the event an earlier answer made, so that accepting again updates it.
        if let eventId = existing?.eventId { fields["eventId"] = .string(eventId) }
        let invitation = EventInvitation(try transaction.put(.object(fields), type: Self.type))!
        if existing != nil { try Inbox(store: store).dismiss(about: id, in: &transaction) }
        // Derived from the UID, the version and the DTSTAMP: the same request on two peers is one notification.
        try Inbox.post(kind: "invitation", text: invitation.notice(in: zone, updated: existing != nil), ref: id, refType: Self.type,
                       key: "itip:\(request.uid):\(request.sequence)", in: &transaction, now: request.sentAt ?? now)
        return (existing == nil ? .added : .updated, invitation)
    }

    /// The attendee the user is: the one at one of `addresses`, else the only one.
    static func invitee(of request: InvitationRequest, addresses: [String]) -> String? {
        let mine = Set(addresses.map { $0.lowercased() })
        return request.attendees.first { mine.contains($0.email) }?.email ?? (request.attendees.count == 1 ? request.attendees[0].email : nil)
    }
}
