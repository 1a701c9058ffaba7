import Foundation

/// Everything on each day of a span, as the day, week and month views show it.
public struct CalendarDays: Sendable {
    /// One day's share.
    public struct Day: Sendable {
        public var date: CivilDate
        public var holidays: [Holiday] = []
        /// Occurrences that start this day, or started before and go on into it.
        public var occurrences: [ListedOccurrence] = []
        public var tasks: [Assignment] = []
        public var notes: [DayNote] = []

        /// How many events and tasks it has.
        public var count: Int { occurrences.count + tasks.count }
    }

    public var days: [Day]

    /// Gathers the days `from...to` (inclusive), read in `timeZone`.
    ///
    /// - Parameter shared: the calendars of the user's groups, whose items join the user's own.
    public init(from: CivilDate, to: CivilDate, query: CalendarQuery, countries: [String], notes: DayNotes?,
                shared: [SharedCalendar] = []) throws {
        let zone = query.timeZone
        let count = max(0, from.days(to: to) + 1)
        var days = (0..<count).map { Day(date: from.adding(days: $0)) }
        let start = from.instant(in: zone)
        let end = to.adding(days: 1).instant(in: zone)
        func slot(_ date: CivilDate) -> Int? {
            let offset = from.days(to: date)
            return offset >= 0 && offset < count ? offset : nil
        }
        for holiday in try Holidays.list(from: from, to: to, countries: countries) {
            if let position = slot(holiday.date) { days[position].holidays.append(holiday) }
        }
        var occurrences = try query.listedOccurrences(from: start, to: end)
        if !shared.isEmpty {
            occurrences += try shared.flatMap { try $0.listedOccurrences(from: start, to: end) }
            occurrences.sort { ($0.startDate, $0.title) < ($1.startDate, $1.title) }
        }
        for occurrence in occurrences {
            let first = CivilDate(max(occurrence.startDate, start), in: zone)
            // The last instant it covers: an end at midnight belongs to the day before.
            let last = CivilDate(max(occurrence.startDate, min(occurrence.endDate.addingTimeInterval(-0.001), end.addingTimeInterval(-0.001))), in: zone)
            var day = first
            while day <= last {
                if let position = slot(day) { days[position].occurrences.append(occurrence) }
                day = day.adding(days: 1)
            }
        }
        for task in try query.tasks(dueFrom: start, to: end) + shared.flatMap({ try $0.tasks(dueFrom: start, to: end) }) {
            if let due = task.due, let position = slot(CivilDate(due, in: zone)) { days[position].tasks.append(task) }
        }
        for note in try notes?.notes(from: from, to: to) ?? [] {
            if let position = slot(note.date) { days[position].notes.append(note) }
        }
        self.days = days
    }

    /// The day `date`, if it is in the span.
    public func day(_ date: CivilDate) -> Day? {
        guard let first = days.first else { return nil }
        let offset = first.date.days(to: date)
        return days.indices.contains(offset) ? days[offset] : nil
    }
}
