import Foundation
import TroveJSON
import TroveStore

/// One group, opened: its shared store and what the user may do there.
public struct Group {
    public let link: GroupLink
    public let store: Store
    public let book: GroupBook

    public var name: String { link.name }

    /// Every member, active ones first, then by role and name.
    public func members() throws -> [Member] {
        try store.records(ofType: "member").compactMap(Member.init).sorted {
            ($0.isActive ? 0 : 1, $0.role, $0.username) < ($1.isActive ? 0 : 1, $1.role, $1.username)
        }
    }

    /// The user's own member record, if they are an active member.
    public func me() throws -> Member? {
        try members().first { $0.publicKey == book.me.key && $0.isActive }
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
