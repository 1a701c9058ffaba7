import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// An invitation just made: the code is shown once and never stored.
public struct NewInvitation: Sendable {
    public var id: String
    public var code: InvitationCode
    public var email: String
}

/// Someone asking to join, as the owner sees it.
public struct JoinRequestInfo: Sendable, Equatable {
    public var id: String
    public var username: String
    public var key: SSHPublicKey
    public var message: String?
    public var status: String
    public var refusals: Int
    public var blocked: Bool
}

extension Group {
    /// Makes an invitation with a one-time code; only the code's one-way digest is stored.
    public func invite(email: String, role: Member.Role = .member) throws -> NewInvitation {
        let me = try require(.invite)
        if role == .admin, me.role != .owner { throw GroupError.notAllowed("only the owner of \(name) may invite admins") }
        guard role != .owner else { throw GroupError.notAllowed("a group has one owner: invite a member or an admin") }
        let code = InvitationCode.make()
        // On an encrypted hub the code must also open the hub, once: its key is enrolled now, and the joiner's
        // own key takes its place, in a new key epoch (so a code that leaks after use opens nothing written since).
        if isEncrypted { try store.enrolInvitation(secret: code.hubSecret, remote: GroupBook.hubRemote) }
        let (record, _) = try store.transaction(message: "Invite \(email) to \(name)") { transaction in
            try transaction.put(["groupId": .string(link.id), "invitee": .string(email), "email": .string(email), "inviter": .string(me.username),
                                 "status": "pending", "role": .string(role.rawValue), "codeKey": .string(code.digest.line())],
                                type: RecordType.invitation)
        }
        return NewInvitation(id: record.id, code: code, email: email)
    }

    /// Requests to join, unanswered ones first.
    public func requests() throws -> [JoinRequestInfo] {
        try store.records(ofType: RecordType.invitation).compactMap { record in
            guard let key = record.value["requesterKey"]?.stringValue.flatMap({ try? SSHPublicKey(line: $0) }) else { return nil }
            return JoinRequestInfo(id: record.id, username: record.value["invitee"]?.stringValue ?? "?", key: key,
                                   message: record.value["message"]?.stringValue, status: record.value["status"]?.stringValue ?? "pending",
                                   refusals: record.value["refusals"]?.intValue ?? 0, blocked: record.value["blocked"]?.boolValue == true)
        }.sorted { ($0.status == "pending" ? 0 : 1, $0.username) < ($1.status == "pending" ? 0 : 1, $1.username) }
    }

    /// Accepts or refuses a pending request; the third refusal blocks the requester.
    @discardableResult
    public func answer(_ requester: String, accept: Bool) throws -> JoinRequestInfo {
        let me = try require(.invite)
        guard let request = try requests().first(where: { ($0.username == requester || $0.id == requester) && $0.status == "pending" })
        else { throw GroupError.unknownRequest(requester, group: name) }
        guard var fields = try store.record(id: request.id)?.value.objectValue else { throw GroupError.unknownRequest(requester, group: name) }
        // On an encrypted hub, the device that asked is enrolled (before the member record says so, which it opens).
        let hubKey = isEncrypted ? fields["hubKey"]?.stringValue : nil
        if accept, let hubKey { try store.enrolDevice(publicKey: hubKey, name: request.username, remote: GroupBook.hubRemote) }
        fields["respondedAt"] = .string(Timestamp.string(Date()))
        fields["inviter"] = .string(me.username)
        try store.transaction(message: "\(accept ? "Accept" : "Refuse") \(request.username)'s request to join \(name)") { transaction in
            if accept {
                fields["status"] = "accepted"
                var member: [String: JSONValue] = ["id": .string(Member.recordID(for: request.key)), "username": .string(request.username), "role": "member",
                                                   "publicKey": .string(request.key.line()), "joinedAt": .string(Timestamp.string(Date()))]
                if let hubKey { member["hubKeys"] = [.string(hubKey)] }
                _ = try transaction.put(.object(member), type: RecordType.member)
            } else {
                let refusals = request.refusals + 1
                fields["status"] = "refused"
                fields["refusals"] = .integer(refusals)
                if refusals >= JoinRequest.refusalsToBlock { fields["blocked"] = .bool(true) }
            }
            _ = try transaction.put(.object(fields), type: RecordType.invitation)
        }
        if !accept, let hubKey { try answerOnHub(hubKey, refused: true, blocked: fields["blocked"]?.boolValue == true) }
        return try requests().first { $0.id == request.id }!
    }

    /// Removes a member: their commits count no more from this one on. Owners remove anyone, admins plain members.
    public func remove(_ username: String) throws {
        let me = try require(nil)
        guard let member = try members().first(where: { $0.username == username && $0.isActive }) else {
            throw GroupError.unknownMember(username, group: name)
        }
        guard member.role != .owner else { throw GroupError.notAllowed("the owner cannot be removed from \(name)") }
        guard me.role == .owner || (me.role == .admin && member.role == .member) else {
            throw GroupError.notAllowed("only the owner of \(name) may remove \(member.role == .admin ? "admins" : "members")")
        }
        try markRemoved(member, message: "Remove \(username) from \(name)")
    }

    /// Leaves the group: marks the user's membership ended, syncs that, and takes the group off their list.
    ///
    /// One who is no member (removed, or refused or still waiting as a requester) leaves only this machine's copy
    /// and the listing: nothing is written to the group's store, which they may no longer change.
    /// - Returns: the standing the user had.
    @discardableResult
    public func leave() throws -> Standing {
        let standing = try standing()
        if standing == .member, let me = try me() {
            guard me.role != .owner else { throw GroupError.notAllowed("you own \(name): an owner cannot leave their group") }
            try markRemoved(me, message: "\(me.username) leaves \(name)")
            _ = try sync()
        }
        try book.unlist(link)
        return standing
    }

    /// Sets what plain members may do.
    public func setPermissions(_ change: (inout GroupPermissions) -> Void) throws -> GroupPermissions {
        _ = try requireOwner("change what members may do")
        var permissions = try permissions()
        change(&permissions)
        var fields = try GroupBook.groupRecord(in: store).objectValue ?? [:]
        fields["permissions"] = permissions.json
        try store.transaction(message: "Set the permissions of \(name)") { transaction in
            _ = try transaction.put(.object(fields), type: RecordType.group)
        }
        return permissions
    }

    private func markRemoved(_ member: Member, message: String) throws {
        guard var fields = try store.record(id: member.id)?.value.objectValue else { throw GroupError.unknownMember(member.username, group: name) }
        fields["removedAt"] = .string(Timestamp.string(Date()))
        try store.transaction(message: message) { transaction in
            _ = try transaction.put(.object(fields), type: RecordType.member)
        }
    }
}
