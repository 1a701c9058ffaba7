import Foundation

/// How Trove authenticates to ssh remotes and which host keys it trusts.
///
/// ssh remotes go through the system's ssh program (`SSHCommand`), so everything else comes from the
/// user's ssh setup: `~/.ssh/config`, ssh-agent, the default keys, known_hosts.
public struct TransferSecurity: Sendable {
    /// The private key to offer, and no other (`-i FILE -o IdentitiesOnly=yes`); `nil` lets ssh choose.
    public var identityFile: String?
    /// A known_hosts file to check host keys against instead of the user's (`TROVE_KNOWN_HOSTS`); `nil` leaves it to ssh.
    public var knownHostsFile: String?
    /// How many times a login is attempted where Trove answers the server's questions itself.
    public var maximumAttempts: Int
    /// Whether someone at a terminal can answer ssh (a passphrase, a new host key). When not, ssh runs
    /// with BatchMode and its failures become messages.
    public var interactive: Bool
    /// Logins and trusted certificates for https remotes (HTTPCredentials.swift).
    public var http = HTTPSecurity()

    public init(identityFile: String? = nil, knownHostsFile: String? = nil, maximumAttempts: Int = 1,
                interactive: Bool = isatty(STDIN_FILENO) == 1) {
        self.identityFile = identityFile
        self.knownHostsFile = knownHostsFile
        self.maximumAttempts = maximumAttempts
        self.interactive = interactive
    }
}

/// Why a fetch, push or clone failed, in words a person can act on.
public enum TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ssh knows no host key for the host (`port` when not 22); `host` is as the URL names it.
    case unknownHost(host: String, port: Int?)
    /// The host shows another key than the one recorded in `knownHosts` (`FILE:LINE` when ssh said).
    case hostKeyChanged(host: String, knownHosts: String)
    case noIdentity(path: String)
    /// The server refused every key offered: `identity` when one was named, else the ones ssh chose.
    case keyRefused(url: String, identity: String?)
    /// The key that would log in has a passphrase, and there is neither a terminal to ask for it nor an agent holding it.
    case passphraseNeeded(identity: String)
    /// The identity file exists but cannot be offered: it is no private key, or cannot be read.
    case unusableIdentity(path: String, reason: String)
    /// The login worked, but the account may not write to the repository (gitolite's "W … DENIED").
    case noWritePermission(url: String)
    /// The login worked, but the account may not read the repository.
    case noReadPermission(url: String)
    case unreachable(url: String, reason: String)
    case rejected(reference: String, reason: String)
    /// A hub at a path that is not there: libgit2 takes such a path for a URL and says "unsupported URL protocol".
    case missingHub(path: String)

    public var description: String {
        switch self {
        case .unknownHost(let host, let port):
            let target = port.map { "-p \($0) \(host)" } ?? host
            return "the host key of \(host) is not known yet, so sync stopped: connect once with 'ssh \(target)' "
                + "from a terminal and check the fingerprint it shows (or add the key with 'ssh-keyscan \(target) "
                + ">> ~/.ssh/known_hosts'), then sync again"
        case .hostKeyChanged(let host, let file):
            let recorded = file.isEmpty ? "the one recorded" : "the one recorded in \(file)"
            return "the host key of \(host) does not match \(recorded): someone may be intercepting the connection; "
                + "sync refused. If the server's key really changed, remove the old one with 'ssh-keygen -R \(host)'"
        case .noIdentity(let path):
            return "no ssh key at \(path): pass an existing private key with --identity FILE, or make one with 'ssh-keygen -t ed25519'"
        case .keyRefused(let url, let identity):
            let key = identity.map { "the ssh key \($0)" } ?? "every ssh key offered"
            return "\(url) refused \(key) (permission denied): add the key's .pub file to the server's "
                + "~/.ssh/authorized_keys, or pass the key the server knows with --identity"
        case .passphraseNeeded(let identity):
            return "the ssh key \(identity) has a passphrase, and with no terminal to type it ssh could not use it: "
                + "add the key to ssh-agent ('ssh-add \(identity)') or sync from a terminal"
        case .unusableIdentity(let path, let reason):
            return "cannot use the ssh key \(path): \(reason)"
        case .noWritePermission(let url):
            return "no permission to write to \(url): the server lets this key read the hub but not change it"
        case .noReadPermission(let url):
            return "no permission to read \(url): the server does not let this key use that repository"
        case .unreachable(let url, let reason):
            return "cannot reach \(url): \(reason)"
        case .rejected(let reference, let reason):
            return "the remote refused \(reference): \(reason)"
        case .missingHub(let path):
            return "the hub folder \(path) is not there (is the drive plugged in?)"
        }
    }
}
