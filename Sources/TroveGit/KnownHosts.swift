import Crypto
import Foundation

/// Looks up host keys in an OpenSSH `known_hosts` file, hashed entries included.
struct KnownHosts {
    enum Verdict: Equatable { case match, mismatch, unknown }

    let lines: [Substring]

    init(file: String) {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        lines = text.split(whereSeparator: \.isNewline)
    }

    /// Whether `key` (the raw key blob, or its SHA-256 when `isHash`) is recorded for `host` at `port`.
    ///
    /// Like OpenSSH, a key is only "changed" when the file records another key *of the same type* for
    /// the host. A server has several host keys (ed25519, ecdsa, rsa) and libssh2 asks for ecdsa first,
    /// while ssh records the ed25519 key it prefers: a host known by another type of key is unknown,
    /// not an attack. With only a hash the type is not known, and any other key for the host counts.
    func verify(host: String, port: Int?, key: [UInt8], isHash: Bool) -> Verdict {
        let name = port.map { $0 == 22 ? host : "[\(host)]:\($0)" } ?? host
        let presentedType = isHash ? nil : Self.keyType(ofBlob: key)
        var sawConflictingKey = false
        for line in lines {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 3, !fields[0].hasPrefix("#"), !fields[0].hasPrefix("@"),
                  Self.patterns(String(fields[0]), match: name),
                  let blob = Data(base64Encoded: String(fields[2]))
            else { continue }
            let recorded = isHash ? Array(SHA256.hash(data: blob)) : Array(blob)
            if recorded == key { return .match }
            if isHash || Self.keyType(ofBlob: Array(blob)) == presentedType { sawConflictingKey = true }
        }
        return sawConflictingKey ? .mismatch : .unknown
    }

    /// The key type a public key blob starts with (`ssh-ed25519`, `ecdsa-sha2-nistp256`, …), as an ssh string.
    static func keyType(ofBlob blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = blob[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, blob.count >= 4 + length else { return nil }
        return String(decoding: blob[4..<(4 + length)], as: UTF8.self)
    }

    private static func patterns(_ field: String, match name: String) -> Bool {
        if field.hasPrefix("|1|") {
            let parts = field.split(separator: "|")
            guard parts.count == 3, let salt = Data(base64Encoded: String(parts[1])),
                  let hash = Data(base64Encoded: String(parts[2]))
            else { return false }
            let mac = HMAC<Insecure.SHA1>.authenticationCode(for: Data(name.utf8), using: SymmetricKey(data: salt))
            return Data(mac) == hash
        }
        return field.split(separator: ",").contains { $0 == name }
    }
}
