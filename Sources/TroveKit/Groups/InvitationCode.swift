import Crypto
import Foundation

/// A one-time invitation code, and the key it stands for.
///
/// The code is never stored. The invitation holds the public half of an ed25519
/// key whose seed is the code's SHA-256, a one-way digest that also lets the
/// invitee prove they have the code without revealing it: the join carries a
/// signature of the joiner's own key, made with the code's key. Someone who
/// reads the hub later learns nothing they could join with.
public struct InvitationCode: Sendable, Equatable {
    /// The code with its dashes, as shown: `7KQ2M-XW9DP-…`.
    public let text: String

    /// Characters of Crockford's base 32: no I, L, O or U to misread.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// Four groups of five: 100 random bits.
    static let length = 20

    /// A new random code.
    public static func make() -> InvitationCode {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt8(alphabet.count)))] }
        return InvitationCode(normalized: String(characters))
    }

    /// The code as typed, forgiving case, spaces, dashes and look-alike letters; `nil` when it cannot be a code.
    public init?(typed: String) {
        var normalized = ""
        for character in typed.uppercased() where character != "-" && character != " " {
            switch character {
            case "O": normalized.append("0")
            case "I", "L": normalized.append("1")
            default:
                guard Self.alphabet.contains(character) else { return nil }
                normalized.append(character)
            }
        }
        guard normalized.count == Self.length else { return nil }
        self.init(normalized: normalized)
    }

    private init(normalized: String) {
        text = stride(from: 0, to: normalized.count, by: 5).map { start in
            let from = normalized.index(normalized.startIndex, offsetBy: start)
            return String(normalized[from..<normalized.index(from, offsetBy: 5)])
        }.joined(separator: "-")
    }

    /// The key the code stands for.
    var key: SigningKey {
        let seed = SHA256.hash(data: Array(("trove-invitation-code:" + text.replacingOccurrences(of: "-", with: "")).utf8))
        return try! SigningKey(seed: Array(seed))  // a SHA-256 is always a valid 32-byte seed
    }

    /// The secret an encrypted group's hub is opened with once, by whoever has the code (see `Group.invite`).
    var hubSecret: [UInt8] {
        Array(SHA256.hash(data: Array(("trove-invitation-hub:" + text.replacingOccurrences(of: "-", with: "")).utf8)))
    }

    /// What an invitation stores: the public half of the code's key.
    public var digest: SSHPublicKey { key.publicKey }

    /// The namespace join proofs are signed in, so no other signature of the same bytes passes for one.
    static let proofNamespace = "trove-join"

    /// The text a join proof signs: which store, which invitation, which key joins.
    static func proofMessage(storeID: String, invitationID: String, joiner: SSHPublicKey) -> [UInt8] {
        Array("trove-join\n\(storeID)\n\(invitationID)\n\(joiner.line())\n".utf8)
    }

    /// Proves having this code, for `joiner` joining by invitation `invitationID` of store `storeID`.
    public func proof(storeID: String, invitationID: String, joiner: SSHPublicKey) throws -> String {
        try key.sign(Self.proofMessage(storeID: storeID, invitationID: invitationID, joiner: joiner), namespace: Self.proofNamespace).armoured
    }

    /// Whether `proof` shows that `joiner` had the code whose digest is `digest`.
    public static func verify(proof: String, digest: SSHPublicKey, storeID: String, invitationID: String, joiner: SSHPublicKey) -> Bool {
        guard let signature = try? SSHSignature(armoured: proof), signature.publicKey == digest,
              signature.namespace == proofNamespace else { return false }
        return signature.isValid(for: proofMessage(storeID: storeID, invitationID: invitationID, joiner: joiner), namespace: proofNamespace)
    }
}
