import Foundation
import TroveGit

/// A device of an encrypted hub, as `device list` shows it.
public struct HubDeviceInfo: Sendable, Equatable {
    public var code: String
    public var name: String
    public var isThisDevice: Bool
}

/// What adding an encrypted remote did: made a new hub (with its recovery phrase, to show once), or asked an
/// existing one to let this device in.
public enum EncryptedRemoteStart: Sendable, Equatable {
    case created(recoveryPhrase: String)
    case awaitingApproval(code: String)
    /// This device was enrolled in the hub already (a remote added again).
    case enrolled
}

extension Store {
    /// A sync compacts an encrypted hub by itself once it holds more packs than this: each push adds one, and a
    /// new device fetches, checks and decrypts every one of them.
    public static let encryptedHubCompactAfterPacks = 64

    /// The git config key marking a remote as an encrypted hub (libgit2 folds variable names to lowercase).
    static func encryptedConfigKey(_ remote: String) -> String { "remote.\(remote).troveencrypted" }

    /// Whether `remote` is an encrypted hub.
    public func isEncryptedRemote(_ remote: String) throws -> Bool {
        try repository.config().string(Self.encryptedConfigKey(remote)) == "true"
    }

    /// This device's code for encrypted hubs (its key is made on first use).
    public func deviceCode() throws -> String {
        try DeviceKey.loadOrCreate(gitDirectory: repository.gitDirectory).publicKey.code
    }

    /// The encrypted hub behind `remote`, or `nil` for a plain remote.
    func encryptedHub(_ remote: String) throws -> EncryptedHub? {
        guard try isEncryptedRemote(remote), let url = try repository.remotes().first(where: { $0.name == remote })?.url else { return nil }
        return try EncryptedHub(remote: remote, url: url, repository: repository, key: DeviceKey.loadOrCreate(gitDirectory: repository.gitDirectory))
    }

    /// Adds an encrypted remote: makes a new encrypted hub on an empty repository (with `create`, a new bare one
    /// at the path first), or, on an encrypted hub that exists, asks to join it.
    public func addEncryptedRemote(name: String, url: String, create: Bool = false, security: TransferSecurity = TransferSecurity())
        throws -> EncryptedRemoteStart {
        try addRemote(name: name, url: url, create: create)
        do {
            // A self-hosted https server's CA is kept as for a plain remote, so that later syncs trust it too.
            if let caFile = security.http.caFile { try repository.setCAFile(caFile, forURL: Self.location(of: url).url) }
            try repository.localConfig().set(Self.encryptedConfigKey(name), "true")
            let hub = try encryptedHub(name)!
            if try hub.fetchTip(security: security, progress: nil) != nil {
                do { try hub.fetch(security: security, progress: nil) } catch HubError.notEnrolled {
                    try hub.requestToJoin(security: security)
                    return .awaitingApproval(code: hub.key.publicKey.code)
                }
                return .enrolled
            }
            return .created(recoveryPhrase: try hub.create(deviceName: Self.deviceName, security: security))
        } catch {
            forgetEncryptedRemote(name)
            throw error
        }
    }

    /// Turns the plain remote `name` into an encrypted hub at `url`, a new one (with `create`, made at the path
    /// first); returns the plain hub's URL and the new hub's recovery phrase. The caller syncs to fill it.
    ///
    /// The plain hub is synced first, so that what other machines pushed to it comes along. It is left as it
    /// is: it still holds the store in the clear, and only its owner can erase it.
    public func encryptRemote(_ name: String, to url: String, create: Bool = false, security: TransferSecurity = TransferSecurity())
        throws -> (plainURL: String, recoveryPhrase: String) {
        guard let plain = try repository.remotes().first(where: { $0.name == name }) else { throw StoreError.unknownRemote(name) }
        guard try !isEncryptedRemote(name) else { throw HubError.alreadyEncrypted(remote: name) }
        _ = try sync(remote: name, security: security)
        // The remote's tracking refs go with it: the plain hub's main must not look pushed to the new hub.
        try repository.removeRemote(name: name)
        do {
            switch try addEncryptedRemote(name: name, url: url, create: create, security: security) {
            case .created(let phrase): return (plain.url, phrase)
            case .awaitingApproval, .enrolled: throw HubError.notEmptyForMigration(url: url)
            }
        } catch {
            if try repository.remotes().contains(where: { $0.name == name }) { forgetEncryptedRemote(name) }
            try repository.addRemote(name: name, url: plain.url)
            throw error
        }
    }

    /// Removes an encrypted remote this device failed to start with, and its copy of the hub.
    private func forgetEncryptedRemote(_ name: String) {
        try? removeRemote(name: name)
        try? FileManager.default.removeItem(atPath: repository.gitDirectory + "trove/hubs/" + name + ".git")
        try? FileManager.default.removeItem(atPath: repository.gitDirectory + "trove/hubs/" + name + ".json")
    }

    /// The one encrypted remote meant when none is named.
    public func encryptedRemote(named name: String?) throws -> String {
        if let name {
            guard try repository.remotes().contains(where: { $0.name == name }) else { throw StoreError.unknownRemote(name) }
            guard try isEncryptedRemote(name) else { throw HubError.notEncrypted(remote: name) }
            return name
        }
        let encrypted = try repository.remotes().map(\.name).filter { try isEncryptedRemote($0) }
        guard encrypted.count == 1 else {
            if encrypted.isEmpty { throw HubError.notEncrypted(remote: "no remote") }
            throw HubError.whichRemote(candidates: encrypted)
        }
        return encrypted[0]
    }

    /// Approves the device that asked to join with `code`.
    @discardableResult
    public func approveDevice(code: String, remote: String? = nil, security: TransferSecurity = TransferSecurity()) throws -> HubDeviceInfo {
        let hub = try encryptedHub(try encryptedRemote(named: remote))!
        let device = try hub.approve(code: code, security: security)
        return HubDeviceInfo(code: device.key.code, name: device.name, isThisDevice: false)
    }

    /// Removes a device: from now on nothing pushed to the hub opens with its key.
    @discardableResult
    public func removeDevice(code: String, remote: String? = nil, security: TransferSecurity = TransferSecurity()) throws -> HubDeviceInfo {
        let hub = try encryptedHub(try encryptedRemote(named: remote))!
        let device = try hub.remove(code: code, security: security)
        return HubDeviceInfo(code: device.key.code, name: device.name, isThisDevice: false)
    }

    /// Rewrites an encrypted hub as one pack (see `EncryptedHub.compact`).
    public func compactRemote(_ remote: String? = nil, security: TransferSecurity = TransferSecurity(),
                              progress: TransferProgress.Handler? = nil) throws -> HubCompaction {
        let name = try encryptedRemote(named: remote)
        let hub = try encryptedHub(name)!
        return try hub.compact(security: security, progress: progress)
    }

    /// Whether the hub at `url` is an encrypted one (one look at its branches).
    public static func isEncryptedHub(url: String, security: TransferSecurity = TransferSecurity()) throws -> Bool {
        try Repository.remoteReferences(url: location(of: url).url, security: security)[EncryptedHub.branch] != nil
    }

    /// Starts a clone of the encrypted hub at `url` in `path` without reaching the hub: the folder holds this
    /// device's key, whose public half (as `devicePublicKey` gives it) is returned, for a join request to name
    /// before it is sent (`clone(…, joinRequest:)` then resumes it).
    public static func startEncryptedClone(from url: String, to path: String) throws -> String {
        let path = normalized(path)
        if !isPendingEncryptedClone(path) {
            if FileManager.default.fileExists(atPath: path) { throw StoreError.folderNotEmpty(path: path) }
            try startEncryptedClone(from: location(of: url).url, at: path)
        }
        return try DeviceKey.loadOrCreate(gitDirectory: Repository(openingAt: path).gitDirectory).publicKey.text
    }

    /// This device's public keys for encrypted hubs as one line of text, as a group's member record publishes
    /// them (`age1… <Ed25519 key in base64>`).
    public func devicePublicKey() throws -> String {
        try DeviceKey.loadOrCreate(gitDirectory: repository.gitDirectory).publicKey.text
    }

    /// The device code of the public keys in `text` (as `devicePublicKey` writes them), or `nil` when it is not that.
    public static func deviceCode(ofPublicKey text: String) -> String? { HubPublicKey(text: text)?.code }

    /// The codes of the keys the newest manifest this device verified trusts: its devices and the recovery key (no
    /// network: as last synced).
    public func enrolledDeviceCodes(remote: String) throws -> Set<String> {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        return Set((hub.state?.signers ?? []).map(\.code))
    }

    /// Enrols the key an invitation's secret stands for, so that whoever has the secret can open the hub once
    /// (`Store.clone(…, invitationSecret:)`); returns its device code.
    @discardableResult
    public func enrolInvitation(secret: [UInt8], remote: String, security: TransferSecurity = TransferSecurity()) throws -> String {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        let invitation = HubKeyPair(invitationSecret: secret).publicKey
        try hub.enrol(HubDevice(name: "invitation", key: invitation), security: security)
        return invitation.code
    }

    /// Removes every device whose code is in `codes` (but this one) in one new key epoch; returns the codes removed.
    @discardableResult
    public func removeDevices(codes: Set<String>, remote: String, security: TransferSecurity = TransferSecurity()) throws -> [String] {
        guard let hub = try encryptedHub(remote) else { throw HubError.notEncrypted(remote: remote) }
        return try hub.remove(codes: codes, security: security).map(\.key.code)
    }

    /// The enrolled devices of an encrypted hub, and the devices waiting for approval.
    public func hubDevices(remote: String? = nil, security: TransferSecurity = TransferSecurity())
        throws -> (enrolled: [HubDeviceInfo], waiting: [HubDeviceInfo]) {
        let hub = try encryptedHub(try encryptedRemote(named: remote))!
        let me = hub.key.publicKey.code
        let (devices, requests) = try hub.members(security: security)
        let info = { (device: HubDevice) in HubDeviceInfo(code: device.key.code, name: device.name, isThisDevice: device.key.code == me) }
        return (devices.map(info), requests.map(info))
    }

    /// The name a device is listed under: the machine's host name.
    static var deviceName: String { ProcessInfo.processInfo.hostName }
}

extension Store {
    /// The empty store an encrypted clone starts as: `origin` is the hub, marked encrypted; no commit yet.
    private static func startEncryptedClone(from url: String, at path: String) throws {
        let repository = try Repository.create(at: path)
        try repository.addRemote(name: "origin", url: url)
        try repository.localConfig().set(encryptedConfigKey("origin"), "true")
    }

    /// Whether `path` holds a clone of an encrypted hub that waits for this device's approval.
    public static func isPendingClone(at path: String) -> Bool { isPendingEncryptedClone(normalized(path)) }

    /// Whether `path` holds a clone of an encrypted hub that waits for this device's approval.
    static func isPendingEncryptedClone(_ path: String) -> Bool {
        guard let repository = try? Repository(openingAt: path), (try? repository.headCommitID()) == nil else { return false }
        return (try? repository.config().string(encryptedConfigKey("origin"))) == "true"
    }

    /// Clones an encrypted hub: an empty store whose `origin` is the hub, then this device's enrolment (it
    /// is enrolled already, or the recovery phrase enrolls it, or it leaves a join request and the folder
    /// stays for the clone to be run again once approved), then a fetch that verifies and decrypts.
    static func cloneEncrypted(from url: String, to path: String, security: TransferSecurity, recoveryPhrase: String?,
                               invitationSecret: [UInt8]? = nil, joinRequest: HubJoinRequestMode = .ask(sealed: nil),
                               progress: TransferProgress.Handler?) throws -> Repository {
        let resuming = isPendingEncryptedClone(path)
        if !resuming { try startEncryptedClone(from: url, at: path) }
        let repository = try Repository(openingAt: path)
        do {
            let key = try DeviceKey.loadOrCreate(gitDirectory: repository.gitDirectory)
            let hub = try EncryptedHub(remote: "origin", url: url, repository: repository, key: key)
            guard let tip = try hub.fetchTip(security: security, progress: progress) else { throw HubError.notAnEncryptedHub(url: url) }
            do { _ = try hub.open(tip: tip) } catch HubError.notEnrolled {
                if let invitationSecret {
                    try hub.joinWithInvitation(HubKeyPair(invitationSecret: invitationSecret), device: key.publicKey, name: deviceName, security: security)
                } else if let recoveryPhrase {
                    try hub.joinWithRecovery(phrase: recoveryPhrase, device: key.publicKey, name: deviceName, security: security)
                } else {
                    if case .ask(let sealed) = joinRequest { try hub.requestToJoin(security: security, sealed: sealed) }
                    throw HubError.awaitingApproval(url: url, code: key.publicKey.code)
                }
            }
            try hub.fetch(security: security, progress: progress)
            guard let main = try repository.referenceTarget("refs/remotes/origin/main") else {
                throw StoreError.notARecord(path: url, reason: "is an encrypted hub that holds no store yet")
            }
            try repository.updateReference(Store.branch, to: main, expected: nil, force: true, message: "trove: clone \(url)")
        } catch HubError.awaitingApproval(let url, let code) {
            throw HubError.awaitingApproval(url: url, code: code)
        } catch {
            // A clone that never got in leaves nothing; one waiting for approval keeps its key and request.
            if !resuming { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        return repository
    }
}
