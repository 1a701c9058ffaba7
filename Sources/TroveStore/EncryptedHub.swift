import Crypto
import Foundation
import TroveAge
import TroveGit

/// One encrypted remote of a store: a hub that holds only age files in a git branch of its own.
///
/// The hub's branch is fetched into and pushed from a bare repository of its own under
/// `.git/trove/hubs/<remote>.git` (the "shadow"), never the store's: the store's object database
/// holds only plain objects, and the shadow keeps what the hub has, so a fetch transfers only new files.
/// Packs from the hub are verified against the signed manifest, decrypted and indexed into the store;
/// then `refs/remotes/<remote>/main` is set, and the store merges as it does with a plain hub.
final class EncryptedHub {
    /// The hub's one branch; a plain store's `main` never appears on an encrypted hub.
    static let branch = "refs/heads/trove-encrypted"
    static let shadowRemote = "hub"
    static let shadowTracking = "refs/remotes/hub/trove-encrypted"
    static let mainRef = "refs/heads/main"

    enum File {
        static let manifest = "manifest.age"
        static let keys = "keys.age"
        static let recovery = "recovery.age"
        static let readme = "README"
        static func request(_ code: String) -> String { "requests/\(code).json" }
        /// The current data key's recipient, in plain: what a join request seals its words for.
        static let requestRecipient = "requests/recipient"
        /// The answer to a join request, sealed for the device that asked.
        static func answer(_ code: String) -> String { "answers/\(code).age" }
    }

    let remote: String
    let repository: Repository
    let shadow: Repository
    /// The key this hub is read and signed with: the device's own, or the recovery key while enrolling by phrase.
    let key: HubKeyPair
    let statePath: String

    init(remote: String, url: String, repository: Repository, key: HubKeyPair) throws {
        self.remote = remote
        self.repository = repository
        self.key = key
        let folder = repository.gitDirectory + "trove/hubs/"
        statePath = folder + remote + ".json"
        let shadowPath = folder + remote + ".git"
        if Repository.exists(at: shadowPath) {
            shadow = try Repository(openingAt: shadowPath)
        } else {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            shadow = try Repository.create(at: shadowPath, bare: true, initialBranch: "trove-encrypted")
        }
        if let existing = try shadow.remotes().first(where: { $0.name == Self.shadowRemote }) {
            if existing.url != url {
                try shadow.removeRemote(name: Self.shadowRemote)
                try shadow.addRemote(name: Self.shadowRemote, url: url)
            }
        } else {
            try shadow.addRemote(name: Self.shadowRemote, url: url)
        }
        // The shadow reaches the hub trusting the CA the store keeps for it (a self-hosted https server's).
        let caFile = repository.caFile(forURL: url)
        if shadow.caFile(forURL: url) != caFile { try shadow.setCAFile(caFile, forURL: url) }
    }

    var state: HubState? { HubState.load(from: statePath) }

    /// Fetches the hub's branch into the shadow; returns its tip, or `nil` for an empty hub.
    func fetchTip(security: TransferSecurity, progress: TransferProgress.Handler?) throws -> ObjectID? {
        // A sync killed while pushing leaves the lock of the shadow's remote-tracking ref, which the push updates
        // after the fetch has succeeded: every later push failed on it (a CI run killing syncs at random moments).
        // Only locks nobody holds open, and that stay so, are removed.
        if StaleLocks.hasLockFiles(in: shadow.gitDirectory) { _ = StaleLocks.sweepAbandoned(gitDirectory: shadow.gitDirectory) }
        do {
            try shadow.fetch(remote: Self.shadowRemote, security: security, progress: progress)
        } catch let error as GitError where error.isLocked {
            // A fetch killed half way leaves a lock in the shadow; only this device writes there.
            guard !StaleLocks.sweepAbandoned(gitDirectory: shadow.gitDirectory).isEmpty else { throw error }
            try shadow.fetch(remote: Self.shadowRemote, security: security, progress: progress)
        }
        if let tip = try shadow.referenceTarget(Self.shadowTracking) { return tip }
        if try !shadow.references(matching: "refs/remotes/\(Self.shadowRemote)/*").isEmpty {
            throw HubError.hubHoldsPlainStore(url: try shadowURL())
        }
        return nil
    }

    func shadowURL() throws -> String { try shadow.remotes().first { $0.name == Self.shadowRemote }?.url ?? remote }

    static func sha256(_ bytes: [UInt8]) -> String { Hex.string(SHA256.hash(data: bytes)) }

    /// A neutral name and a UTC time on the hub's commits: they would otherwise say who pushed, and where.
    static var hubSignature: Signature { Signature(name: "Trove", email: "hub@trove.invalid", time: Date(), timeZoneOffset: 0) }
}

/// A hub's state as read and verified at one tip of its branch.
struct OpenedHub {
    var tip: ObjectID
    var tree: Tree
    var manifest: HubManifest
    var manifestSHA256: String
    /// Every epoch's data key, newest first, from the key file.
    var dataKeys: [AgeIdentity]
    var keysFile: [UInt8]

    var dataIdentities: [AgeIdentityKind] { dataKeys.map { .x25519($0) } }
}

extension EncryptedHub {
    /// Reads and verifies the hub at `tip`: the key file opens with this key, every manifest since the last one
    /// this device verified is signed by a device the one before it trusted, sequence numbers never go back,
    /// and the key and recovery files are the ones the manifest signs for.
    ///
    /// - Parameter firstContact: which keys to trust when this device has seen no manifest of the hub yet
    ///   (`nil`: whoever the manifest itself lists: trust on first use).
    func open(tip: ObjectID, firstContact: Set<HubPublicKey>? = nil) throws -> OpenedHub {
        let tree = try shadow.tree(ofCommit: tip)
        guard let keysEntry = tree.entry(atPath: File.keys), tree.entry(atPath: File.manifest) != nil else {
            throw HubError.notAnEncryptedHub(url: try shadowURL())
        }
        let keysFile = try shadow.blob(keysEntry.id)
        let keysText: [UInt8]
        do {
            keysText = try AgeFile.decrypt(keysFile, with: [.x25519(key.identity)])
        } catch AgeError.noMatchingIdentity {
            throw HubError.notEnrolled(remote: remote, code: key.publicKey.code)
        } catch {
            throw HubError.keyFileReplaced(remote: remote, file: File.keys)
        }
        guard let dataKeys = try? AgeIdentity.parseFile(String(decoding: keysText, as: UTF8.self)), !dataKeys.isEmpty else {
            throw HubError.keyFileReplaced(remote: remote, file: File.keys)
        }
        let state = self.state
        var trusted = state?.signers ?? firstContact
        var last = state.map { ($0.sequence, $0.manifestSHA256) }
        var newest: (HubManifest, String)?
        for blob in try manifestsSince(state?.hubCommit, tip: tip) {
            let plain: [UInt8]
            do { plain = try AgeFile.decrypt(try shadow.blob(blob), with: dataKeys.map { .x25519($0) }) } catch {
                throw HubError.manifestDamaged(remote: remote, reason: "it does not decrypt: \(error)")
            }
            let manifest: HubManifest, signer: [UInt8]
            do { (manifest, signer) = try HubManifest.read(plain) } catch let problem as ManifestProblem {
                if let version = problem.newer { throw HubError.newerFormat(remote: remote, version: version) }
                throw HubError.manifestDamaged(remote: remote, reason: problem.reason)
            }
            let hash = Self.sha256(plain)
            // The very manifest this device verified or wrote last is trusted as it was then (one written by an
            // invitation's key, which leaves the devices in that manifest, is signed by no device it lists).
            let seenBefore = state.map { $0.sequence == manifest.sequence && $0.manifestSHA256 == hash } ?? false
            guard seenBefore || (trusted ?? manifest.signers).contains(where: { $0.verifying == signer }) else {
                let listed = manifest.devices.first { $0.key.verifying == signer }?.key.code
                throw HubError.untrustedSigner(remote: remote, signer: listed.map { "device \($0)" } ?? "key " + Self.sha256(signer).prefix(16))
            }
            if let (sequence, seenHash) = last {
                if manifest.sequence < sequence { throw HubError.rollback(remote: remote, seen: sequence, served: manifest.sequence) }
                if manifest.sequence == sequence, hash != seenHash { throw HubError.forked(remote: remote, sequence: sequence) }
            }
            last = (manifest.sequence, hash)
            trusted = manifest.signers
            newest = (manifest, hash)
        }
        guard let (manifest, hash) = newest else { throw HubError.notAnEncryptedHub(url: try shadowURL()) }
        guard Self.sha256(keysFile) == manifest.keysSHA256,
              dataKeys.contains(where: { $0.recipient == manifest.epochs.last }) else {
            throw HubError.keyFileReplaced(remote: remote, file: File.keys)
        }
        guard let recovery = tree.entry(atPath: File.recovery), Self.sha256(try shadow.blob(recovery.id)) == manifest.recoverySHA256 else {
            throw HubError.keyFileReplaced(remote: remote, file: File.recovery)
        }
        return OpenedHub(tip: tip, tree: tree, manifest: manifest, manifestSHA256: hash, dataKeys: dataKeys, keysFile: keysFile)
    }

    /// The manifest blobs to verify, oldest first: those of the commits after `seen` up to `tip` (each once),
    /// or only the tip's when `seen` is not in its history (a first contact, or a hub whose history was replaced).
    private func manifestsSince(_ seen: ObjectID?, tip: ObjectID) throws -> [ObjectID] {
        let tipManifest = try shadow.tree(ofCommit: tip).entry(atPath: File.manifest)!.id
        guard let seen, seen != tip, shadow.contains(seen), try shadow.isDescendant(tip, of: seen) else { return [tipManifest] }
        var blobs: [ObjectID] = []
        var commit = tip
        // First parents: the hub's branch only ever moves by a commit on top of the one before.
        while commit != seen {
            let current = try shadow.commit(commit)
            if let blob = try shadow.tree(current.treeID).entry(atPath: File.manifest)?.id, blobs.last != blob { blobs.append(blob) }
            guard let parent = current.parentIDs.first else { break }
            commit = parent
        }
        return blobs.reversed()
    }
}
