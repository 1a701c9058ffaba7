import Foundation
import TroveStore

/// Something that has news for the person at the prompt, such as a calendar with an event about
/// to start. Domains add theirs to `ShellNotifications.sources`.
protocol NotificationSource: Sendable {
    /// Messages that became due after `since` and by `now`.
    func due(storePath: String, since: Date, now: Date) -> [String]
}

/// Announces pending notifications above the prompt: the ones commands posted to the store's queue
/// (`Notifications`), and those the sources find due since the last prompt.
enum ShellNotifications {
    /// The sources asked before every prompt.
    nonisolated(unsafe) static var sources: [NotificationSource] = []

    nonisolated(unsafe) private static var lastAsked = Date()

    /// The messages due now, oldest first; each is returned once.
    static func pending(storePath: String, now: Date = Date()) -> [String] {
        let posted = Notifications(storePath: storePath).take().map(\.text)
        let computed = sources.flatMap { $0.due(storePath: storePath, since: lastAsked, now: now) }
        lastAsked = now
        return posted + computed
    }

    /// Prints the pending messages, each on its own line with a bell mark.
    static func announce(storePath: String, color: Bool, on out: OutputWriter) {
        for message in pending(storePath: storePath) {
            out.line(SGR.apply([.bold], to: "🔔 ", color: color) + message)
        }
    }
}
