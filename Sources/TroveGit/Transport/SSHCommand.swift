import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The argument vector that runs the system's ssh for one action, the way git does:
/// `ssh [OPTIONS] [-p PORT] [USER@]HOST "git-upload-pack '/PATH'"`.
///
/// The program is `$TROVE_SSH`, else `$GIT_SSH_COMMAND` (both run by `/bin/sh`, so they may hold
/// options and quotes: `ssh -F ~/trove_ssh_config`), else `$GIT_SSH` (a program, run as is), else
/// `ssh` from the PATH. OpenSSH then does the rest: the user's `~/.ssh/config` (aliases, ports, users,
/// keys, ProxyJump), ssh-agent, passphrase prompts on the terminal, every key type, and every form
/// of known_hosts (`/etc/ssh/ssh_known_hosts`, hashed names, wildcards, `@cert-authority`).
struct SSHCommand {
    let address: SSHAddress
    let security: TransferSecurity
    var environment: [String: String] = ProcessInfo.processInfo.environment
    /// The home in the user database, which ssh reads its files from (it ignores `$HOME`).
    var accountHome: String? = SSHCommand.passwdHome

    /// The argument vector for `service` (`git-upload-pack` or `git-receive-pack`); the first element is
    /// the program, found on the PATH when it has no slash.
    func arguments(service: String) -> [String] {
        let options = self.options + (address.port.map { ["-p", String($0)] } ?? []) + [address.destination, address.remoteCommand(service)]
        if let command = userCommand {
            // As git runs GIT_SSH_COMMAND: the shell splits the command, "$@" keeps our arguments whole.
            return ["/bin/sh", "-c", command + " \"$@\"", command] + options
        }
        return [environment["GIT_SSH"].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"] + options
    }

    /// The ssh command line the user set, if any.
    private var userCommand: String? {
        for name in ["TROVE_SSH", "GIT_SSH_COMMAND"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return nil
    }

    /// The options Trove adds; each is one the user could not mean otherwise.
    var options: [String] {
        var options: [String] = []
        // With nobody at a terminal ssh must not wait for a passphrase or a yes: it fails, and Trove says why.
        if !security.interactive { options += ["-o", "BatchMode=yes"] }
        if let identity = security.identityFile {
            options += ["-i", identity, "-o", "IdentitiesOnly=yes"]
        }
        if let file = security.knownHostsFile {
            options += ["-o", "UserKnownHostsFile=" + Self.configValue(file)]
        }
        options += isolatedHomeOptions
        return options
    }

    /// The home Trove uses, `$HOME`, when it is not the one ssh reads (a sandbox or a test's throwaway home).
    var isolatedHome: String? {
        guard userCommand == nil, let home = environment["HOME"], !home.isEmpty, let accountHome,
              Self.canonical(home) != Self.canonical(accountHome)
        else { return nil }
        return home
    }

    /// Points ssh at `$HOME/.ssh` when `$HOME` is not the account's home, so that Trove and ssh agree
    /// on where the config, the keys and known_hosts are. A user's own ssh command is left as it is.
    private var isolatedHomeOptions: [String] {
        guard let home = isolatedHome else { return [] }
        let folder = home + "/.ssh"
        let config = folder + "/config"
        var options = ["-F", FileManager.default.fileExists(atPath: config) ? config : "/dev/null"]
        if security.knownHostsFile == nil {
            options += ["-o", "UserKnownHostsFile=" + Self.configValue(folder + "/known_hosts")]
        }
        if security.identityFile == nil {
            for name in Self.defaultKeyNames {
                options += ["-o", "IdentityFile=" + Self.configValue(folder + "/" + name)]
            }
        }
        return options
    }

    /// The private keys ssh tries by default, in its order.
    static let defaultKeyNames = ["id_rsa", "id_ecdsa", "id_ecdsa_sk", "id_ed25519", "id_ed25519_sk"]

    /// The folder ssh takes its default keys from: `$HOME/.ssh` when Trove points ssh there, else the account's.
    var keyFolder: String? {
        (isolatedHome ?? accountHome).map { $0 + "/.ssh" }
    }

    /// A value for `-o NAME=VALUE`: ssh splits values at spaces unless they are in double quotes.
    private static func configValue(_ path: String) -> String {
        path.contains(where: \.isWhitespace) ? "\"\(path)\"" : path
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    static var passwdHome: String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
