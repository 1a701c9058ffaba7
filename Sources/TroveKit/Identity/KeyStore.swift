import Foundation
import Glibc
import TroveGit
import TroveSystem

/// Where the user's signing key lives: one file, outside every store.
///
/// The key belongs to the person, not to a store, so it sits in
/// `$XDG_DATA_HOME/trove/keys/signing-key.json` (default
/// `~/.local/share/trove/keys/`), in a folder of mode 0700, the file 0600.
public struct KeyStore: Sendable {
    /// The folder holding the key file.
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// The key folder of the user running Trove.
    public static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> KeyStore {
        KeyStore(folder: UserHome.dataFolder(environment) + "/keys")
    }

    /// The private key file.
    public var keyFile: String { folder + "/signing-key.json" }

    /// Whether a key file exists.
    public var hasKey: Bool { FileManager.default.fileExists(atPath: keyFile) }

    /// Makes a new key and writes it, encrypted when a passphrase is given; refuses to replace one unless `force`.
    @discardableResult
    public func create(passphrase: String?, force: Bool = false) throws -> SigningKey {
        if let passphrase, passphrase.isEmpty { throw KeyError.emptyPassphrase }
        if hasKey && !force { throw KeyError.keyExists(path: keyFile) }
        let key = SigningKey()
        try write(KeyFile(key, passphrase: passphrase).encoded(), replacing: force)
        return key
    }

    /// The public key; no passphrase is needed.
    public func publicKey() throws -> SSHPublicKey {
        try read().sshPublicKey(path: keyFile)
    }

    /// Whether the key file is protected by a passphrase.
    public func isEncrypted() throws -> Bool { try read().isEncrypted }

    /// The private key, unsealed with `passphrase` if the file is encrypted.
    public func signingKey(passphrase: String?) throws -> SigningKey {
        try read().signingKey(passphrase: passphrase, path: keyFile)
    }

    private func read() throws -> KeyFile {
        guard let bytes = FileManager.default.contents(atPath: keyFile) else { throw KeyError.noKey(path: keyFile) }
        return try KeyFile(bytes: bytes, path: keyFile)
    }

    /// Writes the key file with mode 0600 through a temporary file, so that a crash leaves the old file or the new.
    private func write(_ bytes: Data, replacing: Bool) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw KeyError.cannotWrite(path: folder, reason: error.localizedDescription)
        }
        guard chmod(folder, 0o700) == 0 else { throw failure(folder) }
        let temporary = keyFile + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(temporary) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = written == bytes.count && fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        let error = failure(temporary)
        close(descriptor)
        defer { unlink(temporary) }
        guard synced else { throw error }
        if replacing {
            guard rename(temporary, keyFile) == 0 else { throw failure(keyFile) }
        } else {
            // link() fails if a key appeared meanwhile: never replaced without --force.
            guard link(temporary, keyFile) == 0 else {
                if errno == EEXIST { throw KeyError.keyExists(path: keyFile) }
                throw failure(keyFile)
            }
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 { fsync(folderDescriptor); close(folderDescriptor) }
    }

    private func failure(_ path: String) -> KeyError {
        KeyError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
}
