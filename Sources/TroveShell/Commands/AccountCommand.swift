import ArgumentParser
import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// `trove account create|list`: the people who can sign in to this store.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Make accounts and list them.",
        discussion: """
            A store with no account is an offline store: it works fully and asks nobody to sign in.
            Once it has an account, the shell and every command except sync ask for a session (trove login).
            """,
        subcommands: [Create.self, List.self])

    struct Create: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Make an account: a username, an email and a password.",
            discussion: """
                The password is asked twice without echo, or read from the first line of standard input.
                Usernames are 3-32 lowercase letters, digits, '.', '_' or '-'; passwords are at least \(AccountRules.minimumPasswordLength) characters.
                Examples:
                  trove account create ada --email ada@example.com
                  printf '%s\\n' "$PASSWORD" | trove account create ada --email ada@example.com --password-stdin
                  trove account create sam --email sam@example.com --temporary     (sam must change it at first sign-in)
                """)
        @Argument(help: "The username.") var username: String
        @Option(help: "The email address, used to sign in.") var email: String
        @Flag(help: "Read the password from the first line of standard input.") var passwordStdin = false
        @Flag(help: "The password is temporary: it must be changed at first sign-in.") var temporary = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            // Check what can be checked before asking for a password.
            try AccountRules.checkUsername(username)
            try AccountRules.checkEmail(email)
            // The first account makes an offline store a signed-in one; after that, only someone signed in may
            // add another, or signing out would let anyone at the keyboard make an account and read the store.
            let store = try storeOptions.open(env, requiringSignIn: true)
            let password = try PasswordInput.new(env, fromStandardInput: passwordStdin)
            let account = try AccountBook(store: store).create(username: username, email: email, password: password, temporary: temporary)
            if output.json {
                env.out.json(["id": .string(account.id), "username": .string(account.username), "email": .string(account.email)])
            } else {
                env.out.line("Made account \(account.username) (\(account.email))\(temporary ? ", with a temporary password" : "").")
                env.out.line("Sign in with: trove login \(account.email)")
            }
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the accounts.", discussion: "Example: trove account list --json")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let accounts = try AccountBook(store: storeOptions.open(env)).all()
            if output.json {
                env.out.json(.array(accounts.map { ["id": .string($0.id), "username": .string($0.username), "email": .string($0.email)] }))
            } else if accounts.isEmpty {
                env.out.line("No accounts: this is an offline store.")
            } else {
                env.out.table(accounts.map { [$0.username, $0.email, $0.temporaryPassword ? "temporary password" : ""] })
            }
        }
    }
}

/// Reading passwords: without echo on a terminal, or from standard input for scripts.
enum PasswordInput {
    /// Line `number` (0-based) of standard input, or `nil` when it has fewer lines (`login` and `passwd` may
    /// need two: the input is read once, and kept by `env.input`).
    static func standardInputLine(_ env: CommandEnvironment, _ number: Int) -> String? {
        env.input.line(number)
    }

    /// The current password: line `line` of standard input, or asked on the terminal.
    static func current(_ env: CommandEnvironment, fromStandardInput: Bool, line: Int = 0, prompt: String = "Password: ") throws -> String {
        if fromStandardInput {
            guard let password = standardInputLine(env, line) else { throw CommandFailure(message: "no password on standard input") }
            return password
        }
        guard env.terminal.canAsk else { throw CommandFailure(message: "there is no terminal to ask for the password: use --password-stdin") }
        guard let password = Prompts.secret(env, prompt) else { throw ExitCode.failure }
        return password
    }

    /// A new password: line `line` of standard input, or asked twice on the terminal.
    static func new(_ env: CommandEnvironment, fromStandardInput: Bool, line: Int = 0, prompt: String = "Password: ") throws -> String {
        if fromStandardInput { return try current(env, fromStandardInput: true, line: line) }
        let password = try current(env, fromStandardInput: false, prompt: prompt)
        let again = try current(env, fromStandardInput: false, prompt: "Repeat it: ")
        guard password == again else { throw CommandFailure(message: "the two passwords differ: nothing was changed") }
        return password
    }
}
