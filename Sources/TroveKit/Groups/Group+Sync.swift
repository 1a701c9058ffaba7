import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// What syncing a group did: the store's summary, and what others changed, as told to the user.
public struct GroupSyncReport: Sendable {
    public var summary: SyncSummary
    /// "ana changed 'Exam review' in CS101", one per record others changed; also posted to the inbox.
    public var notices: [String]
}

extension Group {
    /// Syncs the group with its hub, holding what arrives to the group's rules, and tells the user what others changed.
    @discardableResult
    public func sync() throws -> GroupSyncReport {
        let policy = MembershipPolicy()
        let summary: SyncSummary
        var taken: [String] = []
        do {
            // Before sending (a removal made here goes out under the new key) and after (one that came in).
            try rekeyForFormerMembers()
            summary = try store.sync(remote: GroupBook.hubRemote, review: policy)
            try rekeyForFormerMembers()
            taken = try takeInHubRequests()
            if !taken.isEmpty { _ = try store.sync(remote: GroupBook.hubRemote, review: MembershipPolicy()) }
        } catch HubError.notEnrolled {
            throw GroupError.noLongerReadable(group: name)
        }
        let refused = Set(summary.refused.map(\.commit))
        var notices: [(key: String, text: String, ref: String?)] = []
        for commit in policy.order {
            guard let accepted = policy.accepted[commit], accepted.signer.publicKey != book.me.key,
                  !refused.contains(commit.description) else { continue }
            for change in accepted.changes {
                guard let text = notice(for: change, by: accepted.signer.username) else { continue }
                let record = MembershipPolicy.value(change.after ?? change.before)
                notices.append((commit.description + change.path, text, record?["id"]?.stringValue))
            }
        }
        notices += taken.map { (key: "request:" + $0, text: $0, ref: nil) }
        if !notices.isEmpty {
            try book.personal.transaction(message: "Notices from \(name)") { transaction in
                for notice in notices {
                    try Inbox.post(kind: "update", text: notice.text, ref: notice.ref, key: notice.key, in: &transaction)
                }
            }
        }
        return GroupSyncReport(summary: summary, notices: notices.map(\.text))
    }

    /// Whether the group syncs through an encrypted hub.
    public var isEncrypted: Bool { (try? store.isEncryptedRemote(GroupBook.hubRemote)) == true }

    /// On an encrypted hub, takes the copies of members who left or were removed off the hub's key file: a new
    /// key epoch starts, and nothing written from then on opens for them. Any member's sync does it, so a
    /// member who leaves is locked out at the next sync of any other.
    ///
    /// The hub's device list as last verified here decides whether the hub is written at all.
    func rekeyForFormerMembers() throws {
        guard isEncrypted else { return }
        let members = try members()
        let codes = { (members: [Member]) in Set(members.flatMap(\.hubKeys).compactMap(Store.deviceCode(ofPublicKey:))) }
        let enrolled = try store.enrolledDeviceCodes(remote: GroupBook.hubRemote)
        let mine = try store.deviceCode()
        // A key an active member lists stays: a member who lists others' keys and leaves locks no one else out.
        let toRemove = codes(members.filter { !$0.isActive }).subtracting(codes(members.filter(\.isActive)))
            .intersection(enrolled).subtracting([mine])
        guard !toRemove.isEmpty else { return }
        try store.removeDevices(codes: toRemove, remote: GroupBook.hubRemote)
    }

    /// On an encrypted hub, adds this machine's key to the user's member record when it is not there (a member's
    /// new machine), and syncs that, so that a removal locks this machine out too.
    func adoptThisMachine() throws {
        guard isEncrypted, let me = try me() else { return }
        let key = try store.devicePublicKey()
        guard !me.hubKeys.contains(key), var fields = try store.record(id: me.id)?.value.objectValue else { return }
        fields["hubKeys"] = .array((me.hubKeys + [key]).map(JSONValue.string))
        try store.transaction(message: "\(me.username) opens \(name) on another machine") { transaction in
            _ = try transaction.put(.object(fields), type: RecordType.member)
        }
        try sync()
    }

    /// A request to join, told to whoever answers requests (a new or renewed one), and its answer to the one who asked.
    private func requestNotice(before: JSONValue?, after: JSONValue?) -> String? {
        guard let after, let status = after["status"]?.stringValue, status != before?["status"]?.stringValue else { return nil }
        let requester = after["invitee"]?.stringValue ?? "someone"
        let mine = after["requesterKey"]?.stringValue == book.me.key.line()
        switch status {
        case "pending":
            guard !mine, let me = try? me(), (try? permissions().allows(.invite, for: me.role)) == true else { return nil }
            let words = after["message"]?.stringValue.map { ": \"\($0)\"" } ?? ""
            return "\(requester) asks to join \(name)\(words)"
        case "refused" where mine:
            return after["blocked"]?.boolValue == true
                ? "Your request to join \(name) was refused, for the third time: you may not ask again"
                : "Your request to join \(name) was refused"
        case "accepted" where mine:
            return "Your request to join \(name) was accepted: you are a member"
        default:
            return nil
        }
    }

    /// The sentence telling the user of one change, for the kinds of record worth telling.
    private func notice(for change: StateChange, by username: String) -> String? {
        let before = MembershipPolicy.value(change.before).map(Record.init), after = MembershipPolicy.value(change.after).map(Record.init)
        guard let type = (after ?? before)?.type else { return nil }
        let title = (after ?? before)?.label.map { "'\($0)'" }
        switch type {
        case RecordType.event, RecordType.task, RecordType.calendar:
            let verb = after == nil ? "removed" : before == nil ? "added" : "changed"
            return "\(username) \(verb) \(title ?? "a \(type)") in \(name)"
        case RecordType.groupPost:
            guard before == nil, let post = after.flatMap(GroupPost.init) else { return nil }
            switch post.kind {
            case .chat, .announcement: return "\(username) in \(name): \(post.text ?? "")"
            case .meeting: return "\(username) scheduled \(title ?? "a meeting") in \(name)"
            case .link: return "\(username) shared \(post.title ?? post.url ?? "a link") in \(name)"
            }
        case RecordType.invitation where (after ?? before)?.value["requesterKey"] != nil:
            return requestNotice(before: before?.value, after: after?.value)
        case RecordType.invitation:
            guard let invitation = after.flatMap(MemberInvitation.init) else { return nil }
            if before == nil, invitation.invitee == book.me.username { return "\(username) invited you to '\(invitation.title)' in \(name)" }
            if invitation.status != "pending", before.flatMap(MemberInvitation.init)?.status == "pending" {
                return "\(invitation.invitee) \(invitation.status) '\(invitation.title)' in \(name)"
            }
            return nil
        case RecordType.member:
            guard let member = after.flatMap(Member.init) else { return nil }
            if before == nil { return "\(member.username) joined \(name)" }
            if !member.isActive, before.flatMap(Member.init)?.isActive == true { return "\(member.username) left or was removed from \(name)" }
            return nil
        default:
            return nil
        }
    }
}
