import Foundation

/// An open assignment as the assistant sees it.
public struct AssistantTask: Hashable, Sendable {
    /// The record's id, so the caller can find the task again.
    public var id: String
    public var title: String
    public var due: Date?
    public var estimateMinutes: Int?
    public var taskClass: String?
    public var done: Bool

    public init(id: String, title: String, due: Date? = nil, estimateMinutes: Int? = nil, taskClass: String? = nil, done: Bool = false) {
        self.id = id
        self.title = title
        self.due = due
        self.estimateMinutes = estimateMinutes
        self.taskClass = taskClass
        self.done = done
    }
}

/// One ranked task: how urgent it is and why, in a line.
public struct AssistantSuggestion: Hashable, Sendable {
    public var task: AssistantTask
    /// Higher is more urgent; see `Assistant.rank` for the formula.
    public var score: Double
    /// "due in 2h, about 1h30m of work".
    public var reason: String
}

/// The personal assistant's choice of the next assignment to start (K6), in the spirit of Taskwarrior's urgency.
public enum Assistant {
    /// The length assumed for a task with no estimate.
    public static let assumedEstimateMinutes = 60

    /// The open tasks (done ones are left out), most urgent first; empty when there is nothing to do.
    ///
    /// With `e` the estimate in minutes (60 if unknown) and `slack` = minutes until due − `e`:
    /// - overdue (due at or before `now`): 100 + hours overdue / 24, counting at most 10 days: 100–110,
    ///   so overdue work always comes first, the longest overdue first;
    /// - due, but no slack (`slack` ≤ 0: it cannot be finished in time unless started now):
    ///   90 + hours short / 10, at most 99.9;
    /// - due with slack: 80 / (1 + slack in days): 80 towards 0, so tighter slack first, and of two
    ///   tasks due together the longer one first (its slack is smaller);
    /// - no due date: 1.
    ///
    /// Ties go to the earlier due date, then the title, then the id, so the order is stable.
    public static func rank(_ tasks: [AssistantTask], now: Date) -> [AssistantSuggestion] {
        tasks.filter { !$0.done }
            .map { AssistantSuggestion(task: $0, score: score($0, now: now), reason: reason($0, now: now)) }
            .sorted { a, b in
                if a.score != b.score { return a.score > b.score }
                let (dueA, dueB) = (a.task.due ?? .distantFuture, b.task.due ?? .distantFuture)
                if dueA != dueB { return dueA < dueB }
                return (a.task.title, a.task.id) < (b.task.title, b.task.id)
            }
    }

    /// The task to start next, or nil when there is none (the shell then says "Nothing ...yet!").
    public static func suggest(_ tasks: [AssistantTask], now: Date) -> AssistantSuggestion? {
        rank(tasks, now: now).first
    }

    /// The urgency of one task; see `rank`.
    public static func score(_ task: AssistantTask, now: Date) -> Double {
        guard let due = task.due else { return 1 }
        let untilDue = due.timeIntervalSince(now) / 60
        if untilDue <= 0 { return 100 + min(-untilDue / 60, 240) / 24 }
        let slack = untilDue - Double(task.estimateMinutes ?? assumedEstimateMinutes)
        if slack <= 0 { return 90 + min(-slack / 60 / 10, 9.9) }
        return 80 / (1 + slack / 1440)
    }

    /// "overdue by 3h, about 1h30m of work"; "due in 2h but about 3h of work: start now"; "no due date".
    public static func reason(_ task: AssistantTask, now: Date) -> String {
        let work = task.estimateMinutes.map { "about \(DurationInput.format(minutes: $0)) of work" } ?? "length unknown"
        guard let due = task.due else { return task.estimateMinutes == nil ? "no due date" : "no due date, \(work)" }
        let untilDue = Int((due.timeIntervalSince(now) / 60).rounded())
        if untilDue <= 0 { return "overdue by \(span(-untilDue)), \(work)" }
        if let estimate = task.estimateMinutes, estimate >= untilDue {
            return "due in \(span(untilDue)) but \(work): start now"
        }
        return "due in \(span(untilDue)), \(work)"
    }

    /// A time span as a person says it: minutes under a day (`2h30m`), hours under a week (`1d4h`), days beyond (`12d`).
    static func span(_ minutes: Int) -> String {
        if minutes < 1440 { return DurationInput.format(minutes: max(minutes, 1)) }
        if minutes < 7 * 1440 { return DurationInput.format(minutes: (minutes + 30) / 60 * 60) }
        return "\((minutes + 720) / 1440)d"
    }
}
