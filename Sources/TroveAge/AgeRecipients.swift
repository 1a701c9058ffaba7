import Crypto
import Foundation

/// Who an age file is made for.
public enum AgeRecipientKind: Sendable {
    case x25519(AgeRecipient)
    /// A passphrase, stretched with scrypt at work factor 2^logN. It must be the file's only recipient.
    case passphrase(String, logN: Int)
}

/// What can open an age file.
public enum AgeIdentityKind: Sendable {
    case x25519(AgeIdentity)
    case passphrase(String)
}

/// The native stanzas: wrapping the 16-byte file key for a recipient, and unwrapping it with an identity.
enum AgeStanzas {
    static let x25519Label = Array("age-encryption.org/v1/X25519".utf8)
    static let scryptLabel = Array("age-encryption.org/v1/scrypt".utf8)
    /// age's own ceiling for the passphrase work factor: a header cannot make us spend more than a few seconds.
    static let maximumLogN = 22
    private static var zeroNonce: ChaChaPoly.Nonce { try! ChaChaPoly.Nonce(data: [UInt8](repeating: 0, count: 12)) }

    static func wrap(_ fileKey: [UInt8], for recipient: AgeRecipientKind) throws -> AgeStanza {
        switch recipient {
        case .x25519(let recipient):
            let ephemeral = Curve25519.KeyAgreement.PrivateKey()
            let share = Array(ephemeral.publicKey.rawRepresentation)
            let secret = try ephemeral.sharedSecretFromKeyAgreement(with: recipient.key)
            let key = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: share + recipient.bytes, sharedInfo: x25519Label,
                                                     outputByteCount: 32)
            return AgeStanza(arguments: ["X25519", AgeBase64.encode(share)], body: try seal(fileKey, key))
        case .passphrase(let passphrase, let logN):
            var salt = [UInt8](repeating: 0, count: 16)
            var generator = SystemRandomNumberGenerator()
            for index in salt.indices { salt[index] = generator.next() }
            let key = try Scrypt.derive(passphrase: Array(passphrase.utf8), salt: scryptLabel + salt, logN: logN)
            return AgeStanza(arguments: ["scrypt", AgeBase64.encode(salt), String(logN)], body: try seal(fileKey, SymmetricKey(data: key)))
        }
    }

    /// The file key, or `nil` when the stanza is not for this identity.
    static func unwrap(_ stanza: AgeStanza, with identity: AgeIdentityKind) throws -> [UInt8]? {
        switch identity {
        case .x25519(let identity):
            guard stanza.type == "X25519" else { return nil }
            guard stanza.arguments.count == 2, let share = AgeBase64.decode(Substring(stanza.arguments[1])), share.count == 32 else {
                throw AgeError.malformedHeader("a bad X25519 stanza")
            }
            guard stanza.body.count == 32 else { throw AgeError.malformedHeader("an X25519 stanza body that is not 32 bytes") }
            guard let secret = try? identity.key.sharedSecretFromKeyAgreement(with: Curve25519.KeyAgreement.PublicKey(rawRepresentation: share)),
                  secret.withUnsafeBytes({ $0.contains { $0 != 0 } }) else { return nil }
            let key = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: share + identity.recipient.bytes, sharedInfo: x25519Label,
                                                     outputByteCount: 32)
            return open(stanza.body, key)
        case .passphrase(let passphrase):
            guard stanza.type == "scrypt" else { return nil }
            guard stanza.arguments.count == 3, let salt = AgeBase64.decode(Substring(stanza.arguments[1])), salt.count == 16,
                  let logN = Int(stanza.arguments[2]), String(logN) == stanza.arguments[2], logN > 0 else {
                throw AgeError.malformedHeader("a bad scrypt stanza")
            }
            guard logN <= maximumLogN else { throw AgeError.unacceptableScrypt("work factor 2^\(logN) is above 2^\(maximumLogN)") }
            guard stanza.body.count == 32 else { throw AgeError.malformedHeader("a scrypt stanza body that is not 32 bytes") }
            let key = try Scrypt.derive(passphrase: Array(passphrase.utf8), salt: scryptLabel + salt, logN: logN)
            return open(stanza.body, SymmetricKey(data: key))
        }
    }

    private static func seal(_ fileKey: [UInt8], _ key: SymmetricKey) throws -> [UInt8] {
        let box = try ChaChaPoly.seal(fileKey, using: key, nonce: zeroNonce)
        return Array(box.ciphertext) + Array(box.tag)
    }

    private static func open(_ body: [UInt8], _ key: SymmetricKey) -> [UInt8]? {
        guard let box = try? ChaChaPoly.SealedBox(nonce: zeroNonce, ciphertext: body.prefix(16), tag: body.suffix(16)),
              let plain = try? ChaChaPoly.open(box, using: key) else { return nil }
        return Array(plain)
    }
}
