import Crypto

/// The user's ed25519 key that signs the commits Trove makes.
public struct SigningKey: @unchecked Sendable {
    let privateKey: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() { privateKey = Curve25519.Signing.PrivateKey() }

    /// The key with the 32-byte `seed` (the private half as ed25519 stores it).
    init(seed: [UInt8]) throws { privateKey = try Curve25519.Signing.PrivateKey(rawRepresentation: seed) }

    /// The 32-byte seed.
    var seed: [UInt8] { Array(privateKey.rawRepresentation) }

    /// The public half, as OpenSSH writes it.
    public var publicKey: SSHPublicKey {
        // Always 32 bytes.
        try! SSHPublicKey(raw: Array(privateKey.publicKey.rawRepresentation))
    }

    /// An SSHSIG signature of `message` in `namespace` (git's is "git").
    public func sign(_ message: [UInt8], namespace: String = SSHSignature.gitNamespace) throws -> SSHSignature {
        try SSHSignature(signing: message, namespace: namespace, with: privateKey)
    }
}
