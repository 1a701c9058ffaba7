import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real `ssh-agent` for one test, on its own socket, stopped (and reaped) when released.
public final class SSHAgent: @unchecked Sendable {
    public static let agentPath = "/usr/bin/ssh-agent"
    public static let addPath = "/usr/bin/ssh-add"

    private let folder: TemporaryFolder
    /// The value for `SSH_AUTH_SOCK`.
    public let socket: String
    private let pid: pid_t

    /// Starts the agent and waits (about 5 s at most) until its socket is there.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.agentPath) else {
            throw SSHServerError(description: "\(Self.agentPath) is missing: install the Debian package openssh-client (tools/setup does).")
        }
        folder = TemporaryFolder("trove-agent")
        socket = folder.child("agent.sock")
        pid = try SSHServer.spawn(Self.agentPath, ["-D", "-a", socket])
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline, !SSHServer.hasExited(pid) else {
                throw SSHServerError(description: "ssh-agent did not make its socket \(socket)")
            }
            usleep(20_000)
        }
    }

    deinit { SSHServer.stop(pid) }

    /// Adds the private key at `path`, unlocking it with `passphrase` (given through SSH_ASKPASS, no terminal needed).
    public func add(_ path: String, passphrase: String) throws {
        let askpass = try folder.write("askpass-\(UUID().uuidString).sh", "#!/bin/sh\nprintf '%s\\n' '\(passphrase)'\n")
        chmod(askpass, 0o700)
        var environment = ProcessInfo.processInfo.environment
        environment["SSH_AUTH_SOCK"] = socket
        environment["SSH_ASKPASS"] = askpass
        environment["SSH_ASKPASS_REQUIRE"] = "force"
        environment["DISPLAY"] = environment["DISPLAY"] ?? ":0"
        let output = try ProcessRunner.run(Self.addPath, [path], environment: environment)
        guard output.status == 0 else { throw SSHServerError(description: "ssh-add \(path) failed (exit \(output.status)): \(output.stderr)") }
    }

    /// The public keys the agent holds (`ssh-add -L`), `TYPE BASE64` each.
    public func keys() throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SSH_AUTH_SOCK"] = socket
        let output = try ProcessRunner.run(Self.addPath, ["-L"], environment: environment)
        return output.stdout.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
    }
}
