import Foundation
import TroveICal
import TroveIndex
import TroveSchema
import TroveStore

/// One occurrence of an event on the calendar: the event, and when this occurrence starts and ends.
public struct Occurrence: Sendable, Equatable {
    public var event: Event
    public var start: CalendarTime
    public var end: CalendarTime?

    public init(event: Event, start: CalendarTime, end: CalendarTime?) {
        self.event = event
        self.start = start
        self.end = end
    }

    /// When it starts, read in `timeZone`.
    public func startDate<Zone: UTCOffsets>(in timeZone: Zone) -> Date { start.date(in: timeZone) }

    /// When it ends, read in `timeZone`: its end, else a day after an all-day start, else its start.
    public func endDate<Zone: UTCOffsets>(in timeZone: Zone) -> Date {
        Self.endDate(start: start, end: end, in: timeZone)
    }

    /// When an occurrence from `start` to `end` ends, read in `timeZone` (see `endDate(in:)`).
    static func endDate<Zone: UTCOffsets>(start: CalendarTime, end: CalendarTime?, in timeZone: Zone) -> Date {
        if let end { return end.date(in: timeZone) }
        let first = start.date(in: timeZone)
        return start.isDate ? CivilDate(first, in: timeZone).adding(days: 1).instant(in: timeZone) : first
    }
}

/// What the calendar shows in a span of time: event occurrences, with recurring series expanded, and tasks by due time.
///
/// The index finds the candidates (a series spans its whole run there); libical expands each series
/// in its own time zone, and an override of one occurrence (same UID, with a RECURRENCE-ID) takes that
/// occurrence's place.
public struct CalendarQuery {
    public let index: RecordIndex
    /// The zone all-day dates are read in for the span's edges.
    public var timeZone: TimeZone
    /// Told of each series left out because its rule or zone cannot be expanded, with why.
    ///
    /// Import and `event add` refuse such rules, but a record can still come by sync or by hand: one bad
    /// series is left out of a listing with a warning, rather than failing the whole span.
    public var leftOut: ((Event, ICalError) -> Void)?

    public init(index: RecordIndex, timeZone: TimeZone = .current, leftOut: ((Event, ICalError) -> Void)? = nil) {
        self.index = index
        self.timeZone = timeZone
        self.leftOut = leftOut
    }

    /// The occurrences that overlap `from..<to`, by start then title.
    ///
    /// - Parameter calendars: only events of these calendar ids, when given.
    public func occurrences(from: Date, to: Date, calendars: Set<String>? = nil) throws -> [Occurrence] {
        // A holder that wrote since it opened the index (the shell, a test) reads what it wrote.
        try index.catchUp()
        let span = Self.candidateSpan(from: from, to: to)
        let rows = try index.records(type: RecordType.event, overlappingFrom: span.from, to: span.to)
        let events = indexedEvents(rows).filter { calendars?.contains($0.event.calendarId) ?? true }
        return try expand(events, from: from, to: to).map { Occurrence(event: events[$0.event].event, start: $0.start, end: $0.end) }
    }

    /// An event read from its index row, with its rule's starts when the index keeps them.
    struct IndexedEvent {
        var event: Event
        var ruleStarts: [RuleStart]?
    }

    /// The events of index rows, leaving out those whose records do not read as events.
    func indexedEvents(_ rows: [IndexedRecord]) -> [IndexedEvent] {
        rows.compactMap { row in
            index.value(of: row).flatMap { Event(Record($0)) }.map { IndexedEvent(event: $0, ruleStarts: row.ruleStarts) }
        }
    }

    /// The events of whole-event rows (`RecordIndex.eventRows`), leaving out those whose records do not read as events.
    func indexedEvents(_ rows: [WholeEventRow]) -> [IndexedEvent] {
        rows.compactMap { row in
            index.value(of: row).flatMap { Event(Record($0)) }.map { IndexedEvent(event: $0, ruleStarts: row.ruleStarts) }
        }
    }

    /// The span of the index rows that may have occurrences in `from..<to`, as row times.
    ///
    /// A day's margin each side: all-day dates are compared as text against instants there.
    static func candidateSpan(from: Date, to: Date) -> (from: String, to: String) {
        (Timestamp.string(from.addingTimeInterval(-86_400)), Timestamp.string(to.addingTimeInterval(86_400)))
    }

    /// An occurrence of `events[event]` (an event is large: occurrences name it by position until the end).
    struct Expanded {
        var event: Int
        var start: CalendarTime
        var end: CalendarTime?
        /// `start` read in the query's zone.
        var startDate: Date
    }

    /// The occurrences of `events` that overlap `from..<to`, by start then title: series expanded, and an
    /// override of one occurrence in place of the occurrence it replaces. Each names its event by its position.
    func expand(_ indexed: [IndexedEvent], from: Date, to: Date) throws -> [Expanded] {
        let events = indexed.map(\.event)
        let overrides = Dictionary(grouping: events.filter { $0.recurrenceID != nil && $0.uid != nil }, by: { $0.uid! })
        var found: [Expanded] = []
        // Room for the starts the index keeps (at most that many fall in the span), one for each other event.
        found.reserveCapacity(indexed.reduce(0) { $0 + ($1.ruleStarts?.count ?? 1) })
        func add(_ event: Int, _ start: CalendarTime, _ end: CalendarTime?) {
            // A floating event's wall-clock times (and its series, run on that clock) are at that reading here.
            let (start, end) = (events[event].shown(start, in: timeZone), end.map { events[event].shown($0, in: timeZone) })
            let first = start.date(in: timeZone)
            if Occurrence.endDate(start: start, end: end, in: timeZone) > from && first < to || first == from {
                found.append(Expanded(event: event, start: start, end: end, startDate: first))
            }
        }
        for (position, event) in events.enumerated() {
            // A cancelled event, or the cancelled occurrence an override stands for, is no occurrence: it is
            // kept in the store (an export writes it back), and as an override it still takes its occurrence's place.
            if event.isCancelled { continue }
            if event.rrule == nil && event.rdates.isEmpty {
                add(position, event.start, event.end)
                continue
            }
            // A THISANDFUTURE override is a series of its own: the overrides replace its occurrences, not itself.
            let replaced = Set((overrides[event.uid ?? ""] ?? []).filter { $0.id != event.id }.compactMap { $0.recurrenceID?.instant })
            let starts: [CalendarTime]
            do {
                starts = try self.starts(of: event, ruleStarts: indexed[position].ruleStarts, from: from, to: to)
            } catch {
                leftOut?(event, error)
                continue
            }
            for start in starts where !replaced.contains(start.instant) {
                add(position, start, end(of: event, startingAt: start))
            }
        }
        return found.sorted { a, b in
            if a.startDate != b.startDate { return a.startDate < b.startDate }
            return Self.inOrder(events[a.event], events[b.event])
        }
    }

    /// Whether occurrences of `a` go before those of `b` at the same time: by title, then id.
    ///
    /// Compared field by field, not as a tuple: building one copies its strings, for each of the many comparisons of a sort.
    static func inOrder(_ a: Event, _ b: Event) -> Bool { inOrder(title: a.title, id: a.id, title: b.title, id: b.id) }

    /// Whether an occurrence of the event with title `titleA` and id `idA` goes before one of `titleB`, `idB` at the same time.
    static func inOrder(title titleA: String, id idA: String, title titleB: String, id idB: String) -> Bool {
        titleA != titleB ? titleA < titleB : idA < idB
    }

    /// Open and done tasks due in `from..<to`, by due time.
    public func tasks(dueFrom from: Date, to: Date) throws -> [Assignment] {
        try index.catchUp()
        return try index.records(type: RecordType.task, overlappingFrom: Timestamp.string(from), to: Timestamp.string(to))
            .compactMap { row in index.value(of: row).flatMap { Assignment(Record($0)) } }
            .sorted { ($0.due ?? .distantFuture, $0.title) < ($1.due ?? .distantFuture, $1.title) }
    }

    /// Every open task, with or without a due time, for the assistant.
    public func openTasks() throws -> [Assignment] {
        try index.catchUp()
        return try index.records(type: RecordType.task, page: .all).compactMap { row in index.value(of: row).flatMap { Assignment(Record($0)) } }.filter { !$0.done }
    }

    /// The class of every event and task in the store, once each (first spelling wins), sorted ignoring case.
    public func classes() throws -> [String] {
        let labels = try [RecordType.event, RecordType.task].flatMap { type -> [String] in
            try index.records(type: type, page: .all).compactMap { row in index.value(of: row)?["class"]?.stringValue }
        }
        return AgendaQuery.knownClasses(labels.map { AgendaItem(id: "", kind: .event, title: "", itemClass: $0) })
    }

    /// The starts of a series' occurrences in the span (a day's margin each side for all-day ones).
    ///
    /// - Parameter ruleStarts: its rule's starts, when the index keeps them (the rule is then not run).
    private func starts(of event: Event, ruleStarts: [RuleStart]?, from: Date, to: Date) throws(ICalError) -> [CalendarTime] {
        // Instants are the same in every zone: only a date needs the event's (and making a TimeZone is not free).
        let dated = event.start.isDate || event.end?.isDate == true
        let length = event.length(in: dated ? event.zone(fallback: timeZone) : timeZone)
        let instants = try Occurrences.expand(
            start: event.start.instant, allDay: event.isAllDay, timeZone: event.isAllDay ? nil : event.timeZone,
            rrule: event.rrule, rdates: event.rdates, exdates: event.exdates,
            from: from.addingTimeInterval(-length - 86_400), to: to.addingTimeInterval(86_400), limit: 5000, ruleStarts: ruleStarts)
        return instants.map { event.isAllDay ? .date(ICalDate(utcDayOf: $0)) : .instant($0) }
    }

    /// The end of the occurrence starting at `start`: as long as the first one.
    private func end(of event: Event, startingAt start: CalendarTime) -> CalendarTime? {
        if let periodEnd = event.rdateEnds[start] { return periodEnd }
        guard let end = event.end else { return nil }
        switch (event.start, end, start) {
        case (.date(let first), .date(let last), .date(let day)):
            return .date(ICalDate(CivilDate(day).adding(days: CivilDate(first).days(to: CivilDate(last)))))
        default:
            return .instant(start.instant.addingTimeInterval(end.instant.timeIntervalSince(event.start.instant)))
        }
    }
}
