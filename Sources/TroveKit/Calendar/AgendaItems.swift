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
        // What `occurrences` sorts by, after the start: the event's own title (the item's is longer).
        var titles: [String] = []
        items.reserveCapacity(rows.oneOffs.count + rows.others.count)
        titles.reserveCapacity(rows.oneOffs.count + rows.others.count)
        let events = indexedEvents(rows.others)
        let listed = events.map(\.event.listingTitle)
        for occurrence in try expand(events, from: from, to: to) {
            let event = events[occurrence.event].event
            let start = occurrence.startDate
            let end = Occurrence.endDate(start: occurrence.start, end: occurrence.end, in: zone)
            items.append(AgendaItem(id: event.id, kind: .event, title: listed[occurrence.event], time: start,
                                    lengthMinutes: Self.minutes(from: start, to: end), itemClass: event.classLabel,
                                    allDay: occurrence.start.isDate))
            titles.append(event.title)
        }
        for row in rows.oneOffs {
            let start = row.start.date(in: zone)
            let end = Occurrence.endDate(start: row.start, end: row.end, in: zone)
            guard end > from && start < to || start == from else { continue }
            let event = row.event
            items.append(AgendaItem(id: row.id, kind: .event,
                                    title: Event.listingTitle(title: event.title, classLabel: event.classLabel, address: event.address, repeats: false),
                                    time: start, lengthMinutes: Self.minutes(from: start, to: end), itemClass: event.classLabel,
                                    allDay: row.start.isDate))
            titles.append(event.title)
        }
        let order = items.indices.sorted { a, b in
            let (startA, startB) = (items[a].time!, items[b].time!)
            if startA != startB { return startA < startB }
            return Self.inOrder(title: titles[a], id: items[a].id, title: titles[b], id: items[b].id)
        }
        Self.arrange(&items, in: order)
        items += try tasks(dueFrom: from, to: to).map(AgendaItem.init(task:))
        return items
    }

    /// Puts `items` in `order` (the new first item is the one at `order[0]`, and so on) in place, by swaps:
    /// a copy of tens of thousands of items into a new array copies every one's strings.
    private static func arrange(_ items: inout [AgendaItem], in order: [Int]) {
        var placed = [Bool](repeating: false, count: items.count)
        for first in items.indices where !placed[first] {
            // Follow the cycle through `first`: each swap brings the item a position wants into it.
            var position = first
            while order[position] != first {
                items.swapAt(position, order[position])
                placed[position] = true
                position = order[position]
            }
            placed[position] = true
        }
    }

    /// Whole minutes from `start` to `end`.
    private static func minutes(from start: Date, to end: Date) -> Int { Int(end.timeIntervalSince(start) / 60) }
}
