import ArgumentParser
import Foundation
import TroveKit
import TroveStore

/// `trove key [init|show|allowed-signers]`: the ed25519 key that signs the commits Trove makes.
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Make and show the key that signs your commits.",
        discussion: """
            The private key lives in $XDG_DATA_HOME/trove/keys/signing-key.json (mode 0600), outside every store.
            While it exists, every commit Trove makes is signed in git's SSH format; a key protected by a
            passphrase is unlocked with TROVE_KEY_PASSPHRASE, and without it commits are refused.
            """,
        subcommands: [Init.self, Show.self, AllowedSigners.self], defaultSubcommand: Show.self)

    /// The name a key goes by, `trove:<username>` when signed in to the store, else `trove:<store folder>`.
    static func principal(_ options: StoreOptions, _ env: CommandEnvironment) -> String {
        guard let store = try? Store.open(at: options.path(env)) else {
            return "trove:" + (env.variables["USER"] ?? NSUserName())
        }
        if let account = (try? SignIn.require(store)) ?? nil { return "trove:" + account.username }
        return "trove:" + (store.path as NSString).lastPathComponent
    }

    struct Init: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "init", abstract: "Make your signing key.",
            discussion: """
                Writes a new ed25519 key to $XDG_DATA_HOME/trove/keys/signing-key.json (mode 0600) and, when you are
                signed in to the store, puts its public half in your profile.

                Examples:
                  trove key init
                  printf '%s\\n' "$PASSPHRASE" | trove key init --passphrase-stdin
                """)
        @Flag(name: .long, help: "Protect the key with a passphrase read from the first line of standard input.")
        var passphraseStdin = false
        @Flag(name: .long, help: "Replace an existing key (commits it signed then verify only against the old public key).")
        var force = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            var passphrase: String?
            if passphraseStdin {
                guard let line = PasswordInput.standardInputLine(env, 0) else { throw CommandFailure(message: "no passphrase on standard input") }
                passphrase = line
            }
            let keys = KeyStore.standard(env.variables)
            let key = try keys.create(passphrase: passphrase, force: force)
            // Later commands in this process (the shell) sign with the new key.
            Store.defaultCommitSigner = KeySigner(keys: keys, passphrase: passphrase)
            env.out.line("Made a signing key: \(keys.keyFile)\(passphrase == nil ? "" : " (protected by a passphrase)")")
            env.out.line(key.publicKey.line(comment: KeyCommand.principal(storeOptions, env)))
            try publish(key, passphrase: passphrase, env)
        }

        /// Puts the public key in the signed-in user's profile, in a commit the new key signs.
        private func publish(_ key: SigningKey, passphrase: String?, _ env: CommandEnvironment) throws {
            guard let store = try? Store.open(at: storeOptions.path(env)), let account = (try? SignIn.require(store)) ?? nil else { return }
            try ProfileBook(store: store).setPublicKey(key.publicKey, of: account)
            env.out.line("Added it to the profile of \(account.username).")
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print your public key in OpenSSH form.",
            discussion: "Examples:\n  trove key show\n  trove key show >> ~/.ssh/trove_signers.pub")
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            env.out.line(try KeyStore.standard(env.variables).publicKey().line(comment: KeyCommand.principal(storeOptions, env)))
        }
    }

    struct AllowedSigners: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "allowed-signers", abstract: "Write a git allowed-signers file that trusts your key.",
            discussion: """
                Each line reads `<principal> namespaces="git" ssh-ed25519 AAAA…`. Plain git then checks Trove's commits:
                  git -c gpg.format=ssh -c gpg.ssh.allowedSignersFile=FILE log --show-signature

                Examples:
                  trove key allowed-signers ~/.config/git/allowed_signers
                  trove key allowed-signers signers --append --principal ada@example.org
                """)
        @Argument(help: "The file to write.", completion: .file()) var file: String
        @Option(name: .long, help: "The name the key is trusted under (default: trove:<username or store>).") var principal: String?
        @Flag(name: .long, help: "Add the line to the file instead of replacing it.") var append = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let key = try KeyStore.standard(env.variables).publicKey()
            let name = principal ?? KeyCommand.principal(storeOptions, env)
            guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                throw CommandFailure(message: "a principal cannot be empty or contain spaces: '\(name)'")
            }
            var text = "\(name) namespaces=\"git\" \(key.line())\n"
            if append, let existing = FileManager.default.contents(atPath: file) {
                let old = String(decoding: existing, as: UTF8.self)
                text = old + (old.isEmpty || old.hasSuffix("\n") ? "" : "\n") + text
            }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw CommandFailure(message: "cannot write \(file): \(error.localizedDescription)")
            }
            env.out.line("Wrote \(file): \(name) may sign commits with \(key.fingerprint).")
        }
    }
}
