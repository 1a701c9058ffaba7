import Foundation

/// Turns what ssh (and the server's git, git-shell or gitolite behind it) wrote to standard error into
/// the reason a person can act on.
struct SSHFailure {
    let address: SSHAddress
    /// The remote's URL as the user gave it.
    let url: String
    let command: SSHCommand

    func error(stderr: String, exitCode: Int32?, signal: Int32? = nil) -> TransferError {
        let lines = stderr.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        func has(_ text: String) -> Bool { stderr.localizedCaseInsensitiveContains(text) }

        if has("REMOTE HOST IDENTIFICATION HAS CHANGED") || has("HOST KEY HAS CHANGED") || has("Host key for ") && has("has changed") {
            return .hostKeyChanged(host: address.host, knownHosts: offendingEntry(lines) ?? "")
        }
        if has("Host key verification failed") || has("host key is known for") {
            return .unknownHost(host: address.host, port: address.port.flatMap { $0 == 22 ? nil : $0 })
        }
        if let name = lines.lazy.compactMap(unresolvedName).first {
            return .unreachable(url: url, reason: "the host name \(name) is not known (no such host, or no network)")
        }
        if has("Connection refused") {
            return .unreachable(url: url, reason: "nothing accepts ssh connections at \(hostAndPort) (connection refused)")
        }
        if has("Connection timed out") || has("Operation timed out") {
            return .unreachable(url: url, reason: "\(hostAndPort) does not answer (connection timed out)")
        }
        if has("No route to host") || has("Network is unreachable") {
            return .unreachable(url: url, reason: "there is no route to \(address.host) from here (no network?)")
        }
        if has("Permission denied (") || has("Too many authentication failures") {
            if !command.security.interactive, let locked = lockedKey {
                return .passphraseNeeded(identity: locked)
            }
            return .keyRefused(url: url, identity: command.security.identityFile)
        }
        // gitolite: "FATAL: W any REPO USER DENIED by fallthru"; "FATAL: R any …" for reading.
        if let fatal = lines.first(where: { $0.hasPrefix("FATAL:") && $0.contains("DENIED") }) {
            let words = fatal.split(separator: " ")
            return words.count > 1 && words[1].hasPrefix("R") ? .noReadPermission(url: url) : .noWritePermission(url: url)
        }
        if has("does not appear to be a git repository") || has("No such file or directory") && has(address.path)
            || has("FATAL: repo") && has("does not exist") {
            return .unreachable(url: url, reason: "there is no repository at \(address.path) on \(address.host)")
        }
        if has("unrecognized command") || has("git-shell") && has("not allowed") {
            return .unreachable(url: url, reason: "the server does not let this account run git's commands")
        }
        if let last = lines.last(where: { !$0.isEmpty && !$0.hasPrefix("Warning: Permanently added") }) {
            return .unreachable(url: url, reason: "ssh said: \(last)")
        }
        if let signal {
            return .unreachable(url: url, reason: "ssh was stopped by signal \(signal) before it finished")
        }
        return .unreachable(url: url, reason: exitCode.map { "ssh ended without a word (exit status \($0))" } ?? "ssh ended without a word")
    }

    private var hostAndPort: String {
        address.port.map { "\(address.host) port \($0)" } ?? address.host
    }

    /// `FILE:LINE` from ssh's "Offending ED25519 key in FILE:LINE".
    private func offendingEntry(_ lines: [String]) -> String? {
        for line in lines {
            guard let range = line.range(of: " key in ") , line.hasPrefix("Offending") else { continue }
            return String(line[range.upperBound...])
        }
        return nil
    }

    /// The name in "ssh: Could not resolve hostname NAME: …".
    private func unresolvedName(_ line: String) -> String? {
        guard let range = line.range(of: "Could not resolve hostname ") else { return nil }
        let rest = line[range.upperBound...]
        return String(rest.split(separator: ":", maxSplits: 1).first ?? rest)
    }

    /// The key file that would have been offered but has a passphrase: the named identity, else a
    /// default key in ssh's key folder. (With an agent holding it, ssh would have used it.)
    private var lockedKey: String? {
        let candidates: [String]
        if let identity = command.security.identityFile {
            candidates = [identity]
        } else if let folder = command.keyFolder {
            candidates = SSHCommand.defaultKeyNames.map { folder + "/" + $0 }
        } else {
            candidates = []
        }
        return candidates.first { PrivateKeyFile.inspect($0) == .encrypted }
    }
}
