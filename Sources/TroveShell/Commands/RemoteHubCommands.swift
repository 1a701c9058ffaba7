import ArgumentParser
import Foundation
import TroveStore

/// `trove remote compact` and `trove remote encrypt`: the upkeep of encrypted hubs.
extension RemoteCommand {
    /// A new hub's recovery phrase, set apart by blank lines: it is shown this once.
    static func show(recoveryPhrase phrase: String, _ env: CommandEnvironment) {
        env.out.line("")
        env.out.line("Recovery phrase (shown this once; write it down and keep it somewhere safe):")
        env.out.line("")
        env.out.line("    \(phrase)")
        env.out.line("")
    }

    struct Compact: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "compact", abstract: "Rewrite an encrypted hub as one pack.",
            discussion: """
                Each sync that sends something adds a pack to an encrypted hub, and a new machine fetches and
                decrypts every one; sync compacts a hub by itself past \(Store.encryptedHubCompactAfterPacks) packs.
                The hub's branch is replaced by one commit (a git host must allow a forced push of it); the hub's
                own git frees the old packs' space when it next collects garbage.
                Example: trove remote compact usb
                """)
        @Argument(help: "The encrypted remote (needed only when the store has several).", completion: DataCompletion.remoteNames)
        var name: String?
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env, requiringSignIn: false)
            let remote = try store.encryptedRemote(named: name)
            let bar = TransferBar(remote: remote, on: env.err)
            let compacted = try store.compactRemote(remote, security: transfer.security(env), progress: bar.update)
            bar.finish()
            env.out.line("\(remote): " + Self.describe(compacted))
        }

        static func describe(_ compacted: HubCompaction) -> String {
            "compacted the hub: \(compacted.packsBefore) pack\(compacted.packsBefore == 1 ? "" : "s") (\(ProgressBar.bytes(compacted.bytesBefore))) "
                + "into one (\(ProgressBar.bytes(compacted.bytesAfter)))"
        }
    }

    struct Encrypt: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "encrypt", abstract: "Move a plain remote to a new end-to-end encrypted hub.",
            discussion: """
                The plain hub is synced first, then the remote points at a new encrypted hub, which this sync fills.
                The plain hub is not erased: it still holds everything it held, in the clear, until you delete it.
                Each other machine then switches with 'trove remote remove NAME' and
                'trove remote add NAME URL --encrypt', approved here with 'trove device add CODE'.
                Example: trove remote encrypt usb /media/me/STICK/trove-encrypted.git --create
                """)
        @Argument(help: "The plain remote.", completion: DataCompletion.remoteNames) var name: String
        @Argument(help: "The new hub's path or URL (an empty repository).") var url: String
        @Flag(help: "Make an empty bare hub at the path first.") var create = false
        @OptionGroup var transfer: TransferOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env, requiringSignIn: false)
            let security = try transfer.security(env)
            let (plainURL, phrase) = try store.encryptRemote(name, to: url, create: create, security: security)
            env.out.line("\(name) is now an encrypted hub at \(url)")
            RemoteCommand.show(recoveryPhrase: phrase, env)
            let bar = TransferBar(remote: name, on: env.err)
            let summary = try store.sync(remote: name, security: security, progress: bar.update)
            bar.finish()
            env.out.line("\(name): sent \(summary.sent) commit\(summary.sent == 1 ? "" : "s"), encrypted")
            env.out.line("The plain hub at \(plainURL) is not erased: it still holds your store in the clear. Delete it yourself")
            env.out.line("once every machine has moved ('trove remote remove \(name)', then 'trove remote add \(name) \(url) --encrypt').")
        }
    }
}
