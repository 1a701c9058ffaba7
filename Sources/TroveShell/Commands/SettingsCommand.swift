import ArgumentParser
import Foundation
import TroveKit

/// `trove settings [set KEY VALUE]`: preferences that sync to every peer.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change the settings that follow you to every peer.",
        subcommands: [List.self, Set.self], defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show every setting ('-' for one never set).",
                                                            discussion: "Examples:\n  trove settings\n  trove settings list --json")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let listing = try SyncedSettings(store: storeOptions.open(env)).listing()
            if output.json { return env.out.json(.object(Dictionary(uniqueKeysWithValues: listing.map { ($0.name, .string($0.value)) }))) }
            env.out.table(listing.map { [$0.name, $0.value] })
        }
    }

    struct Set: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change a setting.",
            discussion: """
                Settings: \(SyncedSettings.names.joined(separator: ", ")).
                Examples:
                  trove settings set notifications on
                  trove settings set notifications.method email
                  trove settings set notifications.email me@example.org
                  trove settings set assistant on
                  trove settings set holidays US,GB
                """)
        @Argument(help: "The setting.", completion: .list(SyncedSettings.names)) var name: String
        @Argument(help: "Its value.") var value: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            try SyncedSettings(store: storeOptions.open(env)).set(name, to: value)
            env.out.line("\(name.lowercased()) is now \(value).")
        }
    }
}
