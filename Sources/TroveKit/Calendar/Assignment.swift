import Foundation
import TroveSchema
import TroveStore

/// An assignment (a `task` record): a title, maybe a class, a due time and an estimated length.
///
/// Not named `Task`, which would hide Swift's.
public struct Assignment: Sendable, Equatable {
    public var id: String
    public var calendarId: String
    public var title: String
    public var classLabel: String?
    public var due: Date?
    public var estimateMinutes: Int?
    public var done: Bool
    public var notes: String?
    public var feedback: String?
    public var uid: String?
    public var createdAt: String
    /// The group whose shared calendar it comes from; `nil` for the user's own.
    public var group: String?

    /// The title as listings show it: with the group's name for a task of a group's calendar.
    public var shownTitle: String { group.map { SharedCalendar.label(title, group: $0) } ?? title }

    public init?(_ record: Record) {
        let value = record.value
        guard record.type == RecordType.task, let calendarId = value["calendarId"]?.stringValue,
              let title = value["title"]?.stringValue else { return nil }
        id = record.id
        self.calendarId = calendarId
        self.title = title
        classLabel = value["class"]?.stringValue
        due = value["due"]?.stringValue.flatMap(Timestamp.milliseconds).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        estimateMinutes = value["estimateMinutes"]?.intValue
        done = value["done"]?.boolValue ?? false
        notes = value["notes"]?.stringValue
        feedback = value["feedback"]?.stringValue
        uid = value["uid"]?.stringValue
        createdAt = record.createdAt ?? ""
    }
}
