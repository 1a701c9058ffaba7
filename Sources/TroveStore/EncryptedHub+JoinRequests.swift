import Foundation
import TroveAge
import TroveGit
import TroveJSON

/// Whether a clone of an encrypted hub that this device may not read yet leaves a join request.
public enum HubJoinRequestMode: Sendable, Equatable {
    /// Leaves one (unless it is there already), with `sealed` words for the members when given.
    case ask(sealed: [UInt8]?)
    /// Only looks: a clone resumed to see whether the request was answered.
    case dontAsk
}

/// A join request on an encrypted hub, as an enrolled device reads it.
public struct HubJoinRequest: Sendable, Equatable {
    /// The asking device's code and public keys (`age1… <Ed25519 key>`).
    public var code: String
    public var publicKey: String
    /// What the request sealed for the members, opened; `nil` when it sealed nothing or it does not open.
    public var words: [UInt8]?
}

extension EncryptedHub {
    /// The most bytes a join request or an answer may have: anyone who can write to the hub can leave one, and
    /// an honest one is under 2 KB.
    static let largestRequest = 64 * 1024

    /// The join requests on the hub as this device last fetched or pushed it (a sync has just done so: no second
    /// trip to the hub), with the words they sealed opened by the hub's data keys.
    func joinRequests() throws -> [HubJoinRequest] {
        guard let tip = try shadow.referenceTarget(Self.shadowTracking) else { return [] }
        let hub = try open(tip: tip)
        guard hub.tree.entry(atPath: "requests")?.kind == .tree else { return [] }
        var requests: [HubJoinRequest] = []
        try shadow.walkFiles(in: hub.tree, under: "requests") { path, blob in
            guard path.hasSuffix(".json"), try shadow.blobSize(blob) <= Self.largestRequest,
                  let request = try? JSONValue(parsing: shadow.blob(blob)).objectValue,
                  let recipient = request["recipient"]?.stringValue.flatMap({ try? AgeRecipient(text: $0) }),
                  let verifying = request["verifying"]?.stringValue.flatMap({ HubManifest.unbase64(Substring($0)) }), verifying.count == 32
            else { return }
            let key = HubPublicKey(recipient: recipient, verifying: verifying)
            // The file's name is only a claim; a request whose name is not its keys' code is no request.
            guard path == File.request(key.code) else { return }
            let words = request["sealed"]?.stringValue.flatMap { HubManifest.unbase64(Substring($0)) }
                .flatMap { try? AgeFile.decrypt($0, with: hub.dataIdentities) }
            requests.append(HubJoinRequest(code: key.code, publicKey: key.text, words: words))
        }
        return requests
    }

    /// Takes the requests of `codes` off the hub (read and kept elsewhere, or not worth keeping).
    func dismissRequests(codes: Set<String>, security: TransferSecurity) throws {
        try update(security: security) { hub in
            let paths = codes.map(File.request).filter { hub.tree.entry(atPath: $0) != nil }
            guard !paths.isEmpty else { return nil }
            var manifest = hub.manifest
            manifest.sequence += 1
            return HubUpdate(manifest: manifest, removing: paths, message: "Take join requests in\n")
        }
    }

    /// Leaves an answer for the device `asking`, sealed for it alone.
    func leaveAnswer(_ answer: [UInt8], for asking: HubPublicKey, security: TransferSecurity) throws {
        let sealed = try AgeFile.encrypt(answer, to: [.x25519(asking.recipient)])
        try update(security: security) { hub in
            var manifest = hub.manifest
            manifest.sequence += 1
            return HubUpdate(manifest: manifest, files: [File.answer(asking.code): sealed], message: "Answer a join request\n")
        }
    }

    /// The answer left for this device on the hub as last fetched, opened; `nil` when there is none.
    ///
    /// Nothing signs it that this device could check (it can read nothing else on the hub): whoever can write
    /// to the hub could leave one. It only ever says the request was refused.
    func answerForThisDevice() throws -> [UInt8]? {
        guard let tip = try shadow.referenceTarget(Self.shadowTracking),
              let entry = try shadow.tree(ofCommit: tip).entry(atPath: File.answer(key.publicKey.code)),
              try shadow.blobSize(entry.id) <= Self.largestRequest else { return nil }
        return try? AgeFile.decrypt(try shadow.blob(entry.id), with: [.x25519(key.identity)])
    }
}

extension Store {
    /// The join requests waiting on the encrypted hub `remote`, as the last sync with it found them.
    public func hubJoinRequests(remote: String) throws -> [HubJoinRequest] {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        return try hub.joinRequests()
    }

    /// Takes the join requests of `codes` off the encrypted hub `remote`.
    public func dismissHubJoinRequests(codes: Set<String>, remote: String, security: TransferSecurity = TransferSecurity()) throws {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        try hub.dismissRequests(codes: codes, security: security)
    }

    /// Enrols the device whose public keys are `publicKey` (as `devicePublicKey` writes them) in the hub `remote`.
    public func enrolDevice(publicKey: String, name: String, remote: String, security: TransferSecurity = TransferSecurity()) throws {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        guard let key = HubPublicKey(text: publicKey) else { throw HubError.noSuchRequest(code: publicKey) }
        try hub.enrol(HubDevice(name: name, key: key), security: security)
    }

    /// Leaves `answer` on the hub `remote` for the device whose public keys are `publicKey`, sealed for it alone.
    public func answerHubJoinRequest(publicKey: String, answer: [UInt8], remote: String, security: TransferSecurity = TransferSecurity()) throws {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        guard let key = HubPublicKey(text: publicKey) else { throw HubError.noSuchRequest(code: publicKey) }
        try hub.leaveAnswer(answer, for: key, security: security)
    }

    /// The answer an enrolled device left for the clone waiting at `path` (see `clone(…, joinRequest: .dontAsk)`,
    /// which fetches the hub first), opened; `nil` when there is none.
    public static func joinAnswer(atPendingClone path: String) throws -> [UInt8]? {
        let repository = try Repository(openingAt: normalized(path))
        guard let url = try repository.remotes().first(where: { $0.name == "origin" })?.url else { return nil }
        let hub = try EncryptedHub(remote: "origin", url: url, repository: repository, key: DeviceKey.loadOrCreate(gitDirectory: repository.gitDirectory))
        return try hub.answerForThisDevice()
    }
}
