import TroveGit
import TroveJSON
import TroveSchema
import TroveStore

/// The rules a shared store's peers hold every arriving commit to.
///
/// A commit counts when a member signed it and their role allows each change it
/// makes, judged against the members and permissions of the accepted state it
/// builds on. Two narrow doors let non-members in: a join that proves an
/// invitation's code, and a request to join. A member removed (or who left)
/// counts no more from the removing commit on, on every branch.
public final class MembershipPolicy: IncomingReview {
    /// The member who signed each accepted commit, and what it changed, for notices after a sync.
    public private(set) var accepted: [ObjectID: (signer: Member, changes: [StateChange])] = [:]
    /// The accepted commits in the order they were judged: parents first.
    public private(set) var order: [ObjectID] = []

    public init() {}

    public func judge(_ commit: ArrivingCommit, context: ReviewContext) throws -> ReviewJudgement {
        let roster = try Roster(commit.before)
        let headRoster = try Roster(context.head)
        if commit.parentIDs.isEmpty {
            if !headRoster.members.isEmpty { return .refuse("starts a history of its own, unrelated to the group's") }
            if commit.changes.allSatisfy({ $0.path == "trove.json" || $0.path == ".gitattributes" }) { return .accept }
        }
        // Changing nothing (a peer undoing what we never took in), it has nothing to refuse.
        if commit.changes.isEmpty { return .accept }
        guard let signed = commit.signature else { return .refuse("unsigned") }
        guard case .signed(let key) = CommitVerification.check(signed) else {
            if case .invalid(let why) = CommitVerification.check(signed) { return .refuse("bad signature (\(why))") }
            return .refuse("unsigned")
        }
        if let removed = headRoster.member(key), !removed.isActive {
            return .refuse("\(removed.username) was removed from the group")
        }
        guard let member = roster.active(key) else {
            if roster.members.isEmpty && headRoster.members.isEmpty, let founder = founding(commit, key: key, context: context) {
                note(commit, by: founder)
                return .accept
            }
            if let joiner = try joining(commit, key: key, roster: roster, context: context) {
                note(commit, by: joiner)
                return .accept
            }
            if try isJoinRequest(commit, key: key, roster: roster, context: context) {
                // Noted as by the requester, no member, so that those who answer requests are told of it.
                let name = Self.value(commit.changes.first?.after)?["invitee"]?.stringValue ?? key.fingerprint
                if let requester = Member(["type": .string(RecordType.member), "id": .string(Member.recordID(for: key)), "username": .string(name),
                                           "role": "member", "publicKey": .string(key.line())]) {
                    note(commit, by: requester)
                }
                return .accept
            }
            let name = roster.member(key).map { "\($0.username), who was removed," } ?? "a key that is not a member's (\(key.fingerprint))"
            return .refuse("signed by \(name)")
        }
        for change in commit.changes {
            if let refusal = try permission(for: change, by: member, roster: roster, context: context) { return .refuse(refusal) }
        }
        note(commit, by: member)
        return .accept
    }

    public func revoked(_ accepted: [ArrivingCommit], context: ReviewContext) throws -> [ObjectID: String] {
        // Removals accepted in this range: whose key, in which commits.
        var removals: [SSHPublicKey: (username: String, commits: [ObjectID])] = [:]
        for commit in accepted {
            for change in commit.changes where context.recordType(atPath: change.path) == RecordType.member {
                // Marked removed, or (by the owner, undoing an add) deleted.
                let after = Self.member(change.after), before = Self.member(change.before)
                guard before?.isActive ?? true, let ended = after ?? before, after == nil || !ended.isActive,
                      let key = ended.publicKey else { continue }
                removals[key, default: (ended.username, [])].commits.append(commit.id)
            }
        }
        var revoked: [ObjectID: String] = [:]
        for commit in accepted {
            guard let signer = self.accepted[commit.id]?.signer, let key = signer.publicKey, let removal = removals[key],
                  !removal.commits.contains(commit.id) else { continue }
            let madeBefore = try removal.commits.contains { try context.isAncestor(commit.id, of: $0) }
            if !madeBefore { revoked[commit.id] = "\(removal.username) was removed from the group (in a commit this one does not build on)" }
        }
        return revoked
    }

    private func note(_ commit: ArrivingCommit, by signer: Member) {
        if accepted[commit.id] == nil { order.append(commit.id) }
        accepted[commit.id] = (signer, commit.changes)
    }

    // MARK: - The doors for non-members

    /// The commit founding the group: its signer makes themselves the one owner.
    private func founding(_ commit: ArrivingCommit, key: SSHPublicKey, context: ReviewContext) -> Member? {
        let added = commit.changes.filter { context.recordType(atPath: $0.path) == RecordType.member }.compactMap { Self.member($0.after) }
        guard added.count == 1, added[0].role == .owner, added[0].publicKey == key else { return nil }
        return added[0]
    }

    /// A join by invitation code: the member record for the signer's key, and the invitation marked used by it.
    private func joining(_ commit: ArrivingCommit, key: SSHPublicKey, roster: Roster, context: ReviewContext) throws -> Member? {
        guard commit.changes.count == 2 else { return nil }
        let memberChange = commit.changes.first { context.recordType(atPath: $0.path) == RecordType.member }
        let invitationChange = commit.changes.first { context.recordType(atPath: $0.path) == RecordType.invitation }
        guard let memberChange, memberChange.before == nil, let joiner = Self.member(memberChange.after),
              joiner.publicKey == key, joiner.isActive, let invitationID = joiner.invitation, let proof = joiner.proof,
              let invitation = roster.invitations[invitationID], invitation["usedBy"] == nil,
              invitation["status"]?.stringValue == "pending",
              let digest = invitation["codeKey"]?.stringValue.flatMap({ try? SSHPublicKey(line: $0) }),
              joiner.role.rawValue == (invitation["role"]?.stringValue ?? "member"),
              InvitationCode.verify(proof: proof, digest: digest, storeID: roster.storeID, invitationID: invitationID, joiner: key),
              let invitationChange, let after = Self.value(invitationChange.after), after["id"]?.stringValue == invitationID,
              after["usedBy"]?.stringValue == joiner.id, after["status"]?.stringValue == "accepted",
              Self.sameExcept(invitation, after, ["usedBy", "status", "respondedAt", "updatedAt", "clock"])
        else { return nil }
        return joiner
    }

    /// A request to join: one invitation record naming the signer as requester, pending, not blocked.
    private func isJoinRequest(_ commit: ArrivingCommit, key: SSHPublicKey, roster: Roster, context: ReviewContext) throws -> Bool {
        guard commit.changes.count == 1, let change = commit.changes.first, context.recordType(atPath: change.path) == RecordType.invitation,
              let after = Self.value(change.after), after["requesterKey"]?.stringValue.flatMap({ try? SSHPublicKey(line: $0) }) == key,
              after["status"]?.stringValue == "pending", after["codeKey"] == nil, after["usedBy"] == nil,
              after["blocked"]?.boolValue != true, (after["role"]?.stringValue ?? "member") == "member",
              !roster.blocks(after)
        else { return false }
        guard let before = Self.value(change.before) else { return (after["refusals"]?.intValue ?? 0) == 0 }
        // Asking again after a refusal: the count of refusals stays as the owner left it.
        return before["status"]?.stringValue == "refused" && before["refusals"] == after["refusals"]
            && before["requesterKey"] == after["requesterKey"]
    }

    // MARK: - What members may change

    /// Why `member` may not make `change`, or `nil` when they may.
    private func permission(for change: StateChange, by member: Member, roster: Roster, context: ReviewContext) throws -> String? {
        let who = member.username
        if member.role == .owner { return ownerLimits(change, roster: roster, context: context) }
        guard let type = context.recordType(atPath: change.path) else {
            if change.path.hasPrefix("media/") || change.path.hasPrefix("logs/") {
                return roster.permissions.allows(.post, for: member.role) ? nil : "\(who) may not post in this group"
            }
            return "\(who) may not change \(change.path): only the owner may"
        }
        let before = Self.value(change.before), after = Self.value(change.after)
        switch type {
        case RecordType.group:
            return "\(who) may not change the group's settings: only the owner may"
        case RecordType.member:
            return memberChange(before: before.flatMap(Member.init), after: after.flatMap(Member.init), by: member, roster: roster)
        case RecordType.invitation where (after ?? before)?["eventId"] != nil:
            // Inviting members to an event is posting; answering is for the invitee, and changing it for the inviter.
            guard roster.permissions.allows(.post, for: member.role) else { return "\(who) may not post in this group" }
            if let before, member.role == .member, before["invitee"]?.stringValue != who, before["inviter"]?.stringValue != who {
                return "\(who) may not answer an invitation for \(before["invitee"]?.stringValue ?? "someone else")"
            }
            return nil
        case RecordType.invitation:
            if !roster.permissions.allows(.invite, for: member.role) { return "\(who) may not invite or answer requests to join" }
            if after?["role"]?.stringValue == "admin" { return "\(who) may not invite admins: only the owner may" }
            return nil
        case RecordType.groupPost:
            let kind = (after ?? before)?["kind"]?.stringValue ?? "chat"
            let action: GroupPermissions.Action = kind == "meeting" ? .schedule : kind == "link" ? .shareLinks : .post
            if !roster.permissions.allows(action, for: member.role) { return "\(who) may not \(action.rawValue) in this group" }
            if let author = (before ?? after)?["author"]?.stringValue, author != who, member.role == .member {
                return "\(who) may not change \(author)'s post"
            }
            if let after, let author = after["author"]?.stringValue, author != who, before == nil {
                return "\(who) may not post as \(author)"
            }
            return nil
        default:
            return roster.permissions.allows(.post, for: member.role) ? nil : "\(who) may not post in this group"
        }
    }

    private func memberChange(before: Member?, after: Member?, by member: Member, roster: Roster) -> String? {
        let who = member.username
        guard let after else { return "\(who) may not delete a member record: members are removed, never forgotten" }
        guard let before else {
            if !roster.permissions.allows(.invite, for: member.role) { return "\(who) may not add members" }
            if after.role != .member && member.role != .owner { return "\(who) may not add an \(after.role.rawValue): only the owner may" }
            return nil
        }
        let sameStanding = before.role == after.role && before.publicKey == after.publicKey && before.username == after.username
            && before.invitation == after.invitation && before.proof == after.proof
        if before.id == Member.recordID(for: member.publicKey!) || before.publicKey == member.publicKey {
            // Oneself: names and email, or leaving.
            if sameStanding && (before.removedAt == after.removedAt || after.removedAt != nil) { return nil }
            return "\(who) may not change their own role or key"
        }
        if member.role == .admin && before.role == .member && after.role == .member && sameStanding && before.isActive && !after.isActive {
            return nil  // an admin removing a plain member
        }
        return "\(who) may not change \(before.username)'s membership: only the owner may"
    }

    /// The owner may do anything but hand out ownership or lose it.
    private func ownerLimits(_ change: StateChange, roster: Roster, context: ReviewContext) -> String? {
        guard context.recordType(atPath: change.path) == RecordType.member else { return nil }
        let before = Self.member(change.before), after = Self.member(change.after)
        if let after, after.role == .owner, before?.role != .owner { return "a group has one owner" }
        if let before, before.role == .owner, after?.role != .owner || after?.isActive == false {
            return "the owner may not leave or step down"
        }
        return nil
    }

    // MARK: - Reading

    static func value(_ bytes: [UInt8]?) -> JSONValue? { bytes.flatMap { try? JSONValue(parsing: $0) } }
    static func member(_ bytes: [UInt8]?) -> Member? { value(bytes).flatMap(Member.init) }

    /// Whether two records are equal but for `fields`.
    static func sameExcept(_ one: JSONValue, _ other: JSONValue, _ fields: Set<String>) -> Bool {
        guard let a = one.objectValue, let b = other.objectValue else { return false }
        return a.filter { !fields.contains($0.key) } == b.filter { !fields.contains($0.key) }
    }
}
