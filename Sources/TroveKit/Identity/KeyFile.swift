import Crypto
import Foundation
import _CryptoExtras

/// The private key file's contents, as JSON.
///
/// ```
/// { "format": "trove-signing-key", "version": 1, "algorithm": "ed25519",
///   "publicKey": "<base64, 32 bytes>",
///   "privateKey": "<base64 of the 32-byte seed>" }          ← without a passphrase
/// ```
/// With a passphrase, `privateKey` is replaced by
/// ```
///   "kdf": "pbkdf2-sha256", "rounds": 600000, "salt": "<base64, 16 bytes>",
///   "cipher": "aes-256-gcm", "sealedPrivateKey": "<base64: 12-byte nonce, 32-byte ciphertext, 16-byte tag>"
/// ```
/// The AES key is PBKDF2-HMAC-SHA256(passphrase, salt, rounds), 32 bytes; the
/// public key is the authenticated data, so it cannot be swapped unnoticed. The
/// public key is readable without the passphrase (`trove key show`).
struct KeyFile: Codable, Equatable {
    static let formatName = "trove-signing-key"
    static let kdfName = "pbkdf2-sha256"
    static let cipherName = "aes-256-gcm"
    static let rounds = 600_000

    var format = formatName
    var version = 1
    var algorithm = "ed25519"
    var publicKey: String
    var privateKey: String?
    var kdf: String?
    var rounds: Int?
    var salt: String?
    var cipher: String?
    var sealedPrivateKey: String?

    /// Whether a passphrase is needed to read the private key.
    var isEncrypted: Bool { privateKey == nil }

    /// The file for `key`, sealed with `passphrase` when one is given.
    init(_ key: SigningKey, passphrase: String?) throws {
        publicKey = Data(key.publicKey.raw).base64EncodedString()
        guard let passphrase else {
            privateKey = Data(key.seed).base64EncodedString()
            return
        }
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let box = try AES.GCM.seal(key.seed, using: Self.derive(passphrase, salt: salt, rounds: Self.rounds),
                                   authenticating: key.publicKey.raw)
        kdf = Self.kdfName
        rounds = Self.rounds
        self.salt = Data(salt).base64EncodedString()
        cipher = Self.cipherName
        sealedPrivateKey = box.combined!.base64EncodedString()
    }

    /// Reads the file's bytes; `path` names it in errors.
    init(bytes: Data, path: String) throws {
        do {
            self = try JSONDecoder().decode(KeyFile.self, from: bytes)
        } catch {
            throw KeyError.unreadableKeyFile(path: path, reason: "not a Trove key file")
        }
        guard format == Self.formatName, version == 1, algorithm == "ed25519" else {
            throw KeyError.unreadableKeyFile(path: path, reason: "format \(format) \(version) \(algorithm) is not one this Trove reads")
        }
    }

    /// The encoded file, with sorted keys and a trailing newline.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The public key, which needs no passphrase.
    func sshPublicKey(path: String) throws -> SSHPublicKey {
        guard let raw = Data(base64Encoded: publicKey) else { throw KeyError.unreadableKeyFile(path: path, reason: "bad public key") }
        return try SSHPublicKey(raw: Array(raw))
    }

    /// The private key, unsealed with `passphrase` when the file is encrypted.
    func signingKey(passphrase: String?, path: String) throws -> SigningKey {
        let expected = try sshPublicKey(path: path)
        let seed: [UInt8]
        if let privateKey {
            guard let bytes = Data(base64Encoded: privateKey) else { throw KeyError.unreadableKeyFile(path: path, reason: "bad private key") }
            seed = Array(bytes)
        } else {
            guard let passphrase else { throw KeyError.passphraseNeeded(path: path) }
            guard kdf == Self.kdfName, cipher == Self.cipherName, let rounds, rounds >= 100_000,
                  let salt = salt.flatMap({ Data(base64Encoded: $0) }),
                  let sealed = sealedPrivateKey.flatMap({ Data(base64Encoded: $0) }),
                  let box = try? AES.GCM.SealedBox(combined: sealed)
            else { throw KeyError.unreadableKeyFile(path: path, reason: "unknown or damaged encryption") }
            let key = try Self.derive(passphrase, salt: Array(salt), rounds: rounds)
            guard let opened = try? AES.GCM.open(box, using: key, authenticating: expected.raw) else {
                throw KeyError.wrongPassphrase(path: path)
            }
            seed = Array(opened)
        }
        guard let key = try? SigningKey(seed: seed), key.publicKey == expected else {
            throw KeyError.unreadableKeyFile(path: path, reason: "the private key does not match the public key")
        }
        return key
    }

    private static func derive(_ passphrase: String, salt: [UInt8], rounds: Int) throws -> SymmetricKey {
        try KDF.Insecure.PBKDF2.deriveKey(from: Array(passphrase.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
    }
}
