import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// An invitation to an event of a group's store, from one member to another.
public struct MemberInvitation: Sendable, Equatable {
    public var id: String
    public var eventID: String
    /// The event's title when the invitation was made.
    public var title: String
    public var invitee: String
    public var inviter: String?
    public var status: String

    init?(_ record: Record) {
        guard record.type == RecordType.invitation, let eventID = record.value["eventId"]?.stringValue,
              let invitee = record.value["invitee"]?.stringValue else { return nil }
        id = record.id
        self.eventID = eventID
        title = record.value["message"]?.stringValue ?? "an event"
        self.invitee = invitee
        inviter = record.value["inviter"]?.stringValue
        status = record.value["status"]?.stringValue ?? "pending"
    }
}

extension Group {
    /// Invites members to event `eventID` of the group's store: one invitation record each, told to them at their next sync.
    @discardableResult
    public func invite(_ usernames: [String], toEvent eventID: String) throws -> [MemberInvitation] {
        let me = try require(.post)
        guard let event = try store.record(id: eventID), event.type == RecordType.event else { throw StoreError.recordNotFound(id: eventID) }
        let active = try members().filter(\.isActive)
        let invitees = try usernames.map { name in
            guard let member = active.first(where: { $0.username == name.lowercased() }) else { throw GroupError.unknownMember(name, group: self.name) }
            return member
        }
        let title = event.label ?? "an event"
        let (records, _) = try store.transaction(message: "Invite \(invitees.map(\.username).joined(separator: ", ")) to \(title)") { transaction in
            try invitees.map { member in
                try transaction.put(["eventId": .string(eventID), "invitee": .string(member.username), "inviter": .string(me.username),
                                     "status": "pending", "message": .string(title)], type: RecordType.invitation)
            }
        }
        return records.compactMap(MemberInvitation.init)
    }

    /// The invitations to events addressed to the user, unanswered ones unless `all`.
    public func eventInvitations(all: Bool = false) throws -> [MemberInvitation] {
        let me = try me()
        return try store.records(ofType: RecordType.invitation).compactMap(MemberInvitation.init)
            .filter { $0.invitee == me?.username && (all || $0.status == "pending") }
    }

    /// Accepts or declines an invitation to an event, which the inviter hears of at their next sync.
    public func answer(eventInvitation id: String, accept: Bool) throws -> MemberInvitation {
        _ = try require(nil)
        guard let invitation = try eventInvitations(all: true).first(where: { $0.id == id || $0.id.hasSuffix(id) }),
              var fields = try store.record(id: invitation.id)?.value.objectValue else { throw StoreError.recordNotFound(id: id) }
        fields["status"] = .string(accept ? "accepted" : "declined")
        fields["respondedAt"] = .string(Timestamp.string(Date()))
        let (record, _) = try store.transaction(message: "\(accept ? "Accept" : "Decline") \(invitation.title)") { transaction in
            try transaction.put(.object(fields), type: RecordType.invitation)
        }
        return MemberInvitation(record)!
    }
}
