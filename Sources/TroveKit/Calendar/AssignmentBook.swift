import Foundation
import TroveIndex
import TroveJSON
import TroveSchema
import TroveStore

/// What a command gives to make or change a task; `nil` leaves a field as it is.
public struct AssignmentDraft: Sendable {
    public var title: String?
    public var calendar: String?
    public var classLabel: String?
    /// The due time; `.some(nil)` removes it.
    public var due: Date??
    public var estimateMinutes: Int?
    public var notes: String?

    public init(title: String? = nil, calendar: String? = nil, classLabel: String? = nil, due: Date?? = nil,
                estimateMinutes: Int? = nil, notes: String? = nil) {
        self.title = title
        self.calendar = calendar
        self.classLabel = classLabel
        self.due = due
        self.estimateMinutes = estimateMinutes
        self.notes = notes
    }
}

/// The store's tasks (assignments): adding, finishing, giving feedback on, changing and removing them.
public struct AssignmentBook {
    public let index: RecordIndex
    public var store: Store { index.store }

    public init(index: RecordIndex) { self.index = index }

    /// The task whose id is `text`, or starts or ends with it (see `RecordLookup`).
    public func task(_ text: String) throws -> Assignment {
        try Assignment(RecordLookup.record(text, type: RecordType.task, in: index, unknown: CalendarError.unknownTask(text)) { CalendarError.ambiguousID(text, matches: $0) })!
    }

    /// Adds a task; it needs a title.
    @discardableResult
    public func add(_ draft: AssignmentDraft) throws -> (task: Assignment, result: CommitResult) {
        guard let title = draft.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else { throw CalendarError.blankTitle }
        let (record, result) = try store.transaction(message: "Add task \(title)") { transaction -> Record in
            var fields: [String: JSONValue] = ["calendarId": .string(try CalendarBook(store: store).target(named: draft.calendar, in: &transaction))]
            try apply(draft, to: &fields)
            return try transaction.put(.object(fields), type: RecordType.task)
        }
        return (Assignment(record)!, result)
    }

    /// Changes what `draft` gives, leaving the rest.
    @discardableResult
    public func edit(_ task: Assignment, _ draft: AssignmentDraft) throws -> (task: Assignment, result: CommitResult) {
        try change(task, message: "Edit task \(draft.title ?? task.title)") { fields in
            if let calendar = draft.calendar { fields["calendarId"] = .string(try CalendarBook(store: store).calendar(named: calendar).id) }
            try apply(draft, to: &fields)
        }
    }

    /// Marks a task done (or, with `done: false`, open again).
    @discardableResult
    public func markDone(_ task: Assignment, done: Bool = true, now: Date = Date()) throws -> (task: Assignment, result: CommitResult) {
        try change(task, message: "\(done ? "Finish" : "Reopen") task \(task.title)") { fields in
            fields["done"] = .bool(done)
            fields["doneAt"] = done ? .string(Timestamp.string(now)) : nil
        }
    }

    /// Records feedback on a task and tells the user in the inbox, in one commit.
    ///
    /// The notification names the task; it quotes the feedback only when the "include feedback" setting is on.
    @discardableResult
    public func giveFeedback(_ task: Assignment, text: String, now: Date = Date()) throws -> (task: Assignment, result: CommitResult) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CalendarError.emptyFeedback }
        let settings = try SyncedSettings(store: store).current()
        return try change(task, message: "Feedback on task \(task.title)") { fields, transaction in
            fields["feedback"] = .string(trimmed)
            fields["feedbackAt"] = .string(Timestamp.string(now))
            // The id's last characters, as listings show it: a UUIDv7 starts with its time, so tasks made
            // within a minute or so share their first 8 characters and `task show` would find them ambiguous.
            let summary = "Feedback on '\(task.title)'" + (settings.includeFeedback ? ": \(trimmed)" : " (trove task show \(task.id.suffix(8)))")
            try Inbox.post(kind: "feedback", text: summary, ref: task.id, refType: RecordType.task, in: &transaction)
        }
    }

    /// Removes a task.
    public func remove(_ task: Assignment) throws -> CommitResult {
        try store.transaction(message: "Delete task \(task.title)") { try $0.delete(id: task.id) }.result
    }

    private func change(_ task: Assignment, message: String, _ body: (inout [String: JSONValue]) throws -> Void) throws -> (task: Assignment, result: CommitResult) {
        try change(task, message: message) { fields, _ in try body(&fields) }
    }

    private func change(_ task: Assignment, message: String,
                        _ body: (inout [String: JSONValue], inout Transaction) throws -> Void) throws -> (task: Assignment, result: CommitResult) {
        let (record, result) = try store.transaction(message: message) { transaction -> Record in
            guard let existing = try transaction.record(id: task.id), var fields = existing.value.objectValue else {
                throw CalendarError.unknownTask(task.id)
            }
            try body(&fields, &transaction)
            if fields == existing.value.objectValue { return existing }
            return try transaction.put(.object(fields), type: RecordType.task)
        }
        return (Assignment(record)!, result)
    }

    private func apply(_ draft: AssignmentDraft, to fields: inout [String: JSONValue]) throws {
        if let title = draft.title {
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw CalendarError.blankTitle }
            fields["title"] = .string(trimmed)
        }
        if let classLabel = draft.classLabel { fields["class"] = classLabel.isEmpty ? nil : .string(classLabel) }
        if let due = draft.due {
            fields["due"] = due.map { .string(Timestamp.string($0)) }
            // A new due time replaces a date-only DUE an import kept.
            fields["dueDate"] = nil
        }
        if let minutes = draft.estimateMinutes { fields["estimateMinutes"] = .integer(minutes) }
        if let notes = draft.notes { fields["notes"] = notes.isEmpty ? nil : .string(notes) }
    }
}
