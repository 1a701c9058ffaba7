import Crypto
import Foundation

/// Whole age v1 files (https://age-encryption.org/v1) in memory: what Debian's `age` program reads and writes.
public enum AgeFile {
    /// `plaintext` encrypted for every recipient, each able to open it alone.
    public static func encrypt(_ plaintext: [UInt8], to recipients: [AgeRecipientKind]) throws -> [UInt8] {
        guard !recipients.isEmpty else { throw AgeError.malformedHeader("no recipient") }
        let passphrases = recipients.filter { if case .passphrase = $0 { return true } else { return false } }.count
        if passphrases > 0, recipients.count > 1 { throw AgeError.unacceptableScrypt("a passphrase must be the only recipient") }
        let fileKey = Array(SymmetricKey(size: SymmetricKeySize(bitCount: 128)).withUnsafeBytes { Array($0) })
        let header = AgeHeader(stanzas: try recipients.map { try AgeStanzas.wrap(fileKey, for: $0) })
        return header.encoded(fileKey: fileKey) + (try AgeStream.seal(plaintext, fileKey: fileKey))
    }

    /// The plaintext of an age file, opened by the first identity that unwraps a stanza.
    public static func decrypt(_ bytes: [UInt8], with identities: [AgeIdentityKind]) throws -> [UInt8] {
        let (header, mac, macInput, payloadStart) = try AgeHeader.parse(bytes)
        // A passphrase stanza authenticates the sender only when it is alone (the spec requires refusing mixes).
        if header.stanzas.contains(where: { $0.type == "scrypt" }), header.stanzas.count > 1 {
            throw AgeError.unacceptableScrypt("a passphrase stanza next to others")
        }
        for stanza in header.stanzas {
            for identity in identities {
                guard let fileKey = try AgeStanzas.unwrap(stanza, with: identity) else { continue }
                guard AgeHeader.mac(of: Array(macInput), fileKey: fileKey) == mac else { throw AgeError.headerMACMismatch }
                return try AgeStream.open(bytes[payloadStart...], fileKey: fileKey)
            }
        }
        throw AgeError.noMatchingIdentity
    }

    /// Whether some stanza of the file's header opens with one of `identities` (the payload is not read).
    public static func opens(_ bytes: [UInt8], with identities: [AgeIdentityKind]) -> Bool {
        guard let (header, _, _, _) = try? AgeHeader.parse(bytes) else { return false }
        return header.stanzas.contains { stanza in identities.contains { (try? AgeStanzas.unwrap(stanza, with: $0)) != nil } }
    }
}
