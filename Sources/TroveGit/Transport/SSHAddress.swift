import Foundation

/// Where an ssh remote lives: `ssh://[USER@]HOST[:PORT]/PATH` (also `ssh+git://`, `git+ssh://`) or the
/// scp-like `[USER@]HOST:PATH`, which libgit2 hands to the ssh transport as it is.
struct SSHAddress: Equatable {
    var user: String?
    /// The host as written: a name, an address, or a `Host` alias of the user's ssh config.
    var host: String
    var port: Int?
    /// The repository's path on the host, as the remote command gets it: absolute, `~/…`, or relative to the home.
    var path: String

    static let schemes = ["ssh://", "ssh+git://", "git+ssh://"]

    init(user: String?, host: String, port: Int?, path: String) {
        self.user = user
        self.host = host
        self.port = port
        self.path = path
    }

    /// Parses `url`; `nil` when it names no host or no path, or when the host or user starts with `-`
    /// (ssh would take it for an option: the hole git closed in 2017).
    init?(url: String) {
        let lowered = url.lowercased()
        if let scheme = Self.schemes.first(where: { lowered.hasPrefix($0) }) {
            guard let parsed = Self.parseURL(String(url.dropFirst(scheme.count))) else { return nil }
            self = parsed
        } else {
            guard let parsed = Self.parseScpLike(url) else { return nil }
            self = parsed
        }
        guard !host.isEmpty, !host.hasPrefix("-"), !(user?.hasPrefix("-") ?? false), !path.isEmpty else { return nil }
    }

    /// `[USER@]HOST[:PORT]/PATH`, after the scheme.
    private static func parseURL(_ rest: String) -> SSHAddress? {
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = Substring(rest[..<slash])
        var path = String(rest[slash...])
        path = path.removingPercentEncoding ?? path
        // `ssh://host/~/repo` and `ssh://host/~user/repo` name a path in a home folder, as in git.
        if path.hasPrefix("/~") { path.removeFirst() }
        var user: String?
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            // A password in the URL is of no use to ssh: it is dropped.
            user = String(userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0])
            user = user?.removingPercentEncoding ?? user
            authority = authority[authority.index(after: at)...]
        }
        var host: String
        var port: Int?
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()) else { return nil }
                port = number
            } else if !after.isEmpty {
                return nil
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            let digits = authority[authority.index(after: colon)...]
            if !digits.isEmpty {
                guard let number = Int(digits) else { return nil }
                port = number
            }
        } else {
            host = String(authority)
        }
        if let port, !(1...65535).contains(port) { return nil }
        return SSHAddress(user: user, host: host, port: port, path: path)
    }

    /// `[USER@]HOST:PATH`, or `[USER@][HOST]:PATH` for an address with colons.
    private static func parseScpLike(_ url: String) -> SSHAddress? {
        var rest = Substring(url)
        var user: String?
        // The user ends at the last `@` before the host's colon.
        let hostColon: Substring.Index?
        if let bracket = rest.firstIndex(of: "["), let close = rest[bracket...].firstIndex(of: "]") {
            hostColon = rest[close...].firstIndex(of: ":")
        } else {
            hostColon = rest.firstIndex(of: ":")
        }
        guard let colon = hostColon else { return nil }
        if let at = rest[..<colon].lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        let hostPart = rest[..<colon]
        let path = String(rest[rest.index(after: colon)...])
        var host = String(hostPart)
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        // A slash before the colon makes it a local path (`./a:b`), not a host.
        guard !host.contains("/") else { return nil }
        return SSHAddress(user: user, host: host, port: nil, path: path)
    }

    /// `USER@HOST` or `HOST`, the destination argument of ssh.
    var destination: String { user.map { "\($0)@\(host)" } ?? host }

    /// The command the remote shell runs, e.g. `git-upload-pack '/srv/trove.git'`.
    func remoteCommand(_ service: String) -> String {
        "\(service) \(Self.shellQuoted(path))"
    }

    /// `text` in single quotes for a POSIX shell: `'` becomes `'\''`, and `!` (history expansion in an
    /// interactive csh or bash login shell) `'\!'`, as git quotes it.
    static func shellQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            switch character {
            case "'": quoted += "'\\''"
            case "!": quoted += "'\\!'"
            default: quoted.append(character)
            }
        }
        return quoted + "'"
    }
}
