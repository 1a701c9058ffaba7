import Foundation
import TroveAge
import TroveGit

/// A new state of the hub to commit on top of the one read: the manifest, and files written or removed.
struct HubUpdate {
    var manifest: HubManifest
    var files: [String: [UInt8]] = [:]
    var removing: [String] = []
    var message: String
}

extension EncryptedHub {
    /// Pushes the store's `head` to the hub: one encrypted pack of what the hub's main lacks, and a new manifest.
    ///
    /// A hub that moved meanwhile rejects the push as a plain hub does (the caller fetches and merges again).
    func send(head: ObjectID, over hub: OpenedHub, security: TransferSecurity, progress: TransferProgress.Handler?) throws {
        var manifest = hub.manifest
        manifest.sequence += 1
        manifest.refs[Self.mainRef] = head
        // A device approved by code joined without a name (its request was plain text): it names itself, encrypted.
        if let mine = manifest.devices.firstIndex(where: { $0.key == key.publicKey }), manifest.devices[mine].name.isEmpty {
            manifest.devices[mine].name = Store.deviceName
        }
        var files: [String: [UInt8]] = [:]
        var newPack: String?
        let known = hub.manifest.refs.values.filter { repository.contains($0) }
        if let pack = try repository.pack(reachableFrom: [head], notFrom: Array(known)) {
            let sealed = try AgeFile.encrypt(pack, to: [.x25519(manifest.epochs.last!)])
            let hash = Self.sha256(sealed)
            let entry = HubPackEntry(file: "packs/\(hash).age", sha256: hash, size: sealed.count, epoch: manifest.currentEpoch)
            manifest.packs.append(entry)
            files[entry.file] = sealed
            newPack = hash
        }
        try write(HubUpdate(manifest: manifest, files: files, message: "Manifest \(manifest.sequence)\n"), over: hub,
                  security: security, progress: progress, indexed: newPack.map { [$0] } ?? [])
    }

    /// Commits `update` on top of `hub` (or as the first commit), pushes it, and remembers the new manifest.
    ///
    /// With `replacingHistory`, the commit has no parent and the push replaces the branch: what the update
    /// removes leaves the hub's history too (compaction).
    func write(_ update: HubUpdate, over hub: OpenedHub?, security: TransferSecurity, progress: TransferProgress.Handler? = nil,
               indexed: [String] = [], replacingHistory: Bool = false) throws {
        let plain = try update.manifest.signed(by: key)
        var changes: [TreeChange] = [.upsert(path: File.manifest,
                                             blob: try shadow.writeBlob(try AgeFile.encrypt(plain, to: [.x25519(update.manifest.epochs.last!)])))]
        for (path, bytes) in update.files.sorted(by: { $0.key < $1.key }) {
            changes.append(.upsert(path: path, blob: try shadow.writeBlob(bytes)))
        }
        changes += update.removing.map { .remove(path: $0) }
        // Kept beside the manifest, in plain, so that one asking to join can seal their words for the members.
        let recipient = try shadow.writeBlob(Array((update.manifest.epochs.last!.text + "\n").utf8))
        if hub?.tree.entry(atPath: File.requestRecipient)?.id != recipient { changes.append(.upsert(path: File.requestRecipient, blob: recipient)) }
        let commit = try commitAndPush(changes, onto: hub.map { ($0.tip, $0.tree) }, message: update.message, security: security, progress: progress,
                                       replacingHistory: replacingHistory)
        var state = self.state ?? HubState(sequence: 0, manifestSHA256: "", hubCommit: commit, signers: [], indexedPacks: [])
        state.sequence = update.manifest.sequence
        state.manifestSHA256 = Self.sha256(plain)
        state.hubCommit = commit
        state.signers = update.manifest.signers
        state.indexedPacks.formUnion(indexed)
        // Only after the hub took it: a device that remembered a manifest the hub never got would refuse the hub.
        try state.save(to: statePath)
    }

    /// Writes `changes` onto the hub's tree in a commit on top of its tip (with `replacingHistory`, in a commit
    /// of its own that replaces the branch), and pushes that commit as the branch.
    @discardableResult
    func commitAndPush(_ changes: [TreeChange], onto parent: (tip: ObjectID, tree: Tree)?, message: String, security: TransferSecurity,
                       progress: TransferProgress.Handler? = nil, replacingHistory: Bool = false) throws -> ObjectID {
        let tree = try shadow.writeTree(applying: changes, to: parent?.tree)
        let parents = replacingHistory ? [] : parent.map { [$0.tip] } ?? []
        let commit = try shadow.createCommit(tree: tree, parents: parents, author: Self.hubSignature,
                                             committer: Self.hubSignature, message: message)
        try shadow.updateReference(Self.branch, to: commit, expected: nil, force: true, message: "trove: to push")
        let refspec = (replacingHistory ? "+" : "") + "\(Self.branch):\(Self.branch)"
        try shadow.push(remote: Self.shadowRemote, refspecs: [refspec], security: security, progress: progress)
        try shadow.updateReference(Self.shadowTracking, to: commit, expected: nil, force: true, message: "trove: pushed")
        return commit
    }

    /// Runs `change` on the newest verified hub and writes what it returns, again on a fresh fetch when a peer
    /// pushed in between (device approvals and removals, which change no records). `change` returns `nil` when
    /// there is nothing to write.
    func update(security: TransferSecurity, attempts: Int = 5, _ change: (OpenedHub) throws -> HubUpdate?) throws {
        for attempt in 1...attempts {
            let hub = try open(tip: try fetchTip(security: security, progress: nil) ?? { throw HubError.notAnEncryptedHub(url: try shadowURL()) }())
            do {
                guard let update = try change(hub) else { return }
                try write(update, over: hub, security: security)
                return
            } catch let error as GitError where error.isConflict && attempt < attempts {
                continue
            } catch TransferError.rejected where attempt < attempts {
                continue
            }
        }
    }

    /// The hub's key file: every epoch's data key (an age identity file, newest first), sealed for each device and the recovery key.
    static func keysFile(_ dataKeys: [AgeIdentity], devices: [HubDevice], recovery: HubPublicKey) throws -> [UInt8] {
        let text = "# Trove encrypted hub: the data keys, newest epoch first.\n" + dataKeys.map { $0.text + "\n" }.joined()
        return try AgeFile.encrypt(Array(text.utf8), to: (devices.map(\.key) + [recovery]).map { .x25519($0.recipient) })
    }
}
