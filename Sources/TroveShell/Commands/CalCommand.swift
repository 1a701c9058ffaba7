import ArgumentParser
import Foundation
import TroveICal
import TroveJSON
import TroveKit
import TroveStore

/// `trove cal [day|week|month] [DATE|next|prev|today]`: the calendar views.
///
/// The view chosen last is kept in local state and used when none is named (week at first);
/// `next` and `prev` move the last view shown by one day, week or month.
struct CalCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "cal", abstract: "Show the calendar by day, week or month (week at first; the last view is remembered).",
        discussion: """
            The month view shows the last week of the month before and the first week of the month after; months
            alternate light and dark, and holidays show their icon in the day's cell.
            Examples:
              trove cal                 the last view chosen, around today
              trove cal month           this month
              trove cal month 2026-12   December 2026
              trove cal month dec 2026  the same
              trove cal next            the next month (or week, or day)
              trove cal day fri
            """)

    @Argument(help: ArgumentHelp("day, week or month; then a date, next, prev or today.", valueName: "view-or-date"),
              completion: .list(["day", "week", "month", "next", "prev", "today"]))
    var words: [String] = []
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    /// Local-state keys: the view, and the date it last showed.
    static let viewKey = "calendarView"
    static let dateKey = "calendarDate"

    func run(_ env: CommandEnvironment) throws {
        let context = try CalendarContext(storeOptions, env)
        let state = LocalSettings(storePath: context.store.path)
        var words = self.words.map { $0.lowercased() }
        var period = state.value(Self.viewKey)?.stringValue.flatMap(CalendarPeriod.init(rawValue:)) ?? .week
        if let first = words.first, let named = CalendarPeriod(rawValue: first) {
            period = named
            words.removeFirst()
        }
        let shown = state.value(Self.dateKey)?.stringValue.flatMap(CivilDate.init(iso:)) ?? context.today
        let date: CivilDate
        switch words.joined(separator: " ") {
        case "": date = self.words.isEmpty ? shown : context.today
        case "next": date = period.step(shown, by: 1)
        case "prev", "previous": date = period.step(shown, by: -1)
        case "today": date = context.today
        case let text: date = try Self.date(text, context)
        }
        try state.set(Self.viewKey, .string(period.rawValue))
        try state.set(Self.dateKey, .string(date.description))
        if output.json {
            let range = Self.span(period, date, context)
            let days = try Self.days(range.first, range.last, context, shared: context.sharedCalendars(storeOptions))
            return env.out.json(.array(days.days.map(Self.json)))
        }
        let shared = context.sharedCalendars(storeOptions)
        guard env.terminal.canRunLiveView else {
            let lines = try Self.lines(period, date, context, shared: shared, width: env.terminal.width, color: env.terminal.color)
            return env.out.paged { for line in lines { env.out.line(line) } }
        }
        // On a terminal the view stays: keys move it, a resize redraws it, q leaves (scripts and pipes get the lines once).
        var (shownPeriod, shownDate) = (period, date)
        var failure: Error?
        LiveView.run(render: { width, _ in
            do {
                return try Self.lines(shownPeriod, shownDate, context, shared: shared, width: width, color: env.terminal.color)
                    + ["", SGR.apply([.dim], to: Self.keysHelp, color: env.terminal.color)]
            } catch {
                failure = error
                return ["\(error)"]
            }
        }, handle: { key in
            switch key {
            case .left, .up, .character("p"), .character("k"): shownDate = shownPeriod.step(shownDate, by: -1)
            case .right, .down, .character("n"), .character("j"), .character(" "): shownDate = shownPeriod.step(shownDate, by: 1)
            case .character("t"): shownDate = context.today
            case .character("m"): shownPeriod = .month
            case .character("w"): shownPeriod = .week
            case .character("d"): shownPeriod = .day
            default: return true
            }
            try? state.set(Self.viewKey, .string(shownPeriod.rawValue))
            try? state.set(Self.dateKey, .string(shownDate.description))
            return true
        })
        if let failure { throw failure }
    }

    /// The keys a live calendar takes, shown under it.
    static let keysHelp = "←/p previous · →/n next · t today · m/w/d month, week, day · q quit"

    /// The first and last day a view of `period` around `date` shows.
    static func span(_ period: CalendarPeriod, _ date: CivilDate, _ context: CalendarContext) -> (first: CivilDate, last: CivilDate) {
        if period == .month {
            let grid = CalendarMonth(containing: date, firstWeekday: context.firstWeekday).gridDays
            return (grid.first!, grid.last!)
        }
        let range = period.days(containing: date, firstWeekday: context.firstWeekday)
        return (range.lowerBound, range.upperBound)
    }

    /// The view's lines for `width` columns.
    static func lines(_ period: CalendarPeriod, _ date: CivilDate, _ context: CalendarContext, shared: [SharedCalendar],
                      width: Int, color: Bool) throws -> [String] {
        let range = span(period, date, context)
        let days = try Self.days(range.first, range.last, context, shared: shared)
        let view = CalendarView(days: days, context: context, width: width, color: color)
        switch period {
        case .day: return view.day(date)
        case .week: return view.week(CalendarWeek(containing: date, firstWeekday: context.firstWeekday))
        case .month: return view.month(CalendarMonth(containing: date, firstWeekday: context.firstWeekday))
        }
    }

    static func days(_ first: CivilDate, _ last: CivilDate, _ context: CalendarContext, shared: [SharedCalendar]) throws -> CalendarDays {
        try CalendarDays(from: first, to: last, query: context.query, countries: context.settings.holidayCountries, notes: DayNotes(index: context.index),
                         shared: shared)
    }

    /// A date as typed, or a month as `2026-12` or `dec 2026`.
    static func date(_ text: String, _ context: CalendarContext) throws -> CivilDate {
        let parts = text.split(separator: "-")
        if parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), let first = CivilDate(year: year, month: month, day: 1) {
            return first
        }
        let words = text.split(separator: " ")
        if words.count == 2, let year = Int(words[1]), let month = monthNumber(words[0]), let first = CivilDate(year: year, month: month, day: 1) {
            return first
        }
        return try context.read(text).day
    }

    /// The month a word names, `dec` or `december` (any case), or nil.
    static func monthNumber(_ word: Substring) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        let word = word.lowercased()
        guard word.count >= 3 else { return nil }
        return names.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 }
    }

    private static func json(_ day: CalendarDays.Day) -> JSONValue {
        [
            "date": .string(day.date.description),
            "holidays": .array(day.holidays.map { .string($0.name) }),
            // The records' own fields: the views' decorations (class, place, ↻, the group's name) stay out.
            "events": .array(day.occurrences.map { occurrence in
                var fields: [String: JSONValue] = ["id": .string(occurrence.id), "title": .string(occurrence.title), "start": .string(occurrence.start.description),
                                                   "end": occurrence.end.map { .string($0.description) } ?? .null,
                                                   "class": occurrence.classLabel.map { .string($0) } ?? .null]
                if let group = occurrence.group { fields["group"] = .string(group) }
                return .object(fields)
            }),
            "tasks": .array(day.tasks.map { task in
                var fields: [String: JSONValue] = ["id": .string(task.id), "title": .string(task.title), "done": .bool(task.done),
                                                   "due": task.due.map { .string(CalendarTime.timestamp($0)) } ?? .null,
                                                   "class": task.classLabel.map { .string($0) } ?? .null]
                if let group = task.group { fields["group"] = .string(group) }
                return .object(fields)
            }),
        ]
    }
}
