import Crypto
import Foundation

/// An ed25519 public key in the forms OpenSSH reads: the wire blob and the `ssh-ed25519 AAAA… comment` line.
public struct SSHPublicKey: Sendable, Equatable, Hashable {
    /// The key type name SSH uses for ed25519.
    public static let algorithm = "ssh-ed25519"
    /// The 32 bytes of the key.
    public let raw: [UInt8]

    public init(raw: [UInt8]) throws {
        guard raw.count == 32 else { throw KeyError.unreadablePublicKey("an ed25519 key has 32 bytes, not \(raw.count)") }
        self.raw = raw
    }

    /// Reads a blob: string "ssh-ed25519", string key.
    init(blob: [UInt8]) throws {
        var reader = SSHReader(blob)
        guard reader.text() == Self.algorithm, let key = reader.string(), reader.isAtEnd else {
            throw KeyError.unreadablePublicKey("not an ssh-ed25519 key")
        }
        try self.init(raw: key)
    }

    /// Reads an OpenSSH line, `ssh-ed25519 AAAA… [comment]`.
    public init(line: String) throws {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, fields[0] == Self.algorithm, let blob = Data(base64Encoded: String(fields[1])) else {
            throw KeyError.unreadablePublicKey("expected 'ssh-ed25519 AAAA…'")
        }
        try self.init(blob: Array(blob))
    }

    /// The wire blob: string "ssh-ed25519", string key.
    public var blob: [UInt8] {
        var writer = SSHWriter()
        writer.string(Self.algorithm)
        writer.string(raw)
        return writer.bytes
    }

    /// The OpenSSH one-line form, `ssh-ed25519 AAAA… comment` (no comment when empty).
    public func line(comment: String = "") -> String {
        let key = Self.algorithm + " " + Data(blob).base64EncodedString()
        return comment.isEmpty ? key : key + " " + comment
    }

    /// The fingerprint OpenSSH and git print, `SHA256:` and unpadded base64 of the blob's SHA-256.
    public var fingerprint: String {
        "SHA256:" + Data(SHA256.hash(data: blob)).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }
}
