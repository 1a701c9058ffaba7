import Foundation

/// How Trove authenticates to ssh remotes and which host keys it trusts.
public struct TransferSecurity: Sendable {
    /// The private key to offer; `nil` means `~/.ssh/id_ed25519`.
    public var identityFile: String?
    /// The known-hosts file host keys are checked against.
    public var knownHostsFile: String
    /// libgit2 asks again after every refused credential; stop after this many.
    public var maximumAttempts: Int

    public init(identityFile: String? = nil, knownHostsFile: String? = nil, maximumAttempts: Int = 2) {
        self.identityFile = identityFile
        self.knownHostsFile = knownHostsFile ?? NSHomeDirectory() + "/.ssh/known_hosts"
        self.maximumAttempts = maximumAttempts
    }

    /// The private key file to use, if one exists.
    var identity: String? {
        let candidate = identityFile ?? NSHomeDirectory() + "/.ssh/id_ed25519"
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
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

    public var description: String {
        switch self {
        case .unknownHost(let host, let file):
            return "\(host) is not in \(file): connect once with ssh to check and record its key, then sync again"
        case .hostKeyChanged(let host, let file):
            return "the host key of \(host) does not match \(file): someone may be intercepting the connection; sync refused"
        case .noIdentity(let path):
            return "no ssh key at \(path): make one with 'ssh-keygen -t ed25519' or pass --identity FILE"
        case .keyRefused(let url, let identity):
            return "\(url) refused the ssh key \(identity)"
        case .unusableIdentity(let path, let reason):
            return "cannot use the ssh key \(path): \(reason)"
        case .unreachable(let url, let reason):
            return "cannot reach \(url): \(reason)"
        case .rejected(let reference, let reason):
            return "the remote refused \(reference): \(reason)"
        }
    }
}
