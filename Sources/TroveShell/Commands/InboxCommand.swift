import ArgumentParser
import Foundation
import TroveJSON
import TroveKit

/// `trove inbox [read|dismiss ID|--all]`: notifications (reminders, feedback, updates), which sync.
struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox", abstract: "List notifications; mark them read, or dismiss them.",
        subcommands: [List.self, Read.self, Dismiss.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List notifications not dismissed, newest first (● unread).",
                                                            discussion: "Examples:\n  trove inbox\n  trove inbox list --unread --json")
        @Flag(help: "Only the unread ones.") var unread = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let messages = try Inbox(store: storeOptions.open()).messages(unreadOnly: unread)
            if output.json {
                return Output.json(.array(messages.map { ["id": .string($0.id), "kind": .string($0.kind), "text": .string($0.text),
                                                         "read": .bool($0.read), "createdAt": .string($0.createdAt)] }))
            }
            if messages.isEmpty { return Output.line("The inbox is empty.") }
            Output.table(messages.map { [$0.read ? " " : "●", $0.kind, $0.text, CalendarText.shortID($0.id)] })
        }
    }

    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "read", abstract: "Mark a notification read (or --all).",
                                                            discussion: "Examples:\n  trove inbox read 5c1e2a90\n  trove inbox read --all")
        @Argument(help: "The notification's id (its first characters do).") var id: String?
        @Flag(help: "Every notification.") var all = false
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let inbox = Inbox(store: try storeOptions.open())
            let chosen = try InboxCommand.chosen(id, all: all, in: inbox).filter { !$0.read }
            if !chosen.isEmpty { try inbox.mark(chosen, dismiss: false) }
            Output.line(chosen.count == 1 ? "Read: \(chosen[0].text)" : "\(chosen.count) notifications marked read.")
        }
    }

    struct Dismiss: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dismiss", abstract: "Take a notification out of the inbox (or --all).",
                                                            discussion: "Examples:\n  trove inbox dismiss 5c1e2a90\n  trove inbox dismiss --all")
        @Argument(help: "The notification's id (its first characters do).") var id: String?
        @Flag(help: "Every notification.") var all = false
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let inbox = Inbox(store: try storeOptions.open())
            let chosen = try InboxCommand.chosen(id, all: all, in: inbox)
            if !chosen.isEmpty { try inbox.mark(chosen, dismiss: true) }
            Output.line(chosen.count == 1 ? "Dismissed: \(chosen[0].text)" : "\(chosen.count) notifications dismissed.")
        }
    }

    static func chosen(_ id: String?, all: Bool, in inbox: Inbox) throws -> [InboxMessage] {
        if all { return try inbox.messages() }
        guard let id else { throw ValidationError("give a notification's id, or --all") }
        return [try inbox.message(id)]
    }
}

/// `trove notify-due`: raises the reminders that are due and delivers them, for cron or a systemd timer.
struct NotifyDueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify-due", abstract: "Raise due reminders (tasks, event alarms) and deliver them: print, notify-send, or email.",
        discussion: """
            Run it every few minutes. Example, from cron:  */5 * * * * trove notify-due
            Reminders are stored as notifications (they sync, and show in 'trove inbox'); one is raised once, however
            often this runs. Delivery follows 'notifications.method': alert prints and calls notify-send when it is
            installed; email (and text) hand a message to sendmail for 'notifications.email'.
            """)
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let context = try CalendarContext(storeOptions)
        guard context.settings.notificationsEnabled else { return Output.line("Notifications are off ('trove settings set notifications on').") }
        let posted = try Reminders(query: context.query).post(now: context.now, leadMinutes: context.settings.leadMinutes)
        for message in posted { try Self.deliver(message, settings: context.settings) }
        if posted.isEmpty { Output.line("Nothing is due.") }
    }

    /// Prints a notification, and hands it to the desktop or to sendmail as the method says.
    static func deliver(_ message: InboxMessage, settings: SyncedSettings.Values) throws {
        Output.line("🔔 \(message.text)")
        switch settings.method {
        case "email", "text":
            guard let address = settings.method == "email" ? settings.email : settings.email ?? settings.phone else {
                return Output.error("no address to send to: 'trove settings set notifications.email ADDRESS'")
            }
            guard let sendmail = ExternalProgram(named: "sendmail", path: (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/usr/lib") else {
                return Output.error("sendmail is not installed, so the reminder was not emailed")
            }
            let mail = "To: \(address)\nSubject: Trove: \(message.text)\nContent-Type: text/plain; charset=utf-8\n\n\(message.text)\n"
            let result = try sendmail.run(["-t"], input: mail, timeout: 30)
            if result.status != 0 { Output.error("sendmail failed: \(result.text.trimmingCharacters(in: .whitespacesAndNewlines))") }
        default:
            if let notifySend = ExternalProgram(named: "notify-send") { _ = try? notifySend.run(["Trove", message.text], timeout: 10) }
        }
    }
}
