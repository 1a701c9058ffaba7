import ArgumentParser
import Foundation
import TroveKit

/// `trove notify-due`: raises the reminders that are due and delivers them, for cron or a systemd timer.
struct NotifyDueCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify-due", abstract: "Raise due reminders (tasks, event alarms) and deliver them: print, notify-send, or email.",
        discussion: """
            Run it every few minutes. Example, from cron:  */5 * * * * trove notify-due
            Reminders are stored as notifications (they sync, and show in 'trove inbox'); one is raised once, however
            often this runs. Delivery follows 'notifications.method': alert prints and calls notify-send when it is
            installed; email (and text) hand a message to sendmail for 'notifications.email'.
            """)
    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let context = try CalendarContext(storeOptions, env)
        guard context.settings.notificationsEnabled else { return env.out.line("Notifications are off ('trove settings set notifications on').") }
        let posted = try Reminders(query: context.query).post(now: context.now, leadMinutes: context.settings.leadMinutes)
        for message in posted { try Self.deliver(message, settings: context.settings, env) }
        if posted.isEmpty { env.out.line("Nothing is due.") }
    }

    /// Prints a notification, and hands it to the desktop or to sendmail as the method says.
    static func deliver(_ message: InboxMessage, settings: SyncedSettings.Values, _ env: CommandEnvironment) throws {
        env.out.line("🔔 \(message.text)")
        switch settings.method {
        case "email", "text":
            guard let address = settings.method == "email" ? settings.email : settings.email ?? settings.phone else {
                return env.error("no address to send to: 'trove settings set notifications.email ADDRESS'")
            }
            guard let sendmail = Sendmail() else {
                return env.error("sendmail is not installed, so the reminder was not emailed")
            }
            let mail = "To: \(address)\nSubject: Trove: \(message.text)\nContent-Type: text/plain; charset=utf-8\n\n\(message.text)\n"
            do { try sendmail.send(mail) } catch let error as SendmailError { env.error(error.description) }
        default:
            if let notifySend = ExternalProgram(named: "notify-send") { _ = try? notifySend.run(["Trove", message.text], timeout: 10) }
        }
    }
}
