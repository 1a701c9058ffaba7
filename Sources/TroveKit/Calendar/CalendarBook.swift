import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's calendars: making, renaming, removing and finding them.
///
/// Events and tasks given no calendar go to the first one, which is made ("Personal") when there is none.
public struct CalendarBook {
    public let store: Store
    /// The name of the calendar made for the first event or task of a store that has none.
    public static let defaultName = "Personal"

    public init(store: Store) { self.store = store }

    /// Every calendar, in the order they were made.
    public func all() throws -> [CalendarInfo] {
        try store.records(ofType: RecordType.calendar).compactMap(CalendarInfo.init).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// The calendar called `name` (ignoring case), or with that id.
    public func calendar(named name: String) throws -> CalendarInfo {
        let calendars = try all()
        if let match = calendars.first(where: { $0.id == name || $0.name.compare(name, options: .caseInsensitive) == .orderedSame }) {
            return match
        }
        throw CalendarError.unknownCalendar(name, known: calendars.map(\.name))
    }

    /// Makes a calendar; its name must not be blank or another calendar's.
    @discardableResult
    public func add(name: String, color: String? = nil) throws -> (calendar: CalendarInfo, result: CommitResult) {
        let checked = try checkedName(name, others: all())
        let stored = try color.map(CalendarInfo.color)
        let (record, result) = try store.transaction(message: "Add calendar \(checked)") { transaction -> Record in
            var fields: [String: JSONValue] = ["name": .string(checked)]
            if let stored { fields["color"] = .string(stored) }
            return try transaction.put(.object(fields), type: RecordType.calendar)
        }
        return (CalendarInfo(record)!, result)
    }

    /// Renames a calendar, or changes its colour; what it holds stays where it is.
    @discardableResult
    public func edit(_ calendar: CalendarInfo, name: String? = nil, color: String? = nil) throws -> (calendar: CalendarInfo, result: CommitResult) {
        let checked = try name.map { try checkedName($0, others: all().filter { $0.id != calendar.id }) }
        let stored = try color.map(CalendarInfo.color)
        let (record, result) = try store.transaction(message: "Edit calendar \(checked ?? calendar.name)") { transaction -> Record in
            guard let existing = try transaction.record(id: calendar.id), var fields = existing.value.objectValue else {
                throw CalendarError.unknownCalendar(calendar.name, known: [])
            }
            if let checked { fields["name"] = .string(checked) }
            if let stored { fields["color"] = .string(stored) }
            return try transaction.put(.object(fields), type: RecordType.calendar)
        }
        return (CalendarInfo(record)!, result)
    }

    /// Removes a calendar with the events and tasks given (its own, found by the caller's index), in one commit.
    public func remove(_ calendar: CalendarInfo, records: [String]) throws -> CommitResult {
        try store.transaction(message: "Delete calendar \(calendar.name) and its \(records.count) events and tasks") { transaction in
            for id in records where try transaction.record(id: id) != nil { try transaction.delete(id: id) }
            try transaction.delete(id: calendar.id)
        }.result
    }

    /// The calendar to put a new event or task in: the one named, else the first, made inside `transaction` if there is none.
    public func target(named name: String?, in transaction: inout Transaction) throws -> String {
        if let name { return try calendar(named: name).id }
        if let first = try all().first { return first.id }
        return try transaction.put(["name": .string(Self.defaultName)], type: RecordType.calendar).id
    }

    private func checkedName(_ name: String, others: [CalendarInfo]) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CalendarError.blankName }
        if others.contains(where: { $0.name.compare(trimmed, options: .caseInsensitive) == .orderedSame }) {
            throw CalendarError.calendarNameTaken(trimmed)
        }
        return trimmed
    }
}
