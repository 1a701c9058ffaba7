import Foundation
import Testing
@testable import TroveGit
import TroveTestSupport

/// The ssh command line Trove runs for a remote: what the URL means, how the path is quoted, which options are added.
@Suite("ssh command line")
struct SSHCommandTests {
    @Test("ssh:// URLs and scp-like addresses name the user, host, port and path git would")
    func addresses() {
        #expect(SSHAddress(url: "ssh://me@nas.local:2222/srv/trove.git") == SSHAddress(user: "me", host: "nas.local", port: 2222, path: "/srv/trove.git"))
        #expect(SSHAddress(url: "SSH://nas/srv/trove.git") == SSHAddress(user: nil, host: "nas", port: nil, path: "/srv/trove.git"))
        #expect(SSHAddress(url: "git+ssh://nas/~/trove.git") == SSHAddress(user: nil, host: "nas", port: nil, path: "~/trove.git"))
        #expect(SSHAddress(url: "ssh://me:secret@[::1]:22/a%20b.git") == SSHAddress(user: "me", host: "::1", port: 22, path: "/a b.git"))
        #expect(SSHAddress(url: "git@example.org:me/trove.git") == SSHAddress(user: "git", host: "example.org", port: nil, path: "me/trove.git"))
        #expect(SSHAddress(url: "hub:/srv/trove.git") == SSHAddress(user: nil, host: "hub", port: nil, path: "/srv/trove.git"))
        #expect(SSHAddress(url: "me@[fe80::1]:trove.git") == SSHAddress(user: "me", host: "fe80::1", port: nil, path: "trove.git"))
        // No host, no path, a port that is no number, a local path with a colon, or a host ssh would take for an option.
        for bad in ["ssh:///srv/x", "ssh://host", "ssh://host:port/x", "./a:b", "-oProxyCommand=evil:x",
                    "ssh://-oProxyCommand=evil/x", "ssh://-me@host/x", "host:"] {
            #expect(SSHAddress(url: bad) == nil, "\(bad)")
        }
    }

    @Test("the path reaches the remote shell as one word, whatever it holds")
    func quoting() {
        #expect(SSHAddress.shellQuoted("/srv/trove.git") == "'/srv/trove.git'")
        #expect(SSHAddress.shellQuoted("/srv/it's $HOME `x` !") == #"'/srv/it'\''s $HOME `x` '\!''"#)
        let address = SSHAddress(user: nil, host: "h", port: nil, path: "/a b/'c'")
        #expect(address.remoteCommand("git-upload-pack") == #"git-upload-pack '/a b/'\''c'\'''"#)
    }

    @Test("the argument vector: batch mode without a terminal, the named key only, known_hosts, port, destination")
    func arguments() {
        let address = SSHAddress(user: "me", host: "nas", port: 2222, path: "/srv/trove.git")
        let security = TransferSecurity(identityFile: "/k/id", knownHostsFile: "/k/known hosts", interactive: false)
        let plain = SSHCommand(address: address, security: security, environment: ["HOME": "/home/me"], accountHome: "/home/me")
        #expect(plain.arguments(service: "git-receive-pack") == [
            "ssh", "-o", "BatchMode=yes", "-i", "/k/id", "-o", "IdentitiesOnly=yes", "-o", "UserKnownHostsFile=\"/k/known hosts\"",
            "-p", "2222", "me@nas", "git-receive-pack '/srv/trove.git'",
        ])
        // At a terminal ssh may ask; with nothing named, ssh chooses everything.
        let interactive = SSHCommand(address: SSHAddress(user: nil, host: "nas", port: nil, path: "t.git"),
                                     security: TransferSecurity(interactive: true), environment: ["HOME": "/home/me"], accountHome: "/home/me")
        #expect(interactive.arguments(service: "git-upload-pack") == ["ssh", "nas", "git-upload-pack 't.git'"])
    }

    @Test("TROVE_SSH, then GIT_SSH_COMMAND, run through the shell; GIT_SSH runs as a program")
    func userCommands() {
        let address = SSHAddress(user: nil, host: "nas", port: nil, path: "t.git")
        let security = TransferSecurity(interactive: true)
        let both = SSHCommand(address: address, security: security,
                              environment: ["TROVE_SSH": "ssh -F /c", "GIT_SSH_COMMAND": "ssh -v", "HOME": "/elsewhere"], accountHome: "/home/me")
        #expect(both.arguments(service: "git-upload-pack") == ["/bin/sh", "-c", "ssh -F /c \"$@\"", "ssh -F /c", "nas", "git-upload-pack 't.git'"],
                "a user's own command is left alone: no -F for the other HOME")
        let git = SSHCommand(address: address, security: security, environment: ["GIT_SSH_COMMAND": "ssh -v"], accountHome: "/home/me")
        #expect(git.arguments(service: "git-upload-pack").prefix(4) == ["/bin/sh", "-c", "ssh -v \"$@\"", "ssh -v"])
        let program = SSHCommand(address: address, security: security, environment: ["GIT_SSH": "/opt/ssh"], accountHome: "/home/me")
        #expect(program.arguments(service: "git-upload-pack") == ["/opt/ssh", "nas", "git-upload-pack 't.git'"])
    }

    @Test("a HOME that is not the account's home points ssh at HOME/.ssh: its config, known_hosts and default keys")
    func isolatedHome() throws {
        let folder = TemporaryFolder("trove-ssh-home")
        let home = folder.path
        let address = SSHAddress(user: nil, host: "hub", port: nil, path: "t.git")
        let security = TransferSecurity(interactive: true)
        let withoutConfig = SSHCommand(address: address, security: security, environment: ["HOME": home], accountHome: "/root")
        let expectedKeys = SSHCommand.defaultKeyNames.flatMap { ["-o", "IdentityFile=\(home)/.ssh/\($0)"] }
        #expect(withoutConfig.options == ["-F", "/dev/null", "-o", "UserKnownHostsFile=\(home)/.ssh/known_hosts"] + expectedKeys)
        try folder.write(".ssh/config", "Host hub\n  HostName 127.0.0.1\n")
        let withConfig = SSHCommand(address: address, security: security, environment: ["HOME": home], accountHome: "/root")
        #expect(withConfig.options.prefix(2) == ["-F", "\(home)/.ssh/config"])
        #expect(withConfig.keyFolder == home + "/.ssh")
        // The account's own home: nothing added, ssh reads its usual files.
        let same = SSHCommand(address: address, security: security, environment: ["HOME": home], accountHome: home)
        #expect(same.options.isEmpty)
    }

    @Test("ssh's complaints become reasons a person can act on")
    func failures() {
        let address = SSHAddress(user: "me", host: "nas", port: 2222, path: "/srv/t.git")
        let command = SSHCommand(address: address, security: TransferSecurity(interactive: true), environment: [:], accountHome: nil)
        let failure = SSHFailure(address: address, url: "ssh://me@nas:2222/srv/t.git", command: command)
        #expect(failure.error(stderr: "No ED25519 host key is known for [nas]:2222 and you have requested strict checking.\r\nHost key verification failed.\r\n", exitCode: 255)
            == .unknownHost(host: "nas", port: 2222))
        #expect(failure.error(stderr: "@@@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @@@\nOffending ED25519 key in /h/.ssh/known_hosts:3\nHost key verification failed.\n", exitCode: 255)
            == .hostKeyChanged(host: "nas", knownHosts: "/h/.ssh/known_hosts:3"))
        #expect(failure.error(stderr: "me@nas: Permission denied (publickey).\r\n", exitCode: 255) == .keyRefused(url: "ssh://me@nas:2222/srv/t.git", identity: nil))
        #expect(failure.error(stderr: "FATAL: W any t me DENIED by fallthru\n(or you mis-spelled the reponame)\n", exitCode: 1)
            == .noWritePermission(url: "ssh://me@nas:2222/srv/t.git"))
        #expect(failure.error(stderr: "ssh: Could not resolve hostname nas: Name or service not known\r\n", exitCode: 255)
            == .unreachable(url: "ssh://me@nas:2222/srv/t.git", reason: "the host name nas is not known (no such host, or no network)"))
        #expect(failure.error(stderr: "", exitCode: nil, signal: 9)
            == .unreachable(url: "ssh://me@nas:2222/srv/t.git", reason: "ssh was stopped by signal 9 before it finished"))
    }
}
