import Foundation

/// How Trove authenticates to ssh remotes and which host keys it trusts.
public struct TransferSecurity: Sendable {
    /// The private key to offer; `nil` means `~/.ssh/id_ed25519`.
    public var identityFile: String?
    /// The known-hosts file host keys are checked against.
    public var knownHostsFile: String
    /// How many times one connection offers the key. libgit2 asks again after every refusal, but the
    /// same key cannot succeed the second time: offering it again only adds to the failed logins that
    /// get a client banned (fail2ban, MaxAuthTries). Requests for a user name are bounded by it too.
    public var maximumAttempts: Int
    /// Logins and trusted certificates for https remotes (HTTPCredentials.swift).
    public var http = HTTPSecurity()

    public init(identityFile: String? = nil, knownHostsFile: String? = nil, maximumAttempts: Int = 1) {
        self.identityFile = identityFile
        self.knownHostsFile = knownHostsFile ?? UserHome.path + "/.ssh/known_hosts"
        self.maximumAttempts = maximumAttempts
    }

    /// The private key file to use, if one exists.
    var identity: String? {
        let candidate = identityFile ?? UserHome.path + "/.ssh/id_ed25519"
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }
}

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
        return .usable(type: string().flatMap { KnownHosts.keyType(ofBlob: $0) })
    }
}

/// Why a fetch, push or clone failed, in words a person can act on.
public enum TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownHost(host: String, knownHosts: String)
    case hostKeyChanged(host: String, knownHosts: String)
    case noIdentity(path: String)
    case keyRefused(url: String, identity: String)
    /// The identity file exists but cannot be offered: it has a passphrase, or it is no private key.
    case unusableIdentity(path: String, reason: String)
    case unreachable(url: String, reason: String)
    case rejected(reference: String, reason: String)
    /// A hub at a path that is not there: libgit2 takes such a path for a URL and says "unsupported URL protocol".
    case missingHub(path: String)

    public var description: String {
        switch self {
        case .unknownHost(let host, let file):
            return "\(host) is not in \(file): connect once with ssh to check and record its key, then sync again"
        case .hostKeyChanged(let host, let file):
            return "the host key of \(host) does not match \(file): someone may be intercepting the connection; sync refused"
        case .noIdentity(let path):
            return "no ssh key at \(path): make one with 'ssh-keygen -t ed25519' or pass --identity FILE"
        case .keyRefused(let url, let identity):
            if case .usable(type: "ssh-rsa") = PrivateKeyFile.inspect(identity) {
                return "\(url) refused the ssh key \(identity): it is an RSA key, and Trove's ssh library signs with SHA-1 "
                    + "(ssh-rsa), which OpenSSH 8.8 and later refuse; make an ed25519 key with 'ssh-keygen -t ed25519', "
                    + "add its .pub file to the server's ~/.ssh/authorized_keys and pass it with --identity"
            }
            return "\(url) refused the ssh key \(identity): add its .pub file to the server's ~/.ssh/authorized_keys, "
                + "or pass the key the server knows with --identity"
        case .unusableIdentity(let path, let reason):
            return "cannot use the ssh key \(path): \(reason)"
        case .unreachable(let url, let reason):
            return "cannot reach \(url): \(reason)"
        case .rejected(let reference, let reason):
            return "the remote refused \(reference): \(reason)"
        case .missingHub(let path):
            return "the hub folder \(path) is not there (is the drive plugged in?)"
        }
    }
}
