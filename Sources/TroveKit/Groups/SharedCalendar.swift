import Foundation
import TroveIndex
import TroveJSON
import TroveSchema
import TroveStore

/// A group's calendar items as the user's own views take them in: its store's events and tasks, and its meetings.
///
/// Each title is marked with the group's name ("Exam review · CS101"), so a view says where an item lives.
public struct SharedCalendar {
    /// The group's name.
    public let name: String
    public let query: CalendarQuery

    public init(name: String, index: RecordIndex, timeZone: TimeZone) {
        self.name = name
        query = CalendarQuery(index: index, timeZone: timeZone)
    }

    /// The occurrences of the group's events and meetings that overlap `from..<to`.
    public func occurrences(from: Date, to: Date) throws -> [Occurrence] {
        try (query.occurrences(from: from, to: to) + meetings(from: from, to: to)).map { occurrence in
            var marked = occurrence
            marked.event.title = label(occurrence.event.title)
            return marked
        }
    }

    /// The group's events and meetings in `from..<to` as the views list them, each title marked with the group's name.
    public func listedOccurrences(from: Date, to: Date) throws -> [ListedOccurrence] {
        let meetings = try meetings(from: from, to: to).map { ListedOccurrence($0, in: query.timeZone) }
        return (try query.listedOccurrences(from: from, to: to) + meetings).map { occurrence in
            // The title stays the event's own (what `cal --json` prints); the listing, which views show, names the group.
            var marked = occurrence
            marked.listingTitle = label(occurrence.listingTitle)
            marked.group = name
            return marked
        }
    }

    /// The group's tasks due in `from..<to`.
    public func tasks(dueFrom from: Date, to: Date) throws -> [Assignment] {
        try query.tasks(dueFrom: from, to: to).map { task in
            var marked = task
            marked.group = name
            return marked
        }
    }

    /// The agenda's items for `from..<to`: events, meetings and tasks.
    public func agendaItems(from: Date, to: Date) throws -> [AgendaItem] {
        let events = try query.agendaItems(from: from, to: to).map { item in
            var marked = item
            marked.title = label(item.title)
            marked.group = name
            return marked
        }
        let meetings = try meetings(from: from, to: to).map { occurrence in
            let start = occurrence.startDate(in: query.timeZone), end = occurrence.endDate(in: query.timeZone)
            var item = AgendaItem(id: occurrence.event.id, kind: .event, title: label(occurrence.event.title), time: start,
                                  lengthMinutes: Int(end.timeIntervalSince(start) / 60), storedTitle: occurrence.event.title, end: end)
            item.group = name
            return item
        }
        return events + meetings
    }

    private func label(_ title: String) -> String { Self.label(title, group: name) }

    /// A title as listings show an item of a group's calendar: `Meeting · Chess club`.
    static func label(_ title: String, group: String) -> String { title + " · " + group }

    /// The group's meetings (posts of kind meeting) as events.
    func meetings(from: Date, to: Date) throws -> [Occurrence] {
        try query.index.store.records(ofType: RecordType.groupPost).compactMap { record -> Occurrence? in
            guard let post = GroupPost(record), post.kind == .meeting, let start = post.start else { return nil }
            var fields: [String: JSONValue] = ["id": .string(post.id), "type": .string(RecordType.event), "calendarId": .string(record.value["groupId"]?.stringValue ?? ""),
                                               "title": .string(post.title ?? "Meeting"), "start": .string(start), "createdAt": .string(post.createdAt)]
            if let end = post.end { fields["end"] = .string(end) }
            guard let event = Event(Record(.object(fields))) else { return nil }
            let occurrence = Occurrence(event: event, start: event.start, end: event.end)
            let begins = occurrence.startDate(in: query.timeZone)
            return begins < to && occurrence.endDate(in: query.timeZone) > from || begins == from ? occurrence : nil
        }
    }
}
