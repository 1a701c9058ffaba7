import Foundation
import TroveJSON
import TroveSchema
import TroveStore

extension GroupBook {
    /// The remote every group clone syncs through.
    static let hubRemote = "origin"

    /// Founds a group: a new shared store with the user as its owner, pushed to a new hub.
    ///
    /// An `encrypted` hub holds only ciphertext that members' copies open (see `Formats/encrypted-hub.md`); its
    /// recovery phrase is returned, to show once.
    public func create(name: String, hub: String, encrypted: Bool) throws -> (group: Group, recoveryPhrase: String?) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw GroupError.blankName }
        let id = RecordID.make()
        let folder = folder(of: id)
        let store = try Store.create(at: folder, kind: .shared)
        store.commitSigner = signer
        var phrase: String?
        do {
            let keys: [String: JSONValue] = encrypted ? ["hubKeys": [.string(try store.devicePublicKey())]] : [:]
            try store.transaction(message: "Found group \(name)") { transaction in
                _ = try transaction.put(["id": .string(id), "name": .string(name), "owner": .string(me.username),
                                         "permissions": GroupPermissions().json], type: RecordType.group)
                _ = try transaction.put(memberFields(role: .owner, extra: keys), type: RecordType.member)
            }
            do {
                if encrypted {
                    guard case .created(let recoveryPhrase) = try store.addEncryptedRemote(name: Self.hubRemote, url: hub, create: true) else {
                        throw GroupError.hubNotEmpty(hub)
                    }
                    phrase = recoveryPhrase
                } else {
                    try store.addRemote(name: Self.hubRemote, url: hub, create: true)
                }
            } catch StoreError.folderNotEmpty {
                throw GroupError.hubNotEmpty(hub)
            }
            _ = try store.sync(remote: Self.hubRemote, review: MembershipPolicy())
            try list(id: id, name: name, hub: hub, storeID: try store.metadata()["storeId"]?.stringValue)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        return (try open(link(named: id)), phrase)
    }

    /// Joins a group by an invitation code: clones its hub, proves the code, and pushes a signed join.
    public func join(hub: String, code typed: String) throws -> Group {
        guard let code = InvitationCode(typed: typed) else { throw GroupError.badCode }
        let staging = folder(of: ".join-\(getpid())")
        try? FileManager.default.removeItem(atPath: staging)
        let store = try cloneReviewed(from: hub, to: staging, invitationSecret: code.hubSecret)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let group = try Self.groupRecord(in: store)
        let name = group["name"]?.stringValue ?? hub
        let invitations = try store.records(ofType: RecordType.invitation).filter { $0.value["codeKey"]?.stringValue.flatMap { try? SSHPublicKey(line: $0) } == code.digest }
        guard let invitation = invitations.first else { throw GroupError.codeMatchesNothing(group: name) }
        guard invitation.value["usedBy"] == nil, invitation.value["status"]?.stringValue == "pending" else { throw GroupError.codeUsed(group: name) }
        if try store.records(ofType: RecordType.member).compactMap(Member.init).contains(where: { $0.publicKey == me.key && $0.isActive }) {
            throw GroupError.alreadyMember(group: name)
        }
        let storeID = try store.metadata()["storeId"]?.stringValue ?? ""
        let role = Member.Role(rawValue: invitation.value["role"]?.stringValue ?? "member") ?? .member
        let proof = try code.proof(storeID: storeID, invitationID: invitation.id, joiner: me.key)
        var extra: [String: JSONValue] = ["invitation": .string(invitation.id), "proof": .string(proof)]
        if try store.isEncryptedRemote(Self.hubRemote) { extra["hubKeys"] = [.string(try store.devicePublicKey())] }
        try store.transaction(message: "Join \(name) as \(me.username)") { [extra] transaction in
            let member = try transaction.put(memberFields(role: role, extra: extra), type: RecordType.member)
            var used = invitation.value.objectValue ?? [:]
            used["usedBy"] = .string(member.id)
            used["status"] = "accepted"
            used["respondedAt"] = .string(Timestamp.string(Date()))
            _ = try transaction.put(.object(used), type: RecordType.invitation)
        }
        return try settle(store, from: staging, id: group["id"]?.stringValue ?? "", name: name, hub: hub)
    }

    /// Asks to join a group the user has no code for; the owner or an admin answers.
    ///
    /// - Returns: the group's copy, or `nil` for a group whose hub is encrypted: nothing opens there until a
    ///   member accepts (see `pendingAsks` and `check`).
    @discardableResult
    public func request(hub: String, message: String?) throws -> Group? {
        if try Store.isEncryptedHub(url: hub) {
            try askEncrypted(hub: hub, message: message)
            return nil
        }
        let staging = folder(of: ".request-\(getpid())")
        try? FileManager.default.removeItem(atPath: staging)
        let store = try cloneReviewed(from: hub, to: staging)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let group = try Self.groupRecord(in: store)
        let name = group["name"]?.stringValue ?? hub
        let members = try store.records(ofType: RecordType.member).compactMap(Member.init)
        if members.contains(where: { $0.publicKey == me.key && $0.isActive }) { throw GroupError.alreadyMember(group: name) }
        let id = JoinRequest.recordID(for: me.key)
        let earlier = try store.record(id: id)
        let asking: JSONValue = ["requesterKey": .string(me.key.line()), "invitee": .string(me.username), "email": me.email.map(JSONValue.string) ?? .null]
        let requests = try store.records(ofType: RecordType.invitation).map(\.value)
        if earlier?.value["blocked"]?.boolValue == true || JoinRequest.isBlocked(asking, among: requests) {
            throw GroupError.blocked(group: name)
        }
        if earlier?.value["status"]?.stringValue == "pending" { throw GroupError.requestPending(group: name) }
        var fields: [String: JSONValue] = [
            "id": .string(id), "groupId": group["id"] ?? .null, "invitee": .string(me.username),
            "requesterKey": .string(me.key.line()), "status": "pending", "role": "member",
            "refusals": earlier?.value["refusals"] ?? .integer(0),
        ]
        if let message, !message.isEmpty { fields["message"] = .string(message) }
        if let email = me.email { fields["email"] = .string(email) }
        try store.transaction(message: "Ask to join \(name)") { transaction in
            _ = try transaction.put(.object(fields), type: RecordType.invitation)
        }
        return try settle(store, from: staging, id: group["id"]?.stringValue ?? "", name: name, hub: hub)
    }

    /// Pushes what was done in a staging clone, moves the clone into place and lists the group.
    private func settle(_ store: Store, from staging: String, id: String, name: String, hub: String) throws -> Group {
        _ = try store.sync(remote: Self.hubRemote, review: MembershipPolicy())
        let folder = folder(of: id)
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.moveItem(atPath: staging, toPath: folder)
        if (try? link(named: id)) == nil {
            try list(id: id, name: name, hub: hub, storeID: try Store.open(at: folder).metadata()["storeId"]?.stringValue)
        }
        return try open(link(named: id))
    }

    /// The fields of the user's own member record.
    func memberFields(role: Member.Role, extra: [String: JSONValue]) -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(Member.recordID(for: me.key)), "username": .string(me.username), "role": .string(role.rawValue),
            "publicKey": .string(me.key.line()), "joinedAt": .string(Timestamp.string(Date())),
        ]
        if let email = me.email { fields["email"] = .string(email) }
        return .object(fields.merging(extra) { _, new in new })
    }

    static func groupRecord(in store: Store) throws -> JSONValue {
        guard let group = try store.records(ofType: RecordType.group).first else { throw GroupError.notAGroupHub(store.path) }
        return group.value
    }
}

/// Requests to join: invitation records that name the requester's key.
enum JoinRequest {
    /// One record per requester and group, so asking again updates it and refusals add up.
    static func recordID(for key: SSHPublicKey) -> String {
        RecordID.derived(from: "join-request:" + key.line(), at: Date(timeIntervalSince1970: 1_767_225_600))
    }

    /// Refusals after which a requester is blocked.
    static let refusalsToBlock = 3

    /// Whether the person asking in `request` is blocked by one of `requests`: a blocked request with the same key,
    /// or the same email or user name (ignoring case). A person, not only a key: a new key (`key init --force`)
    /// used to ask afresh. Both are what the requester says of themselves, so one who changes key, name and email
    /// at once is not recognised; the owner refuses them again.
    static func isBlocked(_ request: JSONValue, among requests: [JSONValue]) -> Bool {
        func same(_ field: String, _ other: JSONValue) -> Bool {
            guard let mine = request[field]?.stringValue?.lowercased(), !mine.isEmpty else { return false }
            return other[field]?.stringValue?.lowercased() == mine
        }
        return requests.contains { other in
            other["blocked"]?.boolValue == true && other["requesterKey"] != nil
                && (same("requesterKey", other) || same("email", other) || same("invitee", other))
        }
    }
}
