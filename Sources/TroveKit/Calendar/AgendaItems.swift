import Foundation
import TroveICal
import TroveIndex
import TroveStore

extension CalendarQuery {
    /// The agenda of `from..<to`: an item per event occurrence, as `occurrences(from:to:)` gives them and in
    /// its order, then an item per task, as `tasks(dueFrom:to:)` gives them.
    ///
    /// One-off events, most of a calendar, are listed from their index rows alone (`RecordIndex.eventRows`);
    /// only series, overrides and odd records are read whole and expanded. Times are read in `timeZone`
    /// through a `ZoneOffsetTable`: a year is tens of thousands of items.
    public func agendaItems(from: Date, to: Date) throws -> [AgendaItem] {
        try index.catchUp()
        let span = Self.candidateSpan(from: from, to: to)
        let rows = try index.eventRows(overlappingFrom: span.from, to: span.to)
        let zone = ZoneOffsetTable(timeZone, from: from.addingTimeInterval(-2 * 86_400), to: to.addingTimeInterval(2 * 86_400))
        var items: [AgendaItem] = []
        // What `occurrences` sorts by: start, the event's own title, its id.
        var keys: [(start: Date, title: String, id: String)] = []
        items.reserveCapacity(rows.oneOffs.count + rows.others.count)
        keys.reserveCapacity(rows.oneOffs.count + rows.others.count)
        let events = rows.others.compactMap { row in index.value(of: row).flatMap { Event(Record($0)) } }
        for occurrence in try occurrences(of: events, from: from, to: to) {
            let start = occurrence.startDate(in: zone)
            items.append(AgendaItem(id: occurrence.event.id, kind: .event, title: occurrence.event.listingTitle, time: start,
                                    lengthMinutes: Self.minutes(from: start, to: occurrence.endDate(in: zone)),
                                    itemClass: occurrence.event.classLabel, allDay: occurrence.start.isDate))
            keys.append((start, occurrence.event.title, occurrence.event.id))
        }
        for row in rows.oneOffs {
            // As `Event` reads the record: no readable start, no event; an unreadable end is none.
            guard let first = CalendarTime(recordText: row.start) else { continue }
            let last = row.event.hasEnd ? CalendarTime(recordText: row.end) : nil
            let start = first.date(in: zone)
            let end = Occurrence.endDate(start: first, end: last, in: zone)
            guard end > from && start < to || start == from else { continue }
            let event = row.event
            items.append(AgendaItem(id: row.id, kind: .event,
                                    title: Event.listingTitle(title: event.title, classLabel: event.classLabel, address: event.address, repeats: false),
                                    time: start, lengthMinutes: Self.minutes(from: start, to: end), itemClass: event.classLabel, allDay: first.isDate))
            keys.append((start, event.title, row.id))
        }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        return order.map { items[$0] } + (try tasks(dueFrom: from, to: to)).map(AgendaItem.init(task:))
    }

    /// Whole minutes from `start` to `end`.
    private static func minutes(from start: Date, to end: Date) -> Int { Int(end.timeIntervalSince(start) / 60) }
}
