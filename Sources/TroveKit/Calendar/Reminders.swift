import Foundation
import TroveSchema
import TroveStore

/// Turns what is coming due into notification records: open tasks due within the lead time, and
/// event alarms (VALARM) whose moment has come.
///
/// Each reminder's id is derived from what it is about and when, so running this again (from the
/// shell's prompt, cron, or a peer) adds nothing. An alarm older than a day is not raised late.
public struct Reminders {
    public let query: CalendarQuery

    public init(query: CalendarQuery) { self.query = query }

    /// How far back an alarm that was missed (the machine was off) is still raised.
    static let lateness: TimeInterval = 86_400
    /// How far ahead events are looked at for alarms set before them.
    static let lookahead: TimeInterval = 8 * 86_400

    /// A reminder not yet in the store.
    public struct Due: Sendable, Equatable {
        public var key: String
        public var text: String
        public var ref: String
        public var refType: String
        public var due: Date
    }

    /// The reminders due at `now`, with `leadMinutes` of warning before a task's due time.
    public func due(now: Date, leadMinutes: Int) throws -> [Due] {
        var found: [Due] = []
        let zone = query.timeZone
        for task in try query.tasks(dueFrom: now.addingTimeInterval(-Self.lateness), to: now.addingTimeInterval(Double(leadMinutes) * 60 + 1))
        where !task.done {
            guard let due = task.due else { continue }
            let when = due <= now ? "was due \(TimeOfDay(due, in: zone).hoursAndMinutes)" : "is due at \(TimeOfDay(due, in: zone).hoursAndMinutes)"
            found.append(Due(key: "task:\(task.id):\(Timestamp.string(due))", text: "'\(task.title)' \(when)", ref: task.id, refType: RecordType.task, due: due))
        }
        for occurrence in try query.occurrences(from: now.addingTimeInterval(-Self.lateness), to: now.addingTimeInterval(Self.lookahead))
        where !occurrence.event.alarms.isEmpty {
            let start = occurrence.startDate(in: zone)
            // Of the alarms whose moment has come, the latest speaks: two passed ones would say the same.
            var latest: (moment: Date, id: String)?
            for alarm in occurrence.event.alarms {
                let moment: Date
                if let minutes = alarm["minutesBefore"]?.intValue {
                    moment = start.addingTimeInterval(-Double(minutes) * 60)
                } else if let at = alarm["at"]?.stringValue.flatMap(Timestamp.milliseconds) {
                    moment = Date(timeIntervalSince1970: Double(at) / 1000)
                } else {
                    continue
                }
                guard moment <= now, moment > now.addingTimeInterval(-Self.lateness), moment >= (latest?.moment ?? .distantPast) else { continue }
                latest = (moment, alarm["id"]?.stringValue ?? "")
            }
            guard let latest else { continue }
            // An earlier alarm missed in the meantime is never raised late: the latest says the same, and says it now.
            found.append(Due(key: "alarm:\(occurrence.event.id):\(latest.id):\(occurrence.start.description)",
                             text: "'\(occurrence.event.title)' starts \(start <= now ? "now" : "at \(TimeOfDay(start, in: zone).hoursAndMinutes)")",
                             ref: occurrence.event.id, refType: RecordType.event, due: latest.moment))
        }
        return found
    }

    /// Stores the reminders due at `now` that are not stored yet, in one commit; returns the new ones.
    @discardableResult
    public func post(now: Date, leadMinutes: Int) throws -> [InboxMessage] {
        let due = try due(now: now, leadMinutes: leadMinutes)
        guard !due.isEmpty else { return [] }
        let store = query.index.store
        let posted = try store.transaction(message: "Reminders") { transaction in
            try due.compactMap { item in
                try Inbox.post(kind: "reminder", text: item.text, ref: item.ref, refType: item.refType, due: item.due, key: item.key, in: &transaction)
            }
        }.value
        return posted.compactMap(InboxMessage.init)
    }

}
