import Foundation

/// What Trove can tell about a private key file without its passphrase.
struct PrivateKeyFile {
    enum Kind: Equatable {
        /// A key that can be offered; `type` is `ssh-ed25519`, `ssh-rsa`, … when known.
        case usable(type: String?)
        case encrypted
        case unreadable
        case notAKey
    }

    static func inspect(_ path: String) -> Kind {
        guard let data = FileManager.default.contents(atPath: path) else { return .unreadable }
        let text = String(decoding: data, as: UTF8.self)
        if let body = pemBody(text, label: "OPENSSH PRIVATE KEY") {
            return openSSHKind(body)
        }
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED") {
            return .encrypted
        }
        for (label, type) in [("RSA PRIVATE KEY", "ssh-rsa"), ("EC PRIVATE KEY", "ecdsa"), ("DSA PRIVATE KEY", "ssh-dss"),
                              ("PRIVATE KEY", nil as String?)] where pemBody(text, label: label) != nil {
            return .usable(type: type)
        }
        return .notAKey
    }

    /// The decoded body of the PEM block `-----BEGIN LABEL-----`, if the text holds one.
    private static func pemBody(_ text: String, label: String) -> [UInt8]? {
        guard let begin = text.range(of: "-----BEGIN \(label)-----"),
              let end = text.range(of: "-----END \(label)-----", range: begin.upperBound..<text.endIndex)
        else { return nil }
        let base64 = text[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        return Data(base64Encoded: String(base64)).map(Array.init) ?? []
    }

    /// Reads the header of an `openssh-key-v1` blob: cipher name, kdf, and the first public key's type.
    private static func openSSHKind(_ blob: [UInt8]) -> Kind {
        let magic = Array("openssh-key-v1".utf8) + [0]
        guard blob.starts(with: magic) else { return .notAKey }
        var offset = magic.count
        func string() -> [UInt8]? {
            guard blob.count >= offset + 4 else { return nil }
            let length = blob[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length >= 0, blob.count >= offset + 4 + length else { return nil }
            defer { offset += 4 + length }
            return Array(blob[(offset + 4)..<(offset + 4 + length)])
        }
        guard let cipher = string(), string() != nil, string() != nil else { return .notAKey }  // cipher, kdf name, kdf options
        if cipher != Array("none".utf8) { return .encrypted }
        offset += 4  // the number of keys
        return .usable(type: string().flatMap { keyType(ofBlob: $0) })
    }

    /// The key type a public key blob starts with (`ssh-ed25519`, `ecdsa-sha2-nistp256`, …), as an ssh string.
    static func keyType(ofBlob blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = blob[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, blob.count >= 4 + length else { return nil }
        return String(decoding: blob[4..<(4 + length)], as: UTF8.self)
    }
}
