import Crypto
import Foundation
import _CryptoExtras

/// Salted, slow password hashes in the PHC string format: `$pbkdf2-sha256$i=600000$<salt>$<hash>`.
///
/// PBKDF2-HMAC-SHA256 with 600,000 rounds is OWASP's floor for that function; the record
/// keeps the rounds, so a later raise still verifies older hashes.
public enum PasswordHash {
    /// Rounds for new hashes.
    public static let rounds = 600_000
    static let saltBytes = 16
    static let keyBytes = 32

    /// A new hash of `password` with a fresh random salt.
    public static func make(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = try derive(password, salt: salt, rounds: rounds)
        return "$pbkdf2-sha256$i=\(rounds)$\(phcBase64(salt))$\(phcBase64(key))"
    }

    /// Whether `password` matches `hash`; a hash Trove cannot read matches nothing.
    public static func verify(_ password: String, against hash: String) -> Bool {
        let parts = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "pbkdf2-sha256", parts[2].hasPrefix("i="),
              let rounds = Int(parts[2].dropFirst(2)), rounds >= 210_000,
              let salt = bytes(fromPHCBase64: String(parts[3])), let expected = bytes(fromPHCBase64: String(parts[4])),
              let key = try? derive(password, salt: salt, rounds: rounds, length: expected.count)
        else { return false }
        // Compare every byte, so the time taken does not tell how much of a guess was right.
        var difference: UInt8 = 0
        for (a, b) in zip(key, expected) { difference |= a ^ b }
        return difference == 0 && key.count == expected.count
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int, length: Int = keyBytes) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: length, rounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }

    /// PHC strings use standard base64 without padding.
    static func phcBase64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    static func bytes(fromPHCBase64 text: String) -> [UInt8]? {
        let padded = text + String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: padded).map(Array.init)
    }
}
