import Foundation
import TroveGit

/// Signs commits with the user's key, read when the first commit needs it.
///
/// The rule: when the default key file exists (`KeyStore.standard()`), every
/// commit is signed. A passphrase-protected key is unlocked with
/// `TROVE_KEY_PASSPHRASE`; when that is unset or wrong the commit is refused
/// (the error says so), never made unsigned. Commands that commit nothing
/// never read the key, so they need no passphrase.
public final class KeySigner: CommitSigner, @unchecked Sendable {
    /// The environment variable holding the passphrase of a protected key.
    public static let passphraseVariable = "TROVE_KEY_PASSPHRASE"

    let keys: KeyStore
    let passphrase: String?
    private let lock = NSLock()
    private var loaded: SigningKey?

    public init(keys: KeyStore, passphrase: String?) {
        self.keys = keys
        self.passphrase = passphrase
    }

    /// The signer for the user running Trove, or `nil` when they have no key (commits stay unsigned).
    public static func forCurrentUser(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> KeySigner? {
        let keys = KeyStore.standard(environment)
        guard keys.hasKey else { return nil }
        return KeySigner(keys: keys, passphrase: environment[passphraseVariable])
    }

    /// The key, read and unlocked once.
    public func key() throws -> SigningKey {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let key = try keys.signingKey(passphrase: passphrase)
        loaded = key
        return key
    }

    public func signature(for commit: String) throws -> String {
        try key().sign(Array(commit.utf8)).armoured
    }
}
