import Foundation
import TroveStore

extension Group {
    /// Moves a calendar, with the events and tasks given, from the personal store into the group's.
    ///
    /// The group's copy is committed first and the personal one deleted after, so a
    /// failure in between leaves the calendar in both stores, never in neither.
    @discardableResult
    public func share(calendar: CalendarInfo, records ids: [String], from personal: Store) throws -> Int {
        _ = try require(.post)
        guard let calendarRecord = try personal.record(id: calendar.id) else { throw CalendarError.unknownCalendar(calendar.name, known: []) }
        let records = try ids.compactMap { try personal.record(id: $0) }
        try store.transaction(message: "Share calendar \(calendar.name) with \(name)") { transaction in
            for record in [calendarRecord] + records { _ = try transaction.put(record.value, type: record.type) }
        }
        _ = try? sync()  // offline, the next sync sends it
        try personal.transaction(message: "Move calendar \(calendar.name) to \(name)") { transaction in
            for record in records + [calendarRecord] { try transaction.delete(id: record.id) }
        }
        return records.count
    }
}
