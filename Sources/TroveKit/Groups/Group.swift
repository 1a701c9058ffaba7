import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// One group, opened: its shared store and what the user may do there.
public struct Group {
    public let link: GroupLink
    public let store: Store
    public let book: GroupBook

    public var name: String { link.name }

    /// Every member, active ones first, then by role and name.
    public func members() throws -> [Member] {
        try store.records(ofType: RecordType.member).compactMap(Member.init).sorted {
            ($0.isActive ? 0 : 1, $0.role, $0.username) < ($1.isActive ? 0 : 1, $1.role, $1.username)
        }
    }

    /// The user's own member record, if they are an active member.
    public func me() throws -> Member? {
        try members().first { $0.publicKey == book.me.key && $0.isActive }
    }

    /// Where the user stands in the group, as this machine's copy has it.
    public enum Standing: String, Sendable, Equatable {
        /// An active member (`me()` gives the role).
        case member
        /// A member no more: removed by the owner or an admin, or left on another machine.
        case removed
        /// Asked to join; no one has answered yet.
        case asked
        /// Asked to join, and was refused.
        case refused
        /// Refused too often to ask again.
        case blocked
        /// None of these: listed here, but neither a member nor asking.
        case outside
    }

    /// The user's standing: a member, a removed one, or a requester waiting, refused or blocked.
    public func standing() throws -> Standing {
        let mine = try members().filter { $0.publicKey == book.me.key }
        if mine.contains(where: \.isActive) { return .member }
        if !mine.isEmpty { return .removed }
        guard let request = try store.record(id: JoinRequest.recordID(for: book.me.key))?.value else { return .outside }
        if request["blocked"]?.boolValue == true { return .blocked }
        switch request["status"]?.stringValue {
        case "pending": return .asked
        case "refused": return .refused
        default: return .outside
        }
    }

    /// What plain members may do, as the owner set it.
    public func permissions() throws -> GroupPermissions {
        GroupPermissions(try GroupBook.groupRecord(in: store))
    }

    /// The user's role, refusing when they are not a member or the role does not allow `action`.
    func require(_ action: GroupPermissions.Action?) throws -> Member {
        guard let me = try me() else { throw GroupError.notMember(group: name) }
        if let action, try !permissions().allows(action, for: me.role) {
            throw GroupError.notAllowed("the owner of \(name) lets only admins \(action.rawValue) there")
        }
        return me
    }

    /// Refuses unless the user is the owner.
    func requireOwner(_ what: String) throws -> Member {
        let me = try require(nil)
        guard me.role == .owner else { throw GroupError.notAllowed("only the owner of \(name) may \(what)") }
        return me
    }
}
