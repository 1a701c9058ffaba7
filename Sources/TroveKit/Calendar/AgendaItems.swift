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
        let span = try orderedOccurrences(from: from, to: to)
        let tasks = try tasks(dueFrom: from, to: to)
        var items: [AgendaItem] = []
        items.reserveCapacity(span.found.count + tasks.count)
        span.forEach { id, title, listingTitle, classLabel, start, _, startDate, endDate, repeats in
            items.append(AgendaItem(id: id, kind: .event, title: listingTitle, time: startDate,
                                    lengthMinutes: Self.minutes(from: startDate, to: endDate), itemClass: classLabel, allDay: start.isDate,
                                    storedTitle: title, end: endDate, repeats: repeats))
        }
        items += tasks.map(AgendaItem.init(task:))
        return items
    }

    /// The event occurrences of `from..<to` as listings and views show them, in `occurrences(from:to:)`'s order,
    /// read as `agendaItems` reads them: one-offs from their index rows, without parsing their records.
    public func listedOccurrences(from: Date, to: Date) throws -> [ListedOccurrence] {
        let span = try orderedOccurrences(from: from, to: to)
        var listed: [ListedOccurrence] = []
        listed.reserveCapacity(span.found.count)
        span.forEach { id, title, listingTitle, classLabel, start, end, startDate, endDate, _ in
            listed.append(ListedOccurrence(id: id, title: title, listingTitle: listingTitle, classLabel: classLabel,
                                           start: start, end: end, startDate: startDate, endDate: endDate))
        }
        return listed
    }

    /// The occurrences of `from..<to` in order, each still named by where it comes from.
    private func orderedOccurrences(from: Date, to: Date) throws -> OrderedOccurrences {
        try index.catchUp()
        let span = Self.candidateSpan(from: from, to: to)
        let rows = try index.eventRows(overlappingFrom: span.from, to: span.to)
        let zone = ZoneOffsetTable(timeZone, from: from.addingTimeInterval(-2 * 86_400), to: to.addingTimeInterval(2 * 86_400))
        let events = indexedEvents(rows.others)
        let series = try expand(events, from: from, to: to)
        // The occurrences are put in order first, as times and where each comes from, and their items made
        // in that order: moving tens of thousands of items into order copies every one's strings.
        var found: [Found] = []
        found.reserveCapacity(rows.oneOffs.count + series.count)
        // Rows are read in place: a copy of one copies its strings.
        for position in rows.oneOffs.indices {
            let start = rows.oneOffs[position].start.date(in: zone)
            let end = Occurrence.endDate(start: rows.oneOffs[position].start, end: rows.oneOffs[position].end, in: zone)
            guard end > from && start < to || start == from else { continue }
            found.append(Found(start: start, end: end, position: position, oneOff: true))
        }
        for (position, occurrence) in series.enumerated() {
            let end = Occurrence.endDate(start: occurrence.start, end: occurrence.end, in: zone)
            found.append(Found(start: occurrence.startDate, end: end, position: position, oneOff: false))
        }
        // What `occurrences` sorts by: the start, then the event's own title and its id.
        func title(_ found: Found) -> String { found.oneOff ? rows.oneOffs[found.position].event.title : events[series[found.position].event].event.title }
        func id(_ found: Found) -> String { found.oneOff ? rows.oneOffs[found.position].id : events[series[found.position].event].event.id }
        found.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            return Self.inOrder(title: title(a), id: id(a), title: title(b), id: id(b))
        }
        return OrderedOccurrences(rows: rows, events: events, series: series, found: found)
    }

    /// Occurrences in order, and the rows and expanded series they point into.
    private struct OrderedOccurrences {
        var rows: EventRows
        var events: [IndexedEvent]
        var series: [Expanded]
        var found: [Found]

        /// Calls `body` with each occurrence's id, title, listing title, class, start and end (as written, then as instants),
        /// and whether its event repeats, in order.
        func forEach(_ body: (String, String, String, String?, CalendarTime, CalendarTime?, Date, Date, Bool) -> Void) {
            let listed = events.map(\.event.listingTitle)
            for occurrence in found {
                if occurrence.oneOff {
                    let position = occurrence.position
                    let event = rows.oneOffs[position].event
                    let title = Event.listingTitle(title: event.title, classLabel: event.classLabel, address: event.address, repeats: false)
                    body(rows.oneOffs[position].id, event.title, title, event.classLabel, rows.oneOffs[position].start, rows.oneOffs[position].end,
                         occurrence.start, occurrence.end, false)
                } else {
                    let expanded = series[occurrence.position], event = events[expanded.event].event
                    body(event.id, event.title, listed[expanded.event], event.classLabel, expanded.start, expanded.end, occurrence.start, occurrence.end,
                         event.rrule != nil || !event.rdates.isEmpty)
                }
            }
        }
    }

    /// An occurrence in the span: when, and where it comes from (a one-off's row, or an expanded occurrence).
    private struct Found {
        var start: Date
        var end: Date
        var position: Int
        var oneOff: Bool
    }

    /// Whole minutes from `start` to `end`.
    private static func minutes(from start: Date, to end: Date) -> Int { Int(end.timeIntervalSince(start) / 60) }
}
