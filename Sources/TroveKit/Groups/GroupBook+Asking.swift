import Crypto
import Foundation
import TroveGit
import TroveJSON
import TroveSchema
import TroveStore
import TroveSystem

/// A request to join an encrypted group, waiting on this machine: the clone that will open the hub once a
/// member accepts (`.git/trove/groups/.asked-…`).
public struct PendingAsk: Sendable, Equatable {
    public var hub: String
    public var folder: String
}

/// What became of a request to join an encrypted group.
public enum AskAnswer {
    case waiting
    case refused(blocked: Bool)
    case accepted(Group)
}

/// Asking to join a group whose hub is encrypted: the requester can read nothing there, so the request is a file
/// on the hub whose words (who asks, their keys, a message) are sealed for the members and signed with the
/// requester's key. A member who may answer requests takes it into the group's store at their next sync, where
/// it is answered as any request; a refusal is left on the hub sealed for the asking device, and an acceptance
/// enrols that device, so that the waiting clone opens.
extension GroupBook {
    /// The prefix of the signed text of a request's words, so that no other signature of the same key passes for one.
    static let askHeader = "trove-join-request 1\n"

    func askFolder(_ hub: String) -> String {
        folder(of: ".asked-" + SHA256.hash(data: Array(hub.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined())
    }

    /// Leaves a request to join on the encrypted hub `hub`.
    func askEncrypted(hub: String, message: String?) throws {
        let folder = askFolder(hub)
        // The folder goes when the request is answered (or when sending it failed).
        if FileManager.default.fileExists(atPath: folder) { throw GroupError.requestPending(group: hub) }
        try ask(hub: hub, from: folder, message: message)
    }

    /// Starts a clone of the encrypted hub `hub` in `folder` and leaves a request, signed and sealed, for it.
    func ask(hub: String, from folder: String, message: String?) throws {
        try FileManager.default.createDirectory(atPath: FilePath.folder(of: folder), withIntermediateDirectories: true)
        let hubKey = try Store.startEncryptedClone(from: hub, to: folder)
        var words: [String: JSONValue] = ["username": .string(me.username), "requesterKey": .string(me.key.line()), "hubKey": .string(hubKey)]
        if let email = me.email { words["email"] = .string(email) }
        if let message, !message.isEmpty { words["message"] = .string(message) }
        let signed = Self.askHeader + String(decoding: CanonicalJSON.encode(.object(words)), as: UTF8.self)
        let sealed: JSONValue = ["words": .string(signed), "signature": .string(try signer.signature(for: signed))]
        do {
            _ = try Store.clone(from: hub, to: folder, joinRequest: .ask(sealed: CanonicalJSON.encode(sealed)))
            throw GroupError.alreadyMember(group: hub)  // enrolled already: this machine's copy was made some other way
        } catch HubError.awaitingApproval {
            return
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// The requests to join encrypted groups that wait on this machine.
    public func pendingAsks() throws -> [PendingAsk] {
        let groups = LocalFile.path("groups", ofStoreAt: personal.path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: groups)) ?? []
        return names.filter { $0.hasPrefix(".asked-") }.sorted().compactMap { name in
            let folder = groups + "/" + name
            guard let url = try? Repository(openingAt: folder).remotes().first(where: { $0.name == GroupBook.hubRemote })?.url else { return nil }
            return PendingAsk(hub: url, folder: folder)
        }
    }

    /// Looks whether a request was answered: an accepted one opens the group (cloned, reviewed and listed), a
    /// refused one is forgotten here (asking again is allowed until the third refusal).
    public func check(_ ask: PendingAsk) throws -> AskAnswer {
        let store: Store
        do {
            store = try Store.clone(from: ask.hub, to: ask.folder, joinRequest: .dontAsk)
        } catch HubError.awaitingApproval {
            guard let answer = try Store.joinAnswer(atPendingClone: ask.folder).flatMap({ try? JSONValue(parsing: $0) }),
                  answer["status"]?.stringValue == "refused" else { return .waiting }
            try? FileManager.default.removeItem(atPath: ask.folder)
            return .refused(blocked: answer["blocked"]?.boolValue == true)
        }
        store.commitSigner = signer
        do {
            guard try store.isShared() else { throw GroupError.notAGroupHub(ask.hub) }
            try store.reviewCloned(with: MembershipPolicy())
            let group = try Self.groupRecord(in: store)
            guard let id = group["id"]?.stringValue else { throw GroupError.notAGroupHub(ask.hub) }
            let storeID = try store.metadata()["storeId"]?.stringValue
            let folder = folder(of: id)
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.moveItem(atPath: ask.folder, toPath: folder)
            if (try? link(named: id)) == nil {
                try list(id: id, name: group["name"]?.stringValue ?? ask.hub, hub: ask.hub, storeID: storeID)
            }
            return .accepted(try open(link(named: id)))
        } catch {
            try? FileManager.default.removeItem(atPath: ask.folder)
            throw error
        }
    }
}

/// A request's words as a member reads them off the hub, checked: signed by the key they name, for the device that asked.
struct HubAsk {
    var fields: [String: JSONValue]
    var key: SSHPublicKey
    var hubKey: String

    init?(_ request: HubJoinRequest) {
        guard let words = request.words, let sealed = try? JSONValue(parsing: words),
              let signed = sealed["words"]?.stringValue, signed.hasPrefix(GroupBook.askHeader),
              let armoured = sealed["signature"]?.stringValue,
              let fields = try? JSONValue(parsing: Array(signed.utf8.dropFirst(GroupBook.askHeader.utf8.count))).objectValue,
              let key = fields["requesterKey"]?.stringValue.flatMap({ try? SSHPublicKey(line: $0) }),
              let signature = try? SSHSignature(armoured: armoured), signature.publicKey == key,
              signature.isValid(for: Array(signed.utf8)),
              // The device that asked is the one the signed words name: no one else's request passes for it.
              fields["hubKey"]?.stringValue == request.publicKey,
              fields["username"]?.stringValue != nil
        else { return nil }
        self.fields = fields
        self.key = key
        hubKey = request.publicKey
    }
}

extension Group {
    /// Takes the join requests waiting on an encrypted hub into the group's store, where they are answered as any
    /// request, and off the hub; a blocked requester gets their answer at once. Only those who may answer requests
    /// take others' in. Returns the notices for the user.
    ///
    /// A request signed by a member's own key is from another machine of theirs: any member enrols it, and that
    /// machine adds its key to the member's record once it opens the group (see `GroupBook.open`).
    func takeInHubRequests() throws -> [String] {
        guard isEncrypted, let me = try me() else { return [] }
        // The sync that calls this has just fetched the hub.
        let waiting = try store.hubJoinRequests(remote: GroupBook.hubRemote)
        guard !waiting.isEmpty else { return [] }
        let mayAnswer = try permissions().allows(.invite, for: me.role)
        let members = try self.members()
        let known = try store.records(ofType: RecordType.invitation).map(\.value)
        var blocked: [String] = [], notices: [String] = [], handled: Set<String> = []
        for request in waiting {
            let ask = HubAsk(request)
            if let ask, let member = members.first(where: { $0.publicKey == ask.key && $0.isActive }) {
                try store.enrolDevice(publicKey: ask.hubKey, name: member.username, remote: GroupBook.hubRemote)
                handled.insert(request.code)
                continue
            }
            // The rest is for those who answer requests; one that is no request (unsigned, forged) goes too.
            guard mayAnswer else { continue }
            handled.insert(request.code)
            guard let ask else { continue }
            let id = JoinRequest.recordID(for: ask.key)
            let earlier = try store.record(id: id)?.value
            let asking: JSONValue = ["requesterKey": .string(ask.key.line()), "invitee": ask.fields["username"] ?? .null, "email": ask.fields["email"] ?? .null]
            if earlier?["blocked"]?.boolValue == true || JoinRequest.isBlocked(asking, among: known) {
                blocked.append(ask.hubKey)
                continue
            }
            if earlier?["status"]?.stringValue == "pending", earlier?["hubKey"]?.stringValue == ask.hubKey { continue }
            var fields: [String: JSONValue] = [
                "id": .string(id), "groupId": .string(link.id), "invitee": ask.fields["username"]!, "requesterKey": .string(ask.key.line()),
                "status": "pending", "role": "member", "refusals": earlier?["refusals"] ?? .integer(0), "hubKey": .string(ask.hubKey),
            ]
            if let email = ask.fields["email"], email.stringValue != nil { fields["email"] = email }
            if let message = ask.fields["message"], message.stringValue != nil { fields["message"] = message }
            // One commit each: a request the invitation schema refuses (a name too long, a message of 20,000
            // characters), left by anyone who can write to the hub, is dropped alone and blocks no sync.
            do {
                try store.transaction(message: "Take in a request to join \(name)") { transaction in
                    _ = try transaction.put(.object(fields), type: RecordType.invitation)
                }
            } catch let error as StoreError {
                guard case .invalidRecord = error else { throw error }
                continue
            }
            let words = ask.fields["message"]?.stringValue.map { ": \"\($0)\"" } ?? ""
            notices.append("\(ask.fields["username"]?.stringValue ?? "someone") asks to join \(name)\(words)")
        }
        for hubKey in blocked { try answerOnHub(hubKey, refused: true, blocked: true) }
        if !handled.isEmpty { try store.dismissHubJoinRequests(codes: handled, remote: GroupBook.hubRemote) }
        return notices
    }

    /// Leaves a refusal on the hub for the device `hubKey`, sealed for it.
    func answerOnHub(_ hubKey: String, refused: Bool, blocked: Bool) throws {
        let answer: JSONValue = ["status": refused ? "refused" : "accepted", "blocked": .bool(blocked)]
        try store.answerHubJoinRequest(publicKey: hubKey, answer: CanonicalJSON.encode(answer), remote: GroupBook.hubRemote)
    }
}
