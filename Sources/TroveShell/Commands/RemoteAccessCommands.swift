import ArgumentParser
import Foundation
import TroveGit
import TroveStore

/// `--username U --password-stdin --ca-file FILE`: how to log in to an https remote and which CA signs its certificate.
struct HTTPLoginOptions: ParsableArguments {
    @Option(help: "The user name for an https:// remote (with a password or access token).")
    var username: String?
    @Flag(help: "Read the password or access token from the first line of standard input (else it is asked on the terminal).")
    var passwordStdin = false
    @Option(help: ArgumentHelp("The CA certificate file that signs an https:// server's certificate (a self-hosted server).",
                               valueName: "file"), completion: .file())
    var caFile: String?

    var givesLogin: Bool { username != nil || passwordStdin }

    /// The CA file as an absolute path, checked to be readable.
    func absoluteCAFile() throws -> String? {
        guard let caFile else { return nil }
        let path = caFile.hasPrefix("/") ? caFile : FileManager.default.currentDirectoryPath + "/" + caFile
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: standardized) else {
            throw CommandFailure(message: "cannot read the CA certificate file \(caFile)")
        }
        return standardized
    }

    /// The login these options give for `url` (whose own user name counts when --username is missing), if any.
    func login(for url: String, _ env: CommandEnvironment) throws -> HTTPLogin? {
        guard givesLogin else { return nil }
        guard let username = username ?? RemoteURL.username(in: url) else {
            throw CommandFailure(message: "--password-stdin needs --username (the name the server knows you by)")
        }
        let password = try PasswordInput.current(env, fromStandardInput: passwordStdin,
                                                 prompt: "Password or token for \(username) at \(RemoteURL.site(url)): ")
        guard !password.isEmpty else { throw CommandFailure(message: "the password is empty: nothing was kept") }
        return HTTPLogin(username: username, password: password)
    }

    /// The URL to clone (without a login in it) and the security to clone it with: these options' login and CA file.
    func cloning(_ url: String, security: TransferSecurity, _ env: CommandEnvironment) throws -> (String, TransferSecurity) {
        try requireHTTP(url)
        let (url, inlineLogin) = RemoteURL.splittingLogin(url)
        var security = security
        security.http.login = try login(for: url, env) ?? inlineLogin
        security.http.caFile = try absoluteCAFile()
        return (url, security)
    }

    /// After a clone: keeps the login given for it, so that syncs need not ask.
    func keep(_ security: TransferSecurity, for url: String) throws {
        if let login = security.http.login { try security.http.credentials?.save(login, for: url) }
    }

    /// Refuses login and CA options for a remote that is not http(s).
    func requireHTTP(_ url: String) throws {
        if (givesLogin || caFile != nil) && !RemoteURL.isHTTP(url) {
            throw CommandFailure(message: "--username, --password-stdin and --ca-file are for https:// remotes only")
        }
    }
}

/// Small facts about remote URLs for the commands.
enum RemoteURL {
    static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    static func username(in url: String) -> String? {
        URLComponents(string: url)?.user.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding ?? $0 }
    }

    static func site(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        return components.port.map { "\(host):\($0)" } ?? host
    }

    /// An https URL with a password in it (`https://me:secret@host/…`) split into the URL without the
    /// login, which is what goes into the store's git config, and the login, which goes to the credentials file.
    static func splittingLogin(_ url: String) -> (url: String, login: HTTPLogin?) {
        guard isHTTP(url), var components = URLComponents(string: url), let password = components.password,
              let user = components.user else { return (url, nil) }
        components.user = nil
        components.password = nil
        return (components.string ?? url,
                HTTPLogin(username: user.removingPercentEncoding ?? user, password: password.removingPercentEncoding ?? password))
    }
}

extension TransferSecurity {
    /// The same, asking for a missing https login on the terminal when someone can answer.
    func askingOnTerminal(_ env: CommandEnvironment) -> TransferSecurity {
        var security = self
        guard env.terminal.canAsk else { return security }
        security.http.ask = { url, username in
            env.err.write("\(RemoteURL.site(url)) asks for a login for \(CredentialStore.key(for: url))\n")
            guard let name = username ?? Prompts.text(env, "User name: "), !name.isEmpty,
                  let password = Prompts.secret(env, "Password or token for \(name): "), !password.isEmpty else { return nil }
            return HTTPLogin(username: name, password: password)
        }
        return security
    }
}

extension RemoteCommand {
    /// `trove remote test NAME`: reach, log in, read and may-write, without changing anything.
    struct Test: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Check that a remote can be reached, logged in to, read and written (nothing is changed).",
            discussion: "Example: trove remote test origin")
        @Argument(help: "The remote's name.", completion: DataCompletion.remoteNames) var name: String
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env, requiringSignIn: false)
            let url = try store.remoteURL(name)
            env.out.line("\(name): \(url)")
            let readOK = { (report: RemoteTestReport) in
                let head = report.head.map { "main at \(String("\($0)".prefix(10)))" } ?? "empty: nothing was pushed there yet"
                env.out.line("  reach, log in, read: ok (\(head))")
            }
            do {
                readOK(try store.testRemote(name: name, security: transfer.security(env)))
                env.out.line("  write: ok")
            } catch let failure as RemoteTestFailure {
                if let read = failure.read { readOK(read) }
                env.out.line(failure.stage == .read ? "  reach, log in, read: failed" : "  write: failed")
                throw CommandFailure(message: TransferFailureText.describe(failure.reason, remote: name, url: url, testing: true))
            }
        }
    }

    /// `trove remote login NAME`: keep (or replace) the login for an https remote.
    struct Login: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "login", abstract: "Keep the user name and password or token for an https:// remote.",
            discussion: """
                The login is kept in a file only you can read ($XDG_CONFIG_HOME/trove/credentials.json), never in the store.
                Examples:
                  trove remote login origin --username me
                  echo "$TOKEN" | trove remote login origin --username me --password-stdin
                """)
        @Argument(help: "The remote's name.", completion: DataCompletion.remoteNames) var name: String
        @Option(help: "The user name the server knows you by.") var username: String?
        @Flag(help: "Read the password or token from the first line of standard input.") var passwordStdin = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let url = try storeOptions.open(env, requiringSignIn: false).remoteURL(name)
            guard RemoteURL.isHTTP(url) else { throw CommandFailure(message: "\(name) is not an https:// remote: it needs no password") }
            let asked = env.terminal.canAsk && !passwordStdin ? Prompts.text(env, "User name: ") : nil
            guard let username = username ?? RemoteURL.username(in: url) ?? asked, !username.isEmpty else {
                throw CommandFailure(message: "give the user name with --username")
            }
            let password = try PasswordInput.current(env, fromStandardInput: passwordStdin,
                                                     prompt: "Password or token for \(username) at \(RemoteURL.site(url)): ")
            guard !password.isEmpty else { throw CommandFailure(message: "the password is empty: nothing was kept") }
            let login = HTTPLogin(username: username, password: password)
            try CredentialStore.user().save(login, for: url)
            env.out.line("Kept the login of \(login.username) for \(name)")
        }
    }

    /// `trove remote forget-password NAME`: drop the kept login of an https remote.
    struct ForgetPassword: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget-password", abstract: "Forget the password or token kept for an https:// remote.",
            discussion: "Example: trove remote forget-password origin")
        @Argument(help: "The remote's name.", completion: DataCompletion.remoteNames) var name: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let url = try storeOptions.open(env, requiringSignIn: false).remoteURL(name)
            if try CredentialStore.user().forget(url: url) {
                env.out.line("Forgot the password for \(name)")
            } else {
                env.out.line("No password was kept for \(name)")
            }
        }
    }
}

extension RemoteCommand.Add {
    /// Adds the remote with the https login and CA file the options give, keeping the login in the credentials file.
    static func add(to store: Store, name: String, url: String, create: Bool, http: HTTPLoginOptions, _ env: CommandEnvironment) throws {
        try http.requireHTTP(url)
        let (url, inlineLogin) = RemoteURL.splittingLogin(url)
        let login = try http.login(for: url, env) ?? inlineLogin
        if let caFile = try http.absoluteCAFile() {
            try store.addRemote(name: name, url: url, create: create, caFile: caFile)
        } else {
            try store.addRemote(name: name, url: url, create: create)
        }
        if let login {
            do { try CredentialStore.user().save(login, for: url) } catch {
                try? store.removeRemote(name: name)
                throw error
            }
        }
    }
}
