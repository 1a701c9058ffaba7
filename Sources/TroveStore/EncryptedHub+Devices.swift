import Foundation
import TroveAge
import TroveGit
import TroveJSON

extension EncryptedHub {
    /// Makes a new encrypted hub on an empty repository, with this device as its one member; returns the
    /// recovery phrase, which nothing keeps but the hub's `recovery.age` sealed with it.
    func create(deviceName: String, security: TransferSecurity) throws -> String {
        let recovery = HubKeyPair()
        let phrase = RecoveryPhrase.make()
        let recoveryText = "# Trove encrypted hub: the recovery key (an age identity).\n" + recovery.identity.text + "\n"
        let recoveryFile = try AgeFile.encrypt(Array(recoveryText.utf8), to: [.passphrase(phrase, logN: RecoveryPhrase.logN)])
        let dataKey = AgeIdentity()
        let device = HubDevice(name: deviceName, key: key.publicKey)
        let keys = try Self.keysFile([dataKey], devices: [device], recovery: recovery.publicKey)
        let manifest = HubManifest(sequence: 1, refs: [:], packs: [], devices: [device], epochs: [dataKey.recipient],
                                   recovery: recovery.publicKey, keysSHA256: Self.sha256(keys), recoverySHA256: Self.sha256(recoveryFile))
        let readme = """
            This git repository is an encrypted Trove hub. Everything in it is an age file (https://age-encryption.org/v1)
            that only the devices enrolled in the hub, or the hub's recovery phrase, can open; the format is
            described in Trove's Formats/encrypted-hub.md.

            """
        try write(HubUpdate(manifest: manifest, files: [File.keys: keys, File.recovery: recoveryFile, File.readme: Array(readme.utf8)],
                            message: "New encrypted hub\n"), over: nil, security: security)
        return phrase
    }

    /// Leaves a join request (this device's public keys, in plain) on the hub for an enrolled device to approve.
    ///
    /// Anyone who can write to the hub could leave one: the approver compares the code, which hashes both keys.
    /// The request carries no name (the hub would read it); the device names itself in its first manifest.
    ///
    /// `sealed`, when given, goes along encrypted for the hub's current data key (`requests/recipient`): what a
    /// group's requester says of themselves, for members only.
    func requestToJoin(security: TransferSecurity, sealed: [UInt8]? = nil) throws {
        var request: JSONValue = ["recipient": .string(key.publicKey.recipient.text), "verifying": .string(HubManifest.base64(key.publicKey.verifying))]
        let path = File.request(key.publicKey.code)
        for attempt in 1...5 {
            guard let tip = try fetchTip(security: security, progress: nil) else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
            let tree = try shadow.tree(ofCommit: tip)
            if tree.entry(atPath: path) != nil { return }
            if let sealed {
                guard let entry = tree.entry(atPath: File.requestRecipient),
                      let recipient = try? AgeRecipient(text: String(decoding: try shadow.blob(entry.id), as: UTF8.self)
                          .trimmingCharacters(in: .whitespacesAndNewlines)) else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
                request["sealed"] = .string(HubManifest.base64(try AgeFile.encrypt(sealed, to: [.x25519(recipient)])))
            }
            do {
                try commitAndPush([.upsert(path: path, blob: try shadow.writeBlob(CanonicalJSON.encode(request)))], onto: (tip, tree),
                                  message: "Join request\n", security: security)
                return
            } catch let error as GitError where error.isConflict && attempt < 5 {
                continue
            } catch TransferError.rejected where attempt < 5 {
                continue
            }
        }
    }

    /// Enrolls the device whose join request has `code`: its key joins the manifest's devices and the key file
    /// is sealed for it too, so it reads everything, old packs included.
    func approve(code typed: String, security: TransferSecurity) throws -> HubDevice {
        let code = HubPublicKey.normalizedCode(typed)
        var approved: HubDevice?
        try update(security: security) { hub in
            if hub.manifest.devices.contains(where: { $0.key.code == code }) { throw HubError.alreadyEnrolled(code: code) }
            guard let entry = hub.tree.entry(atPath: File.request(code)),
                  let request = try? JSONValue(parsing: shadow.blob(entry.id)).objectValue,
                  let recipient = request["recipient"]?.stringValue.flatMap({ try? AgeRecipient(text: $0) }),
                  let verifying = request["verifying"]?.stringValue.flatMap({ HubManifest.unbase64(Substring($0)) }), verifying.count == 32
            else { throw HubError.noSuchRequest(code: code) }
            let device = HubDevice(name: request["name"]?.stringValue ?? "", key: HubPublicKey(recipient: recipient, verifying: verifying))
            // The file's name is only a claim: the code must hash the keys inside.
            guard device.key.code == code else { throw HubError.noSuchRequest(code: code) }
            var manifest = hub.manifest
            manifest.sequence += 1
            manifest.devices.append(device)
            let keys = try Self.keysFile(hub.dataKeys, devices: manifest.devices, recovery: manifest.recovery)
            manifest.keysSHA256 = Self.sha256(keys)
            approved = device
            return HubUpdate(manifest: manifest, files: [File.keys: keys], removing: [File.request(code)],
                             message: "Approve a device\n")
        }
        return approved!
    }

    /// Removes a device: a new epoch starts, whose data key is sealed for the remaining devices only. What the
    /// removed device fetched before, it keeps; nothing pushed from now on opens with the keys it has.
    func remove(code typed: String, security: TransferSecurity) throws -> HubDevice {
        let code = HubPublicKey.normalizedCode(typed)
        guard code != key.publicKey.code else { throw HubError.cannotRemoveSelf }
        guard let removed = try remove(codes: [code], security: security).first else { throw HubError.noSuchDevice(code: code) }
        return removed
    }

    /// Removes every enrolled device whose code is in `codes` (this device's excepted) in one new epoch; returns
    /// those removed, none when none of them was enrolled (and then the hub is left as it was).
    func remove(codes: Set<String>, security: TransferSecurity) throws -> [HubDevice] {
        var removed: [HubDevice] = []
        try update(security: security) { hub in
            removed = hub.manifest.devices.filter { codes.contains($0.key.code) && $0.key != key.publicKey }
            guard !removed.isEmpty else { return nil }
            var manifest = hub.manifest
            manifest.sequence += 1
            manifest.devices.removeAll { removed.contains($0) }
            let epochKey = AgeIdentity()
            manifest.epochs.append(epochKey.recipient)
            let keys = try Self.keysFile([epochKey] + hub.dataKeys, devices: manifest.devices, recovery: manifest.recovery)
            manifest.keysSHA256 = Self.sha256(keys)
            return HubUpdate(manifest: manifest, files: [File.keys: keys], message: "Remove a device\n")
        }
        return removed
    }

    /// Enrols a key no device asked for: one this device made for someone else to start with (an invitation's).
    func enrol(_ device: HubDevice, security: TransferSecurity) throws {
        try update(security: security) { hub in
            if hub.manifest.devices.contains(where: { $0.key == device.key }) { return nil }
            var manifest = hub.manifest
            manifest.sequence += 1
            manifest.devices.append(device)
            let keys = try Self.keysFile(hub.dataKeys, devices: manifest.devices, recovery: manifest.recovery)
            manifest.keysSHA256 = Self.sha256(keys)
            return HubUpdate(manifest: manifest, files: [File.keys: keys], message: "Approve a device\n")
        }
    }

    /// The enrolled devices and the pending join requests, as the newest verified manifest and the hub's tree say.
    func members(security: TransferSecurity) throws -> (devices: [HubDevice], requests: [HubDevice]) {
        guard let tip = try fetchTip(security: security, progress: nil) else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
        let hub = try open(tip: tip)
        var requests: [HubDevice] = []
        if let folder = hub.tree.entry(atPath: "requests"), folder.kind == .tree {
            try shadow.walkFiles(in: hub.tree, under: "requests") { _, blob in
                guard let request = try? JSONValue(parsing: shadow.blob(blob)).objectValue,
                      let recipient = request["recipient"]?.stringValue.flatMap({ try? AgeRecipient(text: $0) }),
                      let verifying = request["verifying"]?.stringValue.flatMap({ HubManifest.unbase64(Substring($0)) }) else { return }
                requests.append(HubDevice(name: request["name"]?.stringValue ?? "", key: HubPublicKey(recipient: recipient, verifying: verifying)))
            }
        }
        return (hub.manifest.devices, requests)
    }
}

/// Enrolment by a key the hub already trusts: the recovery key (the phrase opens `recovery.age`, whose key opens
/// the key file and signs the manifest that adds this device), or an invitation's key (derived from its code),
/// which gives way to this device's own key in the same manifest.
extension EncryptedHub {
    func joinWithRecovery(phrase typed: String, device: HubPublicKey, name: String, security: TransferSecurity) throws {
        let phrase = try RecoveryPhrase.normalized(typed)
        guard let tip = try fetchTip(security: security, progress: nil) else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
        guard let entry = try shadow.tree(ofCommit: tip).entry(atPath: File.recovery) else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
        let recoveryText: [UInt8]
        do { recoveryText = try AgeFile.decrypt(try shadow.blob(entry.id), with: [.passphrase(phrase)]) } catch AgeError.noMatchingIdentity {
            throw HubError.wrongRecoveryPhrase
        } catch {
            throw HubError.keyFileReplaced(remote: remote, file: File.recovery)
        }
        guard let identity = try? AgeIdentity.parseFile(String(decoding: recoveryText, as: UTF8.self)).first else {
            throw HubError.keyFileReplaced(remote: remote, file: File.recovery)
        }
        let recovery = HubKeyPair(identity: identity)
        try join(as: recovery, device: device, name: name, security: security) { manifest in
            // The phrase is the anchor here: the manifest must name this very recovery key.
            guard manifest.recovery == recovery.publicKey else { throw HubError.keyFileReplaced(remote: remote, file: File.recovery) }
        }
    }

    /// Enrols `device` by an invitation's key, which leaves the hub's devices in the same manifest: a code opens
    /// the hub once. The first manifest read is trusted as the inviter's (the code came from them, not the hub).
    ///
    /// A new key epoch starts with it: the key files of the hub's history that the invitation's key opens hold
    /// only older data keys, so a code that leaks after its use opens nothing written from then on.
    func joinWithInvitation(_ invitation: HubKeyPair, device: HubPublicKey, name: String, security: TransferSecurity) throws {
        do {
            try join(as: invitation, device: device, name: name, newEpoch: true, security: security) { manifest in
                guard manifest.devices.contains(where: { $0.key == invitation.publicKey }) else { throw HubError.invitationUsed }
            }
        } catch HubError.notEnrolled {
            throw HubError.invitationUsed
        }
    }

    /// Signs, as `enrolled`, the manifest that adds `device` (and drops `enrolled` itself unless it is the recovery key).
    private func join(as enrolled: HubKeyPair, device: HubPublicKey, name: String, newEpoch: Bool = false, security: TransferSecurity,
                      check: (HubManifest) throws -> Void) throws {
        let hub = try EncryptedHub(remote: remote, url: try shadowURL(), repository: repository, key: enrolled)
        try hub.update(security: security) { opened in
            try check(opened.manifest)
            var manifest = opened.manifest
            manifest.sequence += 1
            manifest.devices.removeAll { $0.key == device || ($0.key == enrolled.publicKey && enrolled.publicKey != manifest.recovery) }
            manifest.devices.append(HubDevice(name: name, key: device))
            var dataKeys = opened.dataKeys
            if newEpoch {
                let epochKey = AgeIdentity()
                manifest.epochs.append(epochKey.recipient)
                dataKeys.insert(epochKey, at: 0)
            }
            let keys = try Self.keysFile(dataKeys, devices: manifest.devices, recovery: manifest.recovery)
            manifest.keysSHA256 = Self.sha256(keys)
            return HubUpdate(manifest: manifest, files: [File.keys: keys],
                             removing: [File.request(device.code)].filter { opened.tree.entry(atPath: $0) != nil },
                             message: "Approve a device\n")
        }
    }
}
