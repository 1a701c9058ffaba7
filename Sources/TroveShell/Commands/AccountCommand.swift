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

    struct Create: ParsableCommand {
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

        func run() throws {
            // Check what can be checked before asking for a password.
            try AccountRules.checkUsername(username)
            try AccountRules.checkEmail(email)
            // The first account makes an offline store a signed-in one; after that, only someone signed in may
            // add another, or signing out would let anyone at the keyboard make an account and read the store.
            let store = try storeOptions.open(requiringSignIn: true)
            let password = try PasswordInput.new(fromStandardInput: passwordStdin)
            let account = try AccountBook(store: store).create(username: username, email: email, password: password, temporary: temporary)
            if output.json {
                Output.json(["id": .string(account.id), "username": .string(account.username), "email": .string(account.email)])
            } else {
                Output.line("Made account \(account.username) (\(account.email))\(temporary ? ", with a temporary password" : "").")
                Output.line("Sign in with: trove login \(account.email)")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the accounts.", discussion: "Example: trove account list --json")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let accounts = try AccountBook(store: storeOptions.open()).all()
            if output.json {
                Output.json(.array(accounts.map { ["id": .string($0.id), "username": .string($0.username), "email": .string($0.email)] }))
            } else if accounts.isEmpty {
                Output.line("No accounts: this is an offline store.")
            } else {
                Output.table(accounts.map { [$0.username, $0.email, $0.temporaryPassword ? "temporary password" : ""] })
            }
        }
    }
}

/// Reading passwords: without echo on a terminal, or from standard input for scripts.
enum PasswordInput {
    /// Lines of standard input, read once: `login` and `passwd` may need two.
    nonisolated(unsafe) private static var standardInputLines: [String]?

    /// Line `number` (0-based) of standard input, or `nil` when it has fewer lines.
    static func standardInputLine(_ number: Int) -> String? {
        if standardInputLines == nil {
            let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            standardInputLines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
            }
        }
        let lines = standardInputLines!
        return number < lines.count && !(number == lines.count - 1 && lines[number].isEmpty) ? lines[number] : nil
    }

    /// The current password: line `line` of standard input, or asked on the terminal.
    static func current(fromStandardInput: Bool, line: Int = 0, prompt: String = "Password: ") throws -> String {
        if fromStandardInput {
            guard let password = standardInputLine(line) else { throw CommandFailure(message: "no password on standard input") }
            return password
        }
        guard Prompts.canAsk else { throw CommandFailure(message: "there is no terminal to ask for the password: use --password-stdin") }
        guard let password = Prompts.secret(prompt) else { throw ExitCode.failure }
        return password
    }

    /// A new password: line `line` of standard input, or asked twice on the terminal.
    static func new(fromStandardInput: Bool, line: Int = 0, prompt: String = "Password: ") throws -> String {
        if fromStandardInput { return try current(fromStandardInput: true, line: line) }
        let password = try current(fromStandardInput: false, prompt: prompt)
        let again = try current(fromStandardInput: false, prompt: "Repeat it: ")
        guard password == again else { throw CommandFailure(message: "the two passwords differ: nothing was changed") }
        return password
    }
}
