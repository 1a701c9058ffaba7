import Crypto
import Foundation

/// Looks up host keys in an OpenSSH `known_hosts` file, hashed entries included.
struct KnownHosts {
    enum Verdict: Equatable { case match, mismatch, unknown }

    let lines: [Substring]

    init(file: String) {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n")
    }

    /// Whether `key` (the raw key blob, or its SHA-256 when `isHash`) is recorded for `host` at `port`.
    func verify(host: String, port: Int?, key: [UInt8], isHash: Bool) -> Verdict {
        let name = port.map { $0 == 22 ? host : "[\(host)]:\($0)" } ?? host
        var sawHost = false
        for line in lines {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, !line.hasPrefix("#"), !fields[0].hasPrefix("@"),
                  Self.patterns(String(fields[0]), match: name),
                  let blob = Data(base64Encoded: String(fields[2]))
            else { continue }
            sawHost = true
            let recorded = isHash ? Array(SHA256.hash(data: blob)) : Array(blob)
            if recorded == key { return .match }
        }
        return sawHost ? .mismatch : .unknown
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
