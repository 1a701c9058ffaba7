import ArgumentParser
import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// `trove login`: opens a session on this clone of the store.
struct LoginCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in with your email and password.",
        discussion: """
            The session lasts until 'trove logout', or until it has been idle for --idle-timeout (default 12h).
            Three wrong passwords in a row lock sign-in for \(SignInAttempts.lockSeconds) seconds.
            A temporary password must be changed on the spot: the new one is asked next (or read from the
            second line of standard input).
            Examples:
              trove login ada@example.com
              printf '%s\\n' "$PASSWORD" | trove login ada@example.com --password-stdin --idle-timeout 30m
            """)
    @Argument(help: "Your email (asked when left out).") var email: String?
    @Flag(help: "Read the password from the first line of standard input.") var passwordStdin = false
    @Option(help: ArgumentHelp("Sign out by itself after this long unused: 90s, 30m, 12h, 7d.", valueName: "time"))
    var idleTimeout: Duration = Duration(seconds: Session.defaultIdleTimeout)
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env, requiringSignIn: false)
        let book = AccountBook(store: store)
        if try book.isEmpty() { throw AccountError.noAccounts }
        let email = try self.email ?? {
            guard !passwordStdin, env.terminal.canAsk, let typed = Prompts.text(env, "Email: ") else {
                throw CommandFailure(message: "give your email: trove login EMAIL")
            }
            return typed.trimmingCharacters(in: .whitespaces)
        }()
        let password = try PasswordInput.current(env, fromStandardInput: passwordStdin)
        let account: Account
        do {
            account = try book.authenticate(email: email, password: password)
        } catch AccountError.temporaryPassword {
            if !passwordStdin { env.err.write("Your password is temporary: choose a new one.\n") }
            guard passwordStdin ? PasswordInput.standardInputLine(env, 1) != nil : env.terminal.canAsk else { throw AccountError.temporaryPassword }
            let new = try PasswordInput.new(env, fromStandardInput: passwordStdin, line: 1, prompt: "New password: ")
            account = try book.changePassword(email: email, current: password, new: new)
        }
        let session = try SignIn.start(account, in: store, idleTimeout: idleTimeout.seconds)
        env.out.line("Signed in as \(account.username). The session ends after \(Duration(seconds: session.idleTimeout)) unused, or with 'trove logout'.")
    }
}

/// `trove logout`: ends the session.
struct LogoutCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out: end this clone's session.", discussion: "Example: trove logout")
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let file = SessionFile(storePath: try storeOptions.open(env, requiringSignIn: false).path)
        guard let session = file.read() else { return env.out.line("Nobody is signed in.") }
        file.remove()
        env.out.line("Signed out \(session.username).")
    }
}

/// `trove whoami`: who is signed in, and until when.
struct WhoamiCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami", abstract: "Show who is signed in.", discussion: "Example: trove whoami --json")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env, requiringSignIn: false)
        // Signed out is an answer to "who am I", not a refusal.
        let signedIn: Account?
        do { signedIn = try SignIn.require(store) } catch AccountError.notSignedIn {
            if output.json { return env.out.json(["signedIn": false]) }
            return env.out.line("Nobody is signed in: 'trove login EMAIL' signs you in.")
        }
        guard let account = signedIn else {
            if output.json { return env.out.json(["offline": true]) }
            return env.out.line("Nobody: this store has no account (an offline store).")
        }
        let session = SessionFile(storePath: store.path).read()
        if output.json {
            env.out.json(["id": .string(account.id), "username": .string(account.username), "email": .string(account.email),
                         "expiresAt": session.map { .string(Timestamp.string($0.expiresAt)) } ?? .null])
        } else {
            env.out.line("\(account.username) (\(account.email))")
            if let session { env.out.line("Signed in since \(LocalTime.minutes(session.startedAt)); signs out if unused until \(LocalTime.minutes(session.expiresAt)).") }
        }
    }
}

/// `trove passwd`: changes a password (a temporary one included).
struct PasswdCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd", abstract: "Change your password.",
        discussion: """
            Asks for the current password, then the new one twice; with --password-stdin, reads the
            current password from the first line and the new one from the second.
            Examples:
              trove passwd
              printf '%s\\n%s\\n' "$OLD" "$NEW" | trove passwd --email ada@example.com --password-stdin
            """)
    @Option(help: "The account's email (default: the one signed in).") var email: String?
    @Flag(help: "Read the current and new passwords from standard input, a line each.") var passwordStdin = false
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env, requiringSignIn: false)
        let book = AccountBook(store: store)
        if try book.isEmpty() { throw AccountError.noAccounts }
        let email = try email ?? {
            guard let session = SessionFile(storePath: store.path).read(), let account = try book.account(id: session.accountID) else {
                throw CommandFailure(message: "nobody is signed in: say whose password with --email")
            }
            return account.email
        }()
        let current = try PasswordInput.current(env, fromStandardInput: passwordStdin, prompt: "Current password: ")
        let new = try PasswordInput.new(env, fromStandardInput: passwordStdin, line: 1, prompt: "New password: ")
        let account = try book.changePassword(email: email, current: current, new: new)
        env.out.line("Changed the password of \(account.username).")
    }
}

/// A span of time as people type it: `90s`, `30m`, `12h`, `7d`.
struct Duration: ExpressibleByArgument, CustomStringConvertible {
    var seconds: TimeInterval

    init(seconds: TimeInterval) { self.seconds = seconds }

    init?(argument: String) {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Double(argument.dropLast()), count > 0, count.isFinite else { return nil }
        seconds = count * unit
    }

    var description: String {
        for (unit, size) in [("d", 86400.0), ("h", 3600), ("m", 60)] where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            return "\(Int(seconds / size))\(unit)"
        }
        return "\(Int(seconds))s"
    }

    var defaultValueDescription: String { description }
}
