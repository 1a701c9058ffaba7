import Crypto
import Foundation

/// OpenSSH's SSHSIG signature format (`PROTOCOL.sshsig`), which git uses for `gpg.format=ssh`.
///
/// The signed data is `"SSHSIG"`, string namespace, string reserved (empty),
/// string hash algorithm, string H(message), with H = SHA-512. The signature
/// blob is `"SSHSIG"`, uint32 version 1, string public key, string namespace,
/// string reserved, string hash algorithm, string signature (string
/// "ssh-ed25519", string 64 bytes); the armour wraps its base64 at 70 columns.
public struct SSHSignature: Sendable, Equatable {
    static let magic = Array("SSHSIG".utf8)
    static let version: UInt32 = 1
    static let hashAlgorithm = "sha512"
    static let begin = "-----BEGIN SSH SIGNATURE-----"
    static let end = "-----END SSH SIGNATURE-----"
    /// The namespace git signs commits and tags in.
    public static let gitNamespace = "git"

    /// The key that made the signature.
    public var publicKey: SSHPublicKey
    public var namespace: String
    /// The 64-byte ed25519 signature of `signedData(namespace:message:)`.
    public var signature: [UInt8]

    /// Signs `message` in `namespace` with `key`.
    public init(signing message: [UInt8], namespace: String = gitNamespace, with key: Curve25519.Signing.PrivateKey) throws {
        publicKey = try SSHPublicKey(raw: Array(key.publicKey.rawRepresentation))
        self.namespace = namespace
        signature = Array(try key.signature(for: Self.signedData(namespace: namespace, message: message)))
    }

    /// Reads an armoured signature; throws `KeyError.unreadableSignature` for anything else.
    public init(armoured text: String) throws {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard lines.first == Self.begin, lines.last == Self.end, lines.count >= 3,
              let blob = Data(base64Encoded: lines.dropFirst().dropLast().joined())
        else { throw KeyError.unreadableSignature("not an SSH signature armour") }
        var reader = SSHReader(Array(blob))
        guard reader.raw(6) == Self.magic, reader.uint32() == Self.version,
              let keyBlob = reader.string(), let namespace = reader.text(), reader.string() != nil,
              let hash = reader.text(), let signatureBlob = reader.string(), reader.isAtEnd
        else { throw KeyError.unreadableSignature("a malformed SSHSIG blob") }
        guard hash == Self.hashAlgorithm else { throw KeyError.unreadableSignature("hash \(hash), not sha512") }
        var inner = SSHReader(signatureBlob)
        guard inner.text() == SSHPublicKey.algorithm, let signature = inner.string(), signature.count == 64, inner.isAtEnd
        else { throw KeyError.unreadableSignature("not an ssh-ed25519 signature") }
        publicKey = try SSHPublicKey(blob: keyBlob)
        self.namespace = namespace
        self.signature = signature
    }

    /// What is actually signed for `message`.
    static func signedData(namespace: String, message: [UInt8]) -> [UInt8] {
        var writer = SSHWriter()
        writer.raw(magic)
        writer.string(namespace)
        writer.string([UInt8]())
        writer.string(hashAlgorithm)
        writer.string(Array(SHA512.hash(data: message)))
        return writer.bytes
    }

    /// The binary signature blob.
    public var blob: [UInt8] {
        var inner = SSHWriter()
        inner.string(SSHPublicKey.algorithm)
        inner.string(signature)
        var writer = SSHWriter()
        writer.raw(Self.magic)
        writer.uint32(Self.version)
        writer.string(publicKey.blob)
        writer.string(namespace)
        writer.string([UInt8]())
        writer.string(Self.hashAlgorithm)
        writer.string(inner.bytes)
        return writer.bytes
    }

    /// The armoured text, without a trailing newline (as a `gpgsig` header wants it).
    public var armoured: String {
        let base64 = Array(Data(blob).base64EncodedString())
        let lines = stride(from: 0, to: base64.count, by: 70).map { String(base64[$0..<min($0 + 70, base64.count)]) }
        return ([Self.begin] + lines + [Self.end]).joined(separator: "\n")
    }

    /// Whether this is a valid signature of `message` in `namespace` by `publicKey`.
    ///
    /// Only that the key signed it: whether the key is one to trust is the caller's question.
    public func isValid(for message: [UInt8], namespace expected: String = gitNamespace) -> Bool {
        guard namespace == expected,
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey.raw)
        else { return false }
        return key.isValidSignature(signature, for: Self.signedData(namespace: namespace, message: message))
    }
}
