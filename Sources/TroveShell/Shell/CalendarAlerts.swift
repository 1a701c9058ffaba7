import Foundation
import TroveIndex
import TroveKit
import TroveStore

/// The calendar's news at the shell prompt, when notifications are on and their method is `alert`:
/// reminders that came due, and any unread notification not shown here yet (feedback, or one a peer's
/// sync brought).
///
/// Which were shown is local state (`inboxShown`, the newest `createdAt` announced), so each is shown
/// once on this machine; reading and dismissing them is the inbox's work.
struct CalendarAlerts: NotificationSource {
    /// Local-state key of the newest notification announced.
    static let shownKey = "inboxShown"
    /// Reminders are looked for at most this often (new notifications, at every prompt).
    static let interval: TimeInterval = 30

    nonisolated(unsafe) private static var lastCheck: Date?
    /// The store's HEAD when its inbox was last read: until it moves, nothing new can be there.
    nonisolated(unsafe) private static var readAt: (store: String, head: String?)?

    func due(storePath: String, since: Date, now: Date) -> [String] {
        guard let store = try? Store.open(at: storePath), let settings = try? SyncedSettings(store: store).current(),
              settings.notificationsEnabled, settings.method == "alert"
        else { return [] }
        if Self.lastCheck.map({ now.timeIntervalSince($0) >= Self.interval }) ?? true, let index = try? RecordIndex(store: store) {
            Self.lastCheck = now
            let zone = settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
            _ = try? Reminders(query: CalendarQuery(index: index, timeZone: zone)).post(now: now, leadMinutes: settings.leadMinutes)
        }
        // Reading the inbox reads every notification from git: only worth it when the store changed.
        let head = try? store.headHex()
        if let readAt = Self.readAt, readAt.store == storePath, readAt.head == head { return [] }
        Self.readAt = (storePath, head)
        let state = LocalSettings(storePath: storePath)
        let shown = state.value(Self.shownKey)?.stringValue ?? ""
        let fresh = ((try? Inbox(store: store).messages(unreadOnly: true)) ?? []).filter { $0.createdAt > shown }.reversed()
        guard let newest = fresh.last?.createdAt else { return [] }
        try? state.set(Self.shownKey, .string(newest))
        return fresh.map { "\($0.text)  (trove inbox read \(String($0.id.suffix(8))))" }
    }

    /// The assistant's greeting when the shell starts, if the `assistant` setting is on.
    static func greeting(storePath: String) -> String? {
        guard let store = try? Store.open(at: storePath), let settings = try? SyncedSettings(store: store).current(), settings.assistant,
              let index = try? RecordIndex(store: store)
        else { return nil }
        let zone = settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let tasks = ((try? CalendarQuery(index: index, timeZone: zone).openTasks()) ?? []).map {
            AssistantTask(id: $0.id, title: $0.title, due: $0.due, estimateMinutes: $0.estimateMinutes, taskClass: $0.classLabel)
        }
        guard let first = Assistant.suggest(tasks, now: Date()) else { return "💡 \(AssistantCommand.nothing)" }
        return "💡 Start \(first.task.title) next: \(first.reason)."
    }
}
