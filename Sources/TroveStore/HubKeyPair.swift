import Crypto
import Foundation
import TroveAge

/// A key pair for an encrypted hub: an age X25519 identity that opens what is sealed for it, and an Ed25519
/// key that signs manifests, derived from the same 32-byte secret so that one age identity file holds both.
///
/// Each device has one (`.git/trove/device-key`); so does the hub's recovery phrase (kept on the hub,
/// sealed with the phrase). HKDF keeps the two keys independent: the secret is never used as both.
struct HubKeyPair {
    let identity: AgeIdentity
    let signing: Curve25519.Signing.PrivateKey

    init(identity: AgeIdentity) {
        self.identity = identity
        let seed = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: identity.secret), salt: [UInt8](),
                                          info: Array("trove.encrypted-hub.signing-key.v1".utf8), outputByteCount: 32)
        signing = try! Curve25519.Signing.PrivateKey(rawRepresentation: seed.withUnsafeBytes { Array($0) })
    }

    init() { self.init(identity: AgeIdentity()) }

    /// The key pair an invitation's secret stands for (its code: 100 random bits, too many to guess), so that the
    /// inviter enrols it and the invitee, who has the code, opens the hub with it once.
    init(invitationSecret secret: [UInt8]) {
        let seed = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), salt: [UInt8](),
                                          info: Array("trove.encrypted-hub.invitation-key.v1".utf8), outputByteCount: 32)
        self.init(identity: try! AgeIdentity(secret: seed.withUnsafeBytes { Array($0) }))  // any 32 bytes are an X25519 secret
    }

    var publicKey: HubPublicKey {
        HubPublicKey(recipient: identity.recipient, verifying: Array(signing.publicKey.rawRepresentation))
    }

    func sign(_ message: [UInt8]) throws -> [UInt8] { Array(try signing.signature(for: message)) }
}

/// The public half: what a manifest lists for each device, and what a join request carries.
struct HubPublicKey: Equatable, Hashable {
    var recipient: AgeRecipient
    var verifying: [UInt8]

    /// The short code people compare and type: 80 bits of a hash of both keys, in base32, as `ABCD-EFGH-JKLM-NPQR`.
    /// 80 bits: whoever can write to the hub would have to find a key of their own with the same code.
    var code: String {
        var hash = SHA256()
        hash.update(data: Array("trove.encrypted-hub.device.v1".utf8))
        hash.update(data: recipient.bytes)
        hash.update(data: verifying)
        let text = Base32.encode(Array(Array(hash.finalize()).prefix(10))).uppercased()
        return stride(from: 0, to: 16, by: 4).map { start in
            String(text[text.index(text.startIndex, offsetBy: start)..<text.index(text.startIndex, offsetBy: start + 4)])
        }.joined(separator: "-")
    }

    /// The keys as one line of text (`age1… <Ed25519 key in base64>`), as a group's member record publishes them.
    var text: String { recipient.text + " " + HubManifest.base64(verifying) }

    /// A code as a person may type it: any case, with or without dashes or spaces.
    static func normalizedCode(_ text: String) -> String {
        let letters = text.uppercased().filter { $0.isLetter || $0.isNumber }
        guard letters.count == 16 else { return text.uppercased() }
        let characters = Array(letters)
        return stride(from: 0, to: 16, by: 4).map { String(characters[$0..<($0 + 4)]) }.joined(separator: "-")
    }

    static func verify(_ signature: [UInt8], of message: [UInt8], by verifying: [UInt8]) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: verifying) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}

extension HubPublicKey {
    /// The keys from their one line of text (`text`), or `nil` when it is not that.
    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let recipient = try? AgeRecipient(text: String(parts[0])),
              let verifying = HubManifest.unbase64(parts[1]), verifying.count == 32 else { return nil }
        self.init(recipient: recipient, verifying: verifying)
    }
}

/// RFC 4648 base32, lowercase, unpadded: codes and recovery phrases (no 0/1/8, which read as O/L/B).
enum Base32 {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[(buffer >> bits) & 31])
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: out, as: UTF8.self)
    }
}
