import ArgumentParser
import Foundation
import TroveJSON
import TroveKit

/// `trove inbox [read|dismiss ID|--all]`: notifications (reminders, feedback, updates), which sync.
struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox", abstract: "List notifications; mark them read, or dismiss them.",
        subcommands: [List.self, Read.self, Dismiss.self], defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List notifications not dismissed, newest first (● unread).",
                                                            discussion: "Examples:\n  trove inbox\n  trove inbox list --unread --json")
        @Flag(help: "Only the unread ones.") var unread = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let messages = try Inbox(store: storeOptions.open(env)).messages(unreadOnly: unread)
            if output.json {
                return env.out.json(.array(messages.map { ["id": .string($0.id), "kind": .string($0.kind), "text": .string($0.text),
                                                         "read": .bool($0.read), "createdAt": .string($0.createdAt)] }))
            }
            if messages.isEmpty { return env.out.line("The inbox is empty.") }
            env.out.table(messages.map { [$0.read ? " " : "●", $0.kind, $0.text, CalendarText.shortID($0.id)] })
        }
    }

    /// Which notifications `read` and `dismiss` act on: one by id, or all.
    struct Choice: ParsableArguments {
        @Argument(help: "The notification's id (its first or last 4+ characters do).") var id: String?
        @Flag(help: "Every notification.") var all = false
        @OptionGroup var storeOptions: StoreOptions
    }

    struct Read: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: "Mark a notification read (or --all).",
                                                            discussion: "Examples:\n  trove inbox read 5c1e2a90\n  trove inbox read --all")
        @OptionGroup var choice: Choice

        func run(_ env: CommandEnvironment) throws {
            let chosen = try InboxCommand.mark(choice, dismiss: false, env)
            env.out.line(chosen.count == 1 ? "Read: \(chosen[0].text)" : "\(chosen.count) notifications marked read.")
        }
    }

    struct Dismiss: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "dismiss", abstract: "Take a notification out of the inbox (or --all).",
                                                            discussion: "Examples:\n  trove inbox dismiss 5c1e2a90\n  trove inbox dismiss --all")
        @OptionGroup var choice: Choice

        func run(_ env: CommandEnvironment) throws {
            let chosen = try InboxCommand.mark(choice, dismiss: true, env)
            env.out.line(chosen.count == 1 ? "Dismissed: \(chosen[0].text)" : "\(chosen.count) notifications dismissed.")
        }
    }

    /// Marks the chosen notifications read (those not read yet) or dismissed, in one commit; returns them.
    static func mark(_ choice: Choice, dismiss: Bool, _ env: CommandEnvironment) throws -> [InboxMessage] {
        let inbox = Inbox(store: try choice.storeOptions.open(env))
        let chosen = try Self.chosen(choice.id, all: choice.all, in: inbox).filter { dismiss || !$0.read }
        if !chosen.isEmpty { try inbox.mark(chosen, dismiss: dismiss) }
        return chosen
    }

    static func chosen(_ id: String?, all: Bool, in inbox: Inbox) throws -> [InboxMessage] {
        if all { return try inbox.messages() }
        guard let id else { throw ValidationError("give a notification's id, or --all") }
        return [try inbox.message(id)]
    }
}
