import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a test's sshd could not be started; the message says what to install or what sshd said.
public struct SSHServerError: Error, CustomStringConvertible {
    public var description: String
    /// sshd itself exited (and was reaped) before it listened.
    var exited = false

    public init(description: String) {
        self.description = description
    }

    init(description: String, exited: Bool) {
        self.description = description
        self.exited = exited
    }
}

/// A real OpenSSH `sshd` on 127.0.0.1, run as the current user for one test, stopped when released.
///
/// Everything it uses is throwaway and lives in its own temporary folder: an ed25519 host key, an
/// ed25519 client key (the only one in `authorized_keys`), the config, the pid file, the log and a
/// `known_hosts` file that trusts the host key. It works as root (it creates `/run/sshd`, which
/// sshd needs for privilege separation) and as a normal user (who can only log in as themselves).
/// Logins run real `git-shell` (sshd's `ForceCommand`), as on a server that only serves git, unless
/// the test passes another `forceCommand` (or `nil`, to let authorized_keys lines choose, as gitolite does).
public final class SSHServer: @unchecked Sendable {
    public static let sshdPath = "/usr/sbin/sshd"
    public static let keygenPath = "/usr/bin/ssh-keygen"
    /// git's restricted login shell, which runs only git-upload-pack and git-receive-pack (and refuses the rest).
    public static let gitShell = "/usr/bin/git-shell -c \"$SSH_ORIGINAL_COMMAND\""

    /// The folder holding the keys, config and log.
    public let folder: TemporaryFolder
    /// The port sshd listens on, on 127.0.0.1.
    public let port: Int
    /// The login name: the user running the tests.
    public let user: String
    /// The throwaway client private key, authorized on this server (its `.pub` sits next to it).
    public let clientKey: String
    /// The host public key, `ssh-ed25519 AAAA…`.
    public let hostPublicKey: String
    /// `[127.0.0.1]:PORT ssh-ed25519 AAAA…`, the line ssh would record for this server.
    public var knownHostsLine: String { "[127.0.0.1]:\(port) \(hostPublicKey)" }
    /// A known_hosts file holding `knownHostsLine` only.
    public let knownHostsFile: String
    /// The file sshd reads authorized keys from.
    public let authorizedKeysFile: String
    /// sshd's log (`-E`), at LogLevel VERBOSE.
    public let logFile: String
    /// sshd's process id; it is our child (spawned directly, see `spawn`).
    private let pid: pid_t

    /// The public keys of every host key, by type (`ed25519`, `ecdsa`, …); `hostPublicKey` is the ed25519 one.
    public let hostPublicKeys: [String: String]

    /// Generates the keys, writes the config, starts sshd and waits (about 5 s at most) until it accepts connections.
    ///
    /// `extraHostKeyTypes` (ssh-keygen `-t` names such as `ecdsa` or `rsa`) adds host keys next to the ed25519 one,
    /// as on a typical server; `extraConfig` is appended to sshd_config.
    public init(extraHostKeyTypes: [String] = [], extraConfig: String = "", forceCommand: String? = SSHServer.gitShell) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.sshdPath) else {
            throw SSHServerError(description: "\(Self.sshdPath) is missing: the ssh sync tests need a real OpenSSH server. "
                + "Install the Debian package openssh-server (tools/setup does: apt-get install openssh-server).")
        }
        guard FileManager.default.isExecutableFile(atPath: Self.keygenPath) else {
            throw SSHServerError(description: "\(Self.keygenPath) is missing: install the Debian package openssh-client (tools/setup does).")
        }
        let folder = TemporaryFolder("trove-sshd")
        self.folder = folder
        let user = Self.currentUser
        self.user = user
        if geteuid() == 0 {
            // sshd running as root chroots its pre-auth child into this folder and refuses to start without it.
            try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
        }
        let hostKey = try Self.makeKey(at: folder.child("host_ed25519"), comment: "trove-test-host")
        var hostKeys = [hostKey]
        var hostPublicKeys = ["ed25519": try Self.publicKey(of: hostKey)]
        for type in extraHostKeyTypes {
            let key = try Self.makeKey(at: folder.child("host_\(type)"), type: type, comment: "trove-test-host")
            hostKeys.append(key)
            hostPublicKeys[type] = try Self.publicKey(of: key)
        }
        self.hostPublicKeys = hostPublicKeys
        let clientKey = try Self.makeKey(at: folder.child("client_ed25519"), comment: "trove-test-client")
        self.clientKey = clientKey
        let hostPublicKey = try Self.publicKey(of: hostKey)
        self.hostPublicKey = hostPublicKey
        let authorizedKeysFile = try folder.write("authorized_keys", try Self.publicKey(of: clientKey) + "\n")
        self.authorizedKeysFile = authorizedKeysFile
        let logFile = folder.child("sshd.log")
        self.logFile = logFile

        let forced = forceCommand.map { "ForceCommand \($0)" } ?? ""
        let started = try Self.start(folder: folder, hostKeys: hostKeys, user: user, authorizedKeysFile: authorizedKeysFile,
                                     logFile: logFile, extraConfig: extraConfig + "\n" + forced)
        port = started.0
        pid = started.1
        knownHostsFile = try folder.write("known_hosts", "[127.0.0.1]:\(started.0) \(hostPublicKey)\n")
    }

    /// Writes the config and starts sshd on a free port; returns once it accepts connections.
    private static func start(folder: TemporaryFolder, hostKeys: [String], user: String, authorizedKeysFile: String,
                              logFile: String, extraConfig: String) throws -> (Int, pid_t) {
        // The free port is found by binding port 0 and letting it go; another process may take it in
        // between, so a start that fails to bind is retried on a new port.
        var lastError: Error?
        for _ in 1...3 {
            let port = try freePort()
            let config = try folder.write("sshd_config", """
                ListenAddress 127.0.0.1
                Port \(port)
                \(hostKeys.map { "HostKey \($0)" }.joined(separator: "\n"))
                PidFile \(folder.child("sshd.pid"))
                AuthorizedKeysFile \(authorizedKeysFile)
                StrictModes no
                PubkeyAuthentication yes
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                UsePAM no
                PermitRootLogin prohibit-password
                AllowUsers \(user)
                LoginGraceTime 30
                MaxAuthTries 6
                PrintMotd no
                LogLevel VERBOSE
                \(extraConfig)

                """)
            try? FileManager.default.removeItem(atPath: logFile)
            // sshd re-executes itself for each connection, so it needs its absolute path and config path.
            let pid = try spawn(sshdPath, ["-D", "-e", "-f", config, "-E", logFile])
            do {
                try waitUntilListening(port: port, pid: pid, logFile: logFile)
                return (port, pid)
            } catch let error as SSHServerError {
                lastError = error
                if !error.exited { stop(pid) }
            }
        }
        throw lastError!
    }

    deinit { Self.stop(pid) }

    /// Starts `executable` with its standard streams on /dev/null and returns its pid.
    ///
    /// Not Foundation's `Process`: on Linux its one monitoring thread makes a blocking `waitpid` for a
    /// child as soon as the child closes the inherited status socket, which sshd does at once; that
    /// thread then waits for sshd to exit, and no other `Process` of the test (the `trove` binary)
    /// is reaped until then, so `waitUntilExit` hangs.
    static func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw SSHServerError(description: "could not start \(executable): error \(result) (\(String(cString: strerror(result))))") }
        return pid
    }

    /// Whether the child `pid` has exited (and reaps it if so).
    static func hasExited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
    }

    /// Stops sshd: SIGTERM, then SIGKILL if it is still there after 5 s; always reaps it.
    static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if hasExited(pid) { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// `ssh://USER@127.0.0.1:PORT/PATH` for an absolute `path` on this machine.
    public func url(_ path: String) -> String { "ssh://\(user)@127.0.0.1:\(port)\(path)" }

    /// What sshd has logged so far.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// Makes another throwaway key pair in the server's folder, not authorized anywhere; returns the private key's path.
    public func makeUnauthorizedKey(named name: String, type: String = "ed25519", passphrase: String = "") throws -> String {
        try Self.makeKey(at: folder.child(name), type: type, passphrase: passphrase, comment: "trove-test-\(name)")
    }

    /// Adds the public key of the private key at `path` to `authorized_keys`.
    public func authorize(_ path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: authorizedKeysFile))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((try Self.publicKey(of: path) + "\n").utf8))
    }

    /// The `ssh-ed25519 AAAA…` public key of the private key at `path` (read from `path.pub`).
    public static func publicKey(of path: String) throws -> String {
        let text = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        let fields = text.split(separator: " ")
        guard fields.count >= 2 else { throw SSHServerError(description: "\(path).pub is not a public key: \(text)") }
        return "\(fields[0]) \(fields[1])"
    }

    /// Runs `ssh-keygen -t ed25519 -N ''` (or the given type and passphrase) for a key at `path`; returns `path`.
    @discardableResult
    public static func makeKey(at path: String, type: String = "ed25519", passphrase: String = "", comment: String) throws -> String {
        let output = try ProcessRunner.run(keygenPath, ["-q", "-t", type, "-N", passphrase, "-C", comment, "-f", path],
                                           environment: ProcessInfo.processInfo.environment)
        guard output.status == 0 else {
            throw SSHServerError(description: "ssh-keygen failed (exit \(output.status)): \(output.stderr)")
        }
        return path
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SSHServerError(description: "socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw SSHServerError(description: "bind() to 127.0.0.1:0 failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw SSHServerError(description: "getsockname() failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func waitUntilListening(port: Int, pid: pid_t, logFile: String) throws {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            // The log line comes once the socket listens; connecting is the check that counts.
            if accepts(port: port) { return }
            guard !hasExited(pid) else {
                let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
                throw SSHServerError(description: "sshd exited before listening on port \(port): \(log)", exited: true)
            }
            usleep(50_000)
        }
        let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        throw SSHServerError(description: "sshd did not accept connections on 127.0.0.1:\(port) within 5 s: \(log)")
    }

    private static var currentUser: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? NSUserName()
    }
}
