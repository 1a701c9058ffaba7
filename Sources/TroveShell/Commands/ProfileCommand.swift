import ArgumentParser
import Foundation
import TroveJSON
import TroveKit
import TroveStore

/// `trove profile [show|set|avatar]`: what the signed-in user shows of themselves.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show or change your profile: bio, avatar, display name, username and email.",
        subcommands: [Show.self, Set.self, Avatar.self], defaultSubcommand: Show.self)

    /// The signed-in account, and the store; an offline store has no profile.
    static func signedIn(_ options: StoreOptions, _ env: CommandEnvironment) throws -> (Store, Account) {
        let (store, account) = try options.openSignedIn(env)
        guard let account else { throw AccountError.noAccounts }
        return (store, account)
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show your profile.", discussion: "Examples:\n  trove profile\n  trove profile show --json")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let (store, account) = try ProfileCommand.signedIn(storeOptions, env)
            let profile = try ProfileBook(store: store).profile(of: account)
            if output.json {
                env.out.json(["username": .string(account.username), "email": .string(account.email),
                             "displayName": profile?.displayName.map(JSONValue.string) ?? .null,
                             "bio": profile?.bio.map(JSONValue.string) ?? .null, "avatar": profile?.avatar.map(JSONValue.string) ?? .null])
                return
            }
            var rows = [["Username", account.username], ["Email", account.email]]
            if let name = profile?.displayName { rows.append(["Name", name]) }
            rows.append(["Avatar", profile?.avatar.map { "media \($0.prefix(12))… (trove media cat \($0) > avatar)" } ?? "none (trove profile avatar FILE)"])
            env.out.table(rows)
            env.out.line()
            env.out.line(profile?.bio ?? "No bio yet: trove profile set bio \"…\"")
        }
    }

    struct Set: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change your bio, display name, username or email.",
            discussion: """
                Examples:
                  trove profile set bio "Writes every morning. Walks Pixel twice a day."
                  trove profile set name "Ada L."
                  trove profile set username ada.l
                  trove profile set email ada@example.org
                """)
        enum Field: String, ExpressibleByArgument, CaseIterable { case bio, name, username, email }
        @Argument(help: "bio, name, username or email.") var field: Field
        @Argument(help: "The new value ('' removes a bio or name).") var value: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let (store, account) = try ProfileCommand.signedIn(storeOptions, env)
            switch field {
            case .bio: try ProfileBook(store: store).setBio(value, of: account)
            case .name: try ProfileBook(store: store).setDisplayName(value, of: account)
            case .username:
                let renamed = try AccountBook(store: store).rename(account, to: value)
                let session = SessionFile(storePath: store.path)
                if var current = session.read() { current.username = renamed.username; try session.write(current) }
            case .email: try AccountBook(store: store).changeEmail(account, to: value)
            }
            env.out.line("Changed your \(field.rawValue).")
        }
    }

    struct Avatar: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "avatar", abstract: "Set your avatar from an image file.", discussion: "Example: trove profile avatar me.jpg")
        @Argument(help: "An image: JPEG, PNG, GIF, WebP or HEIC.", completion: .file()) var file: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let (store, account) = try ProfileCommand.signedIn(storeOptions, env)
            let profile = try ProfileBook(store: store).setAvatar(Input.readAll(file, env), source: file, of: account)
            env.out.line("Your avatar is now \(file) (media \(profile.avatar!.prefix(12))…).")
        }
    }
}
