import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a test's https git server could not be started; the message says what to install or what failed.
public struct HTTPSGitServerError: Error, CustomStringConvertible {
    public var description: String
}

/// A real https git server on 127.0.0.1 for one test, stopped when released: nginx, with basic auth from an
/// htpasswd file, passing git's smart http protocol to `git http-backend` through fcgiwrap.
///
/// Everything it uses is throwaway and lives in its own temporary folder: a test CA (`caFile`, which no
/// system trusts), the server's key and a certificate the CA signed for 127.0.0.1 (or one that expired in
/// 2020), the htpasswd file, nginx's config, logs and temporary folders, and the bare repositories under
/// `repositories`. Besides `/NAME.git` (log in, then read and write), its routes are:
/// - `/forbidden/…`: HTTP 403 for everyone;
/// - `/redirect/…`: HTTP 302 to `/login`, a sign-in web page (text/html), as hosts do for private repositories;
/// - on `proxyPort`, plain http: a "proxy" that refuses every CONNECT (nginx answers it with HTTP 400).
/// nginx and fcgiwrap run as the current user (as root too, in nginx's single-process mode).
public final class HTTPSGitServer: @unchecked Sendable {
    public static let nginxPath = "/usr/sbin/nginx"
    public static let fcgiwrapPath = "/usr/sbin/fcgiwrap"
    public static let opensslPath = "/usr/bin/openssl"
    public static let httpBackendPath = "/usr/lib/git-core/git-http-backend"

    /// The kind of certificate the server shows.
    public enum Certificate: Sendable {
        /// Signed by the test CA for 127.0.0.1, valid from yesterday for 30 days.
        case valid
        /// Signed by the test CA for 127.0.0.1, valid only on 1 January 2020.
        case expired
    }

    public let folder: TemporaryFolder
    /// The https port on 127.0.0.1.
    public private(set) var port = 0
    /// A plain http port whose server refuses to act as a proxy.
    public private(set) var proxyPort = 0
    /// The test CA's certificate (PEM): what `--ca-file` needs.
    public let caFile: String
    /// The folder of bare repositories, served at `/`.
    public let repositories: String
    /// nginx's access log: one line per request, with its status and user.
    public let accessLog: String
    public let errorLog: String
    /// The logins the server accepts, user name to password.
    public let users: [String: String]

    private var nginx: pid_t = 0
    private var fcgiwrap: pid_t = 0
    private let configFile: String

    /// Makes the CA, the certificate, the htpasswd file and the config, then starts the server and waits
    /// (about 10 s at most) until it accepts connections.
    public init(users: [String: String] = ["alice": "s3cret-token"], certificate: Certificate = .valid) throws {
        for (path, package) in [(Self.nginxPath, "nginx"), (Self.fcgiwrapPath, "fcgiwrap"), (Self.opensslPath, "openssl"),
                                (Self.httpBackendPath, "git")] where !FileManager.default.isExecutableFile(atPath: path) {
            throw HTTPSGitServerError(description: "\(path) is missing: the https sync tests need a real web server running "
                + "git http-backend. Install the Debian package \(package) (tools/setup --tests does).")
        }
        let folder = TemporaryFolder("trove-https")
        self.folder = folder
        self.users = users
        repositories = folder.child("repositories")
        accessLog = folder.child("access.log")
        errorLog = folder.child("error.log")
        configFile = folder.child("nginx.conf")
        for name in ["repositories", "tmp", "ca/newcerts"] {
            try FileManager.default.createDirectory(atPath: folder.child(name), withIntermediateDirectories: true)
        }
        caFile = try Self.makeCertificates(in: folder, certificate: certificate)
        var htpasswd = ""
        for (user, password) in users.sorted(by: { $0.key < $1.key }) {
            htpasswd += "\(user):\(try Self.openssl(["passwd", "-apr1", password]).trimmingCharacters(in: .whitespacesAndNewlines))\n"
        }
        try folder.write("htpasswd", htpasswd)
        var lastError: Error?
        for _ in 1...3 {
            let port = try SSHServer.freePort(), proxyPort = try SSHServer.freePort()
            do {
                try Self.writeConfig(configFile, folder: folder, port: port, proxyPort: proxyPort)
                self.port = port
                self.proxyPort = proxyPort
                try start()
                return
            } catch let error as HTTPSGitServerError {
                lastError = error
                stop()
            }
        }
        throw lastError!
    }

    deinit { stop() }

    /// `https://127.0.0.1:PORT/PATH`.
    public func url(_ path: String) -> String { "https://127.0.0.1:\(port)/\(path)" }

    /// The refusing proxy, for `https_proxy`.
    public var proxyURL: String { "http://127.0.0.1:\(proxyPort)" }

    /// Makes an empty bare repository at `path` under `repositories` (e.g. `store.git`, `forbidden/store.git`); returns its folder.
    ///
    /// A `readOnly` one lets logged-in users read, and git http-backend refuses their pushes with HTTP 403
    /// (`http.receivepack false`), as a host does for a user without write access.
    @discardableResult
    public func createRepository(_ path: String, readOnly: Bool = false) throws -> String {
        let target = repositories + "/" + path
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1"]
        var commands = [["init", "--quiet", "--bare", "--initial-branch=main", target]]
        if readOnly { commands.append(["--git-dir", target, "config", "http.receivepack", "false"]) }
        for command in commands {
            let output = try ProcessRunner.run("/usr/bin/env", ["git"] + command, environment: environment)
            guard output.status == 0 else { throw HTTPSGitServerError(description: "git \(command.joined(separator: " ")) failed: \(output.stderr)") }
        }
        return target
    }

    /// The access log's lines so far.
    public var requests: [String] {
        ((try? String(contentsOfFile: accessLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The access log's lines once `condition` holds of them, or as they are after 5 s.
    ///
    /// nginx logs a request when it frees it, which can be after the client has read the response and gone
    /// (a 400 to a CONNECT waits out its lingering close): reading the log at once lost that race in CI (stop 41).
    public func requests(within condition: ([String]) -> Bool) -> [String] {
        let deadline = Date().addingTimeInterval(5)
        var lines = requests
        while !condition(lines) && Date() < deadline {
            usleep(20_000)
            lines = requests
        }
        return lines
    }

    /// Starts fcgiwrap and nginx (again, after `stop`) on the same ports and waits until nginx accepts connections.
    public func start() throws {
        guard nginx == 0 else { return }
        let socket = folder.child("fcgiwrap.sock")
        unlink(socket)
        fcgiwrap = try Self.spawn(Self.fcgiwrapPath, ["-c", "4", "-s", "unix:" + socket])
        try waitUntil("fcgiwrap listens on \(socket)", pid: fcgiwrap) { FileManager.default.fileExists(atPath: socket) }
        nginx = try Self.spawn(Self.nginxPath, ["-p", folder.path, "-c", configFile, "-e", errorLog])
        try waitUntil("nginx accepts connections on 127.0.0.1:\(port)", pid: nginx) {
            SSHServer.accepts(port: port) && SSHServer.accepts(port: proxyPort)
        }
    }

    /// Stops nginx and fcgiwrap with everything they started (git http-backend, git receive-pack, hooks):
    /// SIGKILL to each process group, as when a server goes away mid-transfer.
    public func stop() {
        for pid in [nginx, fcgiwrap] where pid > 0 {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        nginx = 0
        fcgiwrap = 0
    }

    private func waitUntil(_ what: String, pid: pid_t, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if condition() { return }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                if pid == nginx { nginx = 0 } else { fcgiwrap = 0 }
                let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
                throw HTTPSGitServerError(description: "the server exited before \(what): \(log)")
            }
            usleep(20_000)
        }
        throw HTTPSGitServerError(description: "not within 10 s: \(what)")
    }

    /// Starts `executable` in a process group of its own (so that `stop` reaches its children), with its
    /// standard streams on /dev/null. Not Foundation's `Process`, for the reason `SSHServer.spawn` gives.
    private static func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else the test process has open: the server lives as long as its suite, and would hold it.
        SpawnActions.closeInherited(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/sbin:/usr/bin:/sbin:/bin"), nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        guard result == 0 else {
            throw HTTPSGitServerError(description: "could not start \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }

    @discardableResult
    private static func openssl(_ arguments: [String], in folder: String? = nil) throws -> String {
        let output = try ProcessRunner.run(opensslPath, arguments, in: folder, environment: ["PATH": "/usr/bin:/bin"])
        guard output.status == 0 else {
            throw HTTPSGitServerError(description: "openssl \(arguments.first ?? "") failed (exit \(output.status)): \(output.stderr)")
        }
        return output.stdout
    }

    /// A test CA, and a server certificate it signs for 127.0.0.1 (through `openssl ca`, which can date it in the past).
    private static func makeCertificates(in folder: TemporaryFolder, certificate: Certificate) throws -> String {
        let ca = folder.child("ca/ca.crt"), caKey = folder.child("ca/ca.key")
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", ca, "-days", "30",
                     "-subj", "/CN=Trove Test CA \(UUID().uuidString.prefix(8))"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.child("server.key"), "-out", folder.child("server.csr"),
                     "-subj", "/CN=127.0.0.1"])
        let extensions = try folder.write("ca/server.ext", """
            subjectAltName = DNS:127.0.0.1, IP:127.0.0.1
            basicConstraints = CA:FALSE
            keyUsage = digitalSignature, keyEncipherment
            extendedKeyUsage = serverAuth

            """)
        try folder.write("ca/index.txt", "")
        try folder.write("ca/serial", "01\n")
        let config = try folder.write("ca/ca.cnf", """
            [ ca ]
            default_ca = test
            [ test ]
            database = \(folder.child("ca/index.txt"))
            new_certs_dir = \(folder.child("ca/newcerts"))
            serial = \(folder.child("ca/serial"))
            default_md = sha256
            policy = anything
            unique_subject = no
            [ anything ]
            commonName = supplied

            """)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        let (start, end) = switch certificate {
        case .valid: (formatter.string(from: Date().addingTimeInterval(-86_400)), formatter.string(from: Date().addingTimeInterval(30 * 86_400)))
        case .expired: ("20200101000000Z", "20200102000000Z")
        }
        try openssl(["ca", "-batch", "-config", config, "-cert", ca, "-keyfile", caKey, "-in", folder.child("server.csr"),
                     "-out", folder.child("server.crt"), "-startdate", start, "-enddate", end, "-extfile", extensions, "-notext"])
        return ca
    }

    private static func writeConfig(_ file: String, folder: TemporaryFolder, port: Int, proxyPort: Int) throws {
        let backend = """
                  fastcgi_pass unix:\(folder.child("fcgiwrap.sock"));
                  include /etc/nginx/fastcgi_params;
                  fastcgi_param SCRIPT_FILENAME \(httpBackendPath);
                  fastcgi_param GIT_PROJECT_ROOT \(folder.child("repositories"));
                  fastcgi_param GIT_HTTP_EXPORT_ALL "";
                  fastcgi_param GIT_CONFIG_NOSYSTEM 1;
                  fastcgi_param HOME \(folder.path);
                  fastcgi_param PATH /usr/bin:/bin;
                  fastcgi_param PATH_INFO $uri;
                  fastcgi_param REMOTE_USER $remote_user;
            """
        let temporary = folder.child("tmp")
        try folder.write("nginx.conf", """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(folder.child("nginx.pid"));
            error_log \(folder.child("error.log")) info;
            events { worker_connections 64; }
            http {
              access_log \(folder.child("access.log"));
              client_body_temp_path \(temporary)/body;
              fastcgi_temp_path \(temporary)/fastcgi;
              proxy_temp_path \(temporary)/proxy;
              uwsgi_temp_path \(temporary)/uwsgi;
              scgi_temp_path \(temporary)/scgi;
              server {
                listen 127.0.0.1:\(proxyPort);
                return 403;
              }
              server {
                listen 127.0.0.1:\(port) ssl;
                ssl_certificate \(folder.child("server.crt"));
                ssl_certificate_key \(folder.child("server.key"));
                client_max_body_size 0;
                location /login { default_type text/html; return 200 "<html><body><form>Sign in</form></body></html>"; }
                location /redirect/ { return 302 /login; }
                location /forbidden/ { deny all; }
                location / {
                  auth_basic "trove test";
                  auth_basic_user_file \(folder.child("htpasswd"));
            \(backend)
                }
              }
            }

            """)
        _ = file
    }
}
