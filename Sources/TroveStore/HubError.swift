/// Why an encrypted hub was refused or could not be used. Nothing local changed when one is thrown.
///
/// The words say what happened and name no command: the shell adds what to type (see `HubErrorWords`).
public enum HubError: Error, Sendable, Equatable, CustomStringConvertible {
    /// This device's key opens none of the hub's key file: never approved, or removed. `code` is this device's.
    case notEnrolled(remote: String, code: String)
    /// A clone that has asked to join and waits for an enrolled device to approve `code`.
    case awaitingApproval(url: String, code: String)
    /// The recovery phrase does not open the hub's recovery file.
    case wrongRecoveryPhrase
    /// A recovery phrase that is not one (wrong length or characters).
    case malformedRecoveryPhrase
    /// No join request with this code is on the hub.
    case noSuchRequest(code: String)
    case noSuchDevice(code: String)
    case alreadyEnrolled(code: String)
    /// A device may not remove itself (another device or the recovery phrase does).
    case cannotRemoveSelf
    /// The manifest does not decrypt or does not parse: changed on the hub.
    case manifestDamaged(remote: String, reason: String)
    /// The manifest is signed by a key that is not an enrolled device's (or not validly signed at all).
    case untrustedSigner(remote: String, signer: String)
    /// The hub serves a manifest older than one this device has already seen: a rollback or a replay.
    case rollback(remote: String, seen: Int, served: Int)
    /// Two different manifests with one sequence number: the hub shows different devices different histories.
    case forked(remote: String, sequence: Int)
    /// The key or recovery file does not match the hash the signed manifest gives for it.
    case keyFileReplaced(remote: String, file: String)
    case packMissing(remote: String, file: String)
    case packTruncated(remote: String, file: String, size: Int, expected: Int)
    case packModified(remote: String, file: String)
    /// A pack decrypted but lacks the commits the manifest names.
    case packIncomplete(remote: String, commit: String)
    /// The hub holds something else than an encrypted Trove hub.
    case notAnEncryptedHub(url: String)
    /// The hub holds a plain store, and cannot become encrypted in place.
    case hubHoldsPlainStore(url: String)
    /// A remote added as plain turns out to be an encrypted hub: syncing it plainly would write plaintext to it.
    case encryptedHubAddedPlain(remote: String)
    /// The remote named is not an encrypted hub.
    case notEncrypted(remote: String)
    /// Several encrypted remotes and none named.
    case whichRemote(candidates: [String])
    /// This hub's format is newer than this program reads.
    case newerFormat(remote: String, version: Int)
    /// A remote to encrypt is encrypted already.
    case alreadyEncrypted(remote: String)
    /// A plain remote is turned into an encrypted one only on a new, empty hub.
    case notEmptyForMigration(url: String)
    /// An invitation's key no longer opens the hub: the invitation was used (its key gave way to the joiner's) or withdrawn.
    case invitationUsed
    /// Peers kept pushing while the hub was being compacted; it was left as it was.
    case compactionRaced(remote: String, attempts: Int)

    public var description: String {
        switch self {
        case .notEnrolled(let remote, let code):
            return "this device (code \(code)) cannot read the encrypted hub \(remote): it was never approved, or it was removed"
        case .awaitingApproval(let url, let code):
            return "this device (code \(code)) has asked to join the encrypted hub \(url) and waits for an enrolled device to approve it"
        case .wrongRecoveryPhrase: return "the recovery phrase does not open this hub"
        case .malformedRecoveryPhrase: return "that is not a recovery phrase (it has 32 letters and digits, in groups of 4)"
        case .noSuchRequest(let code): return "no device with code \(code) has asked to join this hub"
        case .invitationUsed: return "that code matches no open invitation on this hub: it was used already, withdrawn, or mistyped"
        case .noSuchDevice(let code): return "no enrolled device has code \(code)"
        case .alreadyEnrolled(let code): return "the device \(code) is enrolled already"
        case .cannotRemoveSelf: return "a device cannot remove itself from a hub; remove it from another enrolled device"
        case .manifestDamaged(let remote, let reason):
            return "the manifest on \(remote) was modified or damaged (\(reason)); nothing was fetched"
        case .untrustedSigner(let remote, let signer):
            return "the manifest on \(remote) is signed by \(signer), which is not an enrolled device; nothing was fetched"
        case .rollback(let remote, let seen, let served):
            return "\(remote) serves an older manifest (number \(served)) than this device has already seen (number \(seen)): "
                + "the hub was rolled back or replayed; nothing was fetched"
        case .forked(let remote, let sequence):
            return "\(remote) serves a different manifest number \(sequence) than the one this device saw: the hub shows "
                + "devices different histories; nothing was fetched"
        case .keyFileReplaced(let remote, let file):
            return "\(file) on \(remote) does not match the signed manifest: it was replaced; nothing was fetched"
        case .packMissing(let remote, let file):
            return "\(file) is missing from \(remote), though its manifest lists it; nothing was fetched"
        case .packTruncated(let remote, let file, let size, let expected):
            return "\(file) on \(remote) is truncated (\(size) of \(expected) bytes); nothing was fetched"
        case .packModified(let remote, let file):
            return "\(file) on \(remote) was modified: it does not match its hash in the signed manifest; nothing was fetched"
        case .packIncomplete(let remote, let commit):
            return "the packs on \(remote) lack commit \(commit.prefix(10)), which its manifest names; nothing was fetched"
        case .notAnEncryptedHub(let url): return "\(url) is not an encrypted Trove hub"
        case .hubHoldsPlainStore(let url):
            return "\(url) already holds an unencrypted store; an encrypted hub needs an empty repository of its own"
        case .encryptedHubAddedPlain(let remote):
            return "\(remote) is an encrypted hub, but this store added it as a plain remote; nothing was sent to it"
        case .notEncrypted(let remote): return "\(remote) is not an encrypted hub"
        case .whichRemote(let candidates): return "this store has several encrypted hubs (\(candidates.joined(separator: ", "))): name one"
        case .newerFormat(let remote, let version):
            return "\(remote) uses encrypted-hub format \(version), newer than this program reads"
        case .alreadyEncrypted(let remote): return "\(remote) is an encrypted hub already"
        case .notEmptyForMigration(let url):
            return "\(url) is an encrypted hub already; a plain remote is turned into an encrypted one on a new, empty hub"
        case .compactionRaced(let remote, let attempts):
            return "other devices pushed to \(remote) during each of \(attempts) tries to compact it; it was left as it was"
        }
    }
}
