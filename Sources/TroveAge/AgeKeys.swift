import Crypto
import Foundation

/// An age X25519 identity: the private key that opens files made for its recipient.
public struct AgeIdentity: @unchecked Sendable, Equatable {
    let key: Curve25519.KeyAgreement.PrivateKey

    /// A new random identity.
    public init() { key = Curve25519.KeyAgreement.PrivateKey() }

    /// The identity with these 32 secret bytes.
    public init(secret: [UInt8]) throws {
        guard secret.count == 32 else { throw AgeError.malformedKey("an X25519 identity has 32 bytes") }
        key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: secret)
    }

    /// Reads `AGE-SECRET-KEY-1…`.
    public init(text: String) throws {
        let (hrp, data) = try Bech32.decode(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard hrp == "age-secret-key-" else { throw AgeError.malformedKey("not an AGE-SECRET-KEY-1 identity") }
        try self.init(secret: data)
    }

    /// The 32 secret bytes.
    public var secret: [UInt8] { Array(key.rawRepresentation) }

    /// `AGE-SECRET-KEY-1…`, as age-keygen writes it (age reads identity files of such lines).
    public var text: String { Bech32.encode(hrp: "age-secret-key-", secret).uppercased() }

    public var recipient: AgeRecipient { AgeRecipient(key: key.publicKey) }

    public static func == (lhs: AgeIdentity, rhs: AgeIdentity) -> Bool { lhs.secret == rhs.secret }

    /// Every `AGE-SECRET-KEY-1` line of an identity file (comments and blank lines skipped), as age reads them.
    public static func parseFile(_ text: String) throws -> [AgeIdentity] {
        try text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : try AgeIdentity(text: trimmed)
        }
    }
}

/// An age X25519 recipient: the public key files are made for.
public struct AgeRecipient: @unchecked Sendable, Hashable {
    let key: Curve25519.KeyAgreement.PublicKey

    init(key: Curve25519.KeyAgreement.PublicKey) { self.key = key }

    public init(bytes: [UInt8]) throws {
        guard bytes.count == 32 else { throw AgeError.malformedKey("an X25519 recipient has 32 bytes") }
        key = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes)
    }

    /// Reads `age1…`.
    public init(text: String) throws {
        let (hrp, data) = try Bech32.decode(text)
        guard hrp == "age" else { throw AgeError.malformedKey("not an age1 recipient") }
        try self.init(bytes: data)
    }

    public var bytes: [UInt8] { Array(key.rawRepresentation) }

    /// `age1…`, as age-keygen prints it.
    public var text: String { Bech32.encode(hrp: "age", bytes) }

    public static func == (lhs: AgeRecipient, rhs: AgeRecipient) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
