import Foundation

/// A month as a continuous calendar grid for the terminal, with a week of each neighbouring month.
///
/// Rows run from the week before the week holding the 1st to the week after the week holding the
/// last day, so the grid has 6 to 8 weeks; weeks start on the calendar's `firstWeekday`, and dates,
/// names and day boundaries all follow its time zone and locale.
///
/// Lines: the month and year centred over the grid (bold with colour), the weekday names (dim with
/// colour), then one line per week. Each day is a cell as wide as the window allows (a seventh of it,
/// 6 to 20 columns): the day number right-aligned in the first 4 columns, then its mark in the rest
/// (cut with "…" if wider; `mark` is told how much room there is, so a wide cell can hold a title
/// where a narrow one holds a count). Under 42 columns the cells shrink to 4 columns and marks are
/// left out; below 28 columns lines are wider than `width`, since a week cannot be shown in less.
///
/// With colour, every cell sets its text colour as well as its background, so it reads the same on a
/// light or a dark terminal (see `MonthGrid.Palette`): the focus month on one shade, the neighbouring
/// months on another, today marked. Without colour, neighbouring days are in parentheses, `(30)`,
/// today is in brackets, `[12]`, and lines have no trailing spaces.
struct MonthGrid {
    /// Columns per day: at least, at most, and when the width is too narrow for marks.
    static let cellWidth = 6
    static let widestCell = 20
    static let compactCellWidth = 4

    /// The colours of the cells: text and background together, so that no cell depends on the
    /// terminal's own colours (a dark grey background under a light terminal's black text is unreadable).
    struct Palette: Equatable {
        var month: (text: Int, background: Int)
        var neighbour: (text: Int, background: Int)
        var today: (text: Int, background: Int)

        static func == (a: Palette, b: Palette) -> Bool {
            a.month == b.month && a.neighbour == b.neighbour && a.today == b.today
        }

        /// Dark text on light greys.
        static let light = Palette(month: (16, 254), neighbour: (242, 251), today: (231, 25))
        /// Light text on dark greys.
        static let dark = Palette(month: (255, 238), neighbour: (246, 235), today: (231, 25))

        /// The palette for the terminal's background: `COLORFGBG` ("15;0" is light on black), set by
        /// rxvt, Konsole and others, says a dark one; without it, light (each readable on either).
        static func forTerminal(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Palette {
            guard let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }) else { return .light }
            return (0...6).contains(background) || background == 8 ? .dark : .light
        }
    }

    var calendar: Calendar
    var year: Int
    var month: Int
    var today: Date?
    var palette = Palette.light
    /// The mark for a day, given the start of that day in `calendar` and the columns it may take.
    var mark: (Date, Int) -> String?

    /// The grid for `month` (1–12; others roll over into the next or previous years) of `year`.
    init(calendar: Calendar, year: Int, month: Int, today: Date? = nil, palette: Palette = .light,
         mark: @escaping (Date, Int) -> String? = { _, _ in nil }) {
        self.calendar = calendar
        self.year = year
        self.month = month
        self.today = today
        self.palette = palette
        self.mark = mark
    }

    /// The grid with marks keyed by any moment of their day; when two keys fall on one day, the later one wins.
    init(calendar: Calendar, year: Int, month: Int, today: Date? = nil, marks: [Date: String]) {
        var byDay: [Date: String] = [:]
        for (date, mark) in marks.sorted(by: { $0.key < $1.key }) {
            byDay[calendar.startOfDay(for: date)] = mark
        }
        let days = byDay
        self.init(calendar: calendar, year: year, month: month, today: today, mark: { day, _ in days[day] })
    }

    /// The start of the month's first day, or nil if the calendar cannot make that date.
    var firstOfMonth: Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: 1)).map(calendar.startOfDay)
    }

    /// The start of every day shown, in display order (a multiple of 7 of them).
    func days() -> [Date] {
        guard let first = firstOfMonth,
              let length = calendar.range(of: .day, in: .month, for: first)?.count,
              let last = calendar.date(byAdding: .day, value: length - 1, to: first)
        else { return [] }
        let before = (calendar.component(.weekday, from: first) - firstWeekday + 7) % 7 + 7
        let after = (firstWeekday + 6 - calendar.component(.weekday, from: last)) % 7 + 7
        // Adding whole days to the 1st (then taking the day's start) stays right across DST changes.
        return (-before ..< length + after).compactMap { offset in
            calendar.date(byAdding: .day, value: offset, to: first).map(calendar.startOfDay)
        }
    }

    /// The grid as lines; see `MonthGrid` for the layout and the colours.
    func render(width: Int, color: Bool) -> [String] {
        guard let first = firstOfMonth else { return [] }
        let cell = width >= 7 * Self.cellWidth ? min(width / 7, Self.widestCell) : Self.compactCellWidth
        let gridWidth = 7 * cell
        let days = days()
        let weeks = stride(from: 0, to: days.count, by: 7).map { days[$0 ..< min($0 + 7, days.count)] }
        let rows = weeks.map { week in
            let line = week.map { self.cell($0, width: cell, focus: first, color: color) }.joined()
            return color ? line : TextWidth.trimmingTrailingSpaces(line)
        }
        let title = TextWidth.truncate(title(for: first), to: gridWidth)
        let centred = String(repeating: " ", count: (gridWidth - TextWidth.of(title)) / 2) + title
        let weekdays = weekdayNames().map { " " + TextWidth.pad(TextWidth.prefix($0, width: 2), to: cell - 1) }.joined()
        return [SGR.apply([.bold], to: centred, color: color),
                SGR.apply([.dim], to: TextWidth.trimmingTrailingSpaces(weekdays), color: color)] + rows
    }

    /// "November 2026", in the calendar's locale.
    private func title(for first: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: first)
        let names = calendar.standaloneMonthSymbols
        guard let month = parts.month, let year = parts.year, names.indices.contains(month - 1) else { return "" }
        return "\(names[month - 1]) \(year)"
    }

    /// The short weekday names, starting at the calendar's first weekday.
    private func weekdayNames() -> [String] {
        let names = calendar.shortStandaloneWeekdaySymbols
        guard names.count == 7 else { return Array(repeating: "", count: 7) }
        return (0..<7).map { names[(firstWeekday - 1 + $0) % 7] }
    }

    /// The calendar's first weekday, 1 (Sunday) to 7, even if it was set out of range.
    private var firstWeekday: Int {
        ((calendar.firstWeekday - 1) % 7 + 7) % 7 + 1
    }

    /// One day's cell, `width` columns wide.
    private func cell(_ day: Date, width: Int, focus: Date, color: Bool) -> String {
        let inMonth = calendar.isDate(day, equalTo: focus, toGranularity: .month)
        let isToday = today.map { calendar.isDate(day, inSameDayAs: $0) } ?? false
        let (open, close) = color ? (" ", " ") : isToday ? ("[", "]") : inMonth ? (" ", " ") : ("(", ")")
        var text = TextWidth.pad(open + String(calendar.component(.day, from: day)) + close, to: 4, alignment: .right)
        if width > 4 {
            let mark = mark(day, width - 4).map { TextWidth.truncate(TextWidth.singleLine($0), to: width - 4) } ?? ""
            text += TextWidth.pad(mark, to: width - 4)
        }
        let colours = isToday ? palette.today : inMonth ? palette.month : palette.neighbour
        let attributes = [SGR.foreground(colours.text), SGR.background(colours.background)] + (isToday ? [.bold] : [])
        return SGR.apply(attributes, to: text, color: color)
    }
}
