import TroveJSON
import TroveStore

/// Who belongs to a shared store at one state, and what they may do there.
struct Roster {
    var members: [Member] = []
    var permissions = GroupPermissions()
    var storeID = ""
    /// Invitation and join-request records, by id.
    var invitations: [String: JSONValue] = [:]

    init(_ state: StoreState) throws {
        for file in try state.files(under: "members") {
            if let member = (try? JSONValue(parsing: file.bytes)).flatMap(Member.init) { members.append(member) }
        }
        if let group = try state.files(under: "groups").first {
            permissions = GroupPermissions(try? JSONValue(parsing: group.bytes))
        }
        for file in try state.files(under: "invitations") {
            if let value = try? JSONValue(parsing: file.bytes), let id = value["id"]?.stringValue { invitations[id] = value }
        }
        storeID = try state.bytes(at: "trove.json").flatMap { try? JSONValue(parsing: $0) }?["storeId"]?.stringValue ?? ""
    }

    /// The active member with `key`.
    func active(_ key: SSHPublicKey) -> Member? {
        members.first { $0.publicKey == key && $0.isActive }
    }

    /// The member record with `key`, active or removed.
    func member(_ key: SSHPublicKey) -> Member? {
        members.first { $0.publicKey == key }
    }

    /// Whether the person asking in `request` was refused often enough to be blocked (`JoinRequest.isBlocked`).
    func blocks(_ request: JSONValue) -> Bool {
        JoinRequest.isBlocked(request, among: Array(invitations.values))
    }
}
