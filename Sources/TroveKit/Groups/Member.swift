import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// One member of a shared store, as read from a `member` record.
public struct Member: Sendable, Equatable {
    /// What a member may do; the owner sets what plain members may (see `GroupPermissions`).
    public enum Role: String, Sendable, CaseIterable, Comparable {
        case owner, admin, member

        public static func < (a: Role, b: Role) -> Bool { a.rank < b.rank }
        private var rank: Int { Self.allCases.firstIndex(of: self)! }
    }

    public var id: String
    public var username: String
    public var role: Role
    public var publicKey: SSHPublicKey?
    public var displayName: String?
    public var email: String?
    public var joinedAt: String?
    /// When they were removed or left; the record stays so that every peer keeps refusing their later commits.
    public var removedAt: String?
    /// The invitation they joined by, and the proof that they had its code.
    public var invitation: String?
    public var proof: String?
    /// The keys (`age1… <Ed25519 key>`) of this member's copies of the group, for which an encrypted hub's key
    /// file is sealed; when the member leaves or is removed, a new key epoch leaves them out.
    public var hubKeys: [String]

    public init?(_ value: JSONValue) {
        guard value["type"]?.stringValue == RecordType.member, let id = value["id"]?.stringValue,
              let username = value["username"]?.stringValue, let role = value["role"]?.stringValue.flatMap(Role.init)
        else { return nil }
        self.id = id
        self.username = username
        self.role = role
        publicKey = value["publicKey"]?.stringValue.flatMap { try? SSHPublicKey(line: $0) }
        displayName = value["displayName"]?.stringValue
        email = value["email"]?.stringValue
        joinedAt = value["joinedAt"]?.stringValue
        removedAt = value["removedAt"]?.stringValue
        invitation = value["invitation"]?.stringValue
        proof = value["proof"]?.stringValue
        hubKeys = value["hubKeys"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    public init?(_ record: Record) { self.init(record.value) }

    /// Whether the member still belongs to the group.
    public var isActive: Bool { removedAt == nil }

    /// The member record's id for a key: one record per key, so the same person joining twice is one member.
    public static func recordID(for key: SSHPublicKey) -> String {
        RecordID.derived(from: "member:" + key.line(), at: Date(timeIntervalSince1970: 1_767_225_600))
    }
}
