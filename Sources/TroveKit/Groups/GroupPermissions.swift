import TroveJSON

/// What plain members of a group may do; the owner and admins may always do all of it.
public struct GroupPermissions: Sendable, Equatable {
    public var membersCanPost = true
    public var membersCanInvite = false
    public var membersCanSchedule = true
    public var membersCanShareLinks = true

    public init() {}

    /// The permissions a `group` record sets, the defaults for what it leaves out.
    public init(_ value: JSONValue?) {
        let given = value?["permissions"]
        membersCanPost = given?["membersCanPost"]?.boolValue ?? membersCanPost
        membersCanInvite = given?["membersCanInvite"]?.boolValue ?? membersCanInvite
        membersCanSchedule = given?["membersCanSchedule"]?.boolValue ?? membersCanSchedule
        membersCanShareLinks = given?["membersCanShareLinks"]?.boolValue ?? membersCanShareLinks
    }

    /// The record's `permissions` object.
    public var json: JSONValue {
        ["membersCanPost": .bool(membersCanPost), "membersCanInvite": .bool(membersCanInvite),
         "membersCanSchedule": .bool(membersCanSchedule), "membersCanShareLinks": .bool(membersCanShareLinks)]
    }

    /// Things a member may be allowed to do.
    public enum Action: String, Sendable {
        case post, invite, schedule, shareLinks = "share links"
    }

    /// Whether someone with `role` may do `action`. Each is set on its own: a group where members may not chat
    /// may still let them schedule meetings or share links (`--post no` used to turn those off too, and a
    /// `--schedule yes` given with it was ignored).
    public func allows(_ action: Action, for role: Member.Role) -> Bool {
        if role != .member { return true }
        switch action {
        case .post: return membersCanPost
        case .invite: return membersCanInvite
        case .schedule: return membersCanSchedule
        case .shareLinks: return membersCanShareLinks
        }
    }
}
