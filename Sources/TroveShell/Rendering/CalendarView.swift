import Foundation
import TroveKit

/// The day, week and month views of the calendar, as lines that fit `width` columns.
///
/// Every view labels holidays on their dates; the month view also puts the holiday's icon in the
/// day's cell (its "watermark"), or else the day's number of events and tasks.
struct CalendarView {
    var days: CalendarDays
    var context: CalendarContext
    var width: Int
    var color: Bool

    /// The month grid (`MonthGrid`: light month, darker neighbours, today reversed), then the month's days that hold something.
    func month(_ month: CalendarMonth) -> [String] {
        let calendar = context.gregorian
        let grid = MonthGrid(calendar: calendar, year: month.year, month: month.month, today: context.now,
                             palette: .forTerminal()) { start, room in
            guard let day = days.day(CivilDate(start, in: calendar.timeZone)) else { return nil }
            // A wide cell names what the day holds; a narrow one gives the holiday's icon or a count.
            let wide = room >= 8
            if let holiday = day.holidays.first { return wide ? "\(holiday.icon) \(holiday.name)" : holiday.icon }
            guard day.count > 0 else { return nil }
            guard wide else { return String(min(day.count, 99)) }
            let first = day.occurrences.first.map { $0.listingTitle } ?? day.tasks.first.map { "☐ \($0.shownTitle)" } ?? ""
            return day.count == 1 ? first : "\(day.count) \(first)"
        }
        var lines = grid.render(width: width, color: color)
        let own = days.days.filter { month.contains($0.date) && (!$0.holidays.isEmpty || $0.count > 0 || !$0.notes.isEmpty) }
        if !own.isEmpty { lines.append("") }
        for day in own {
            var parts = day.holidays.map { "\($0.icon) \($0.name)" }
            let items = day.occurrences.map { $0.listingTitle } + day.tasks.map { "☐ \($0.shownTitle)" }
            parts += items.prefix(2)
            if items.count > 2 { parts.append("+\(items.count - 2) more") }
            if day.notes.contains(where: { if case .quote = $0.content { return true } else { return false } }) { parts.append("❝") }
            let label = TextWidth.pad(String(day.date.day), to: 3, alignment: .right) + " "
            lines.append(TextWidth.truncate(label + parts.joined(separator: " · "), to: width))
        }
        return lines
    }

    /// Each day of the week under its heading, with its items.
    func week(_ week: CalendarWeek) -> [String] {
        var lines = [SGR.apply([.bold], to: "Week of \(CalendarText.day(week.start))", color: color)]
        for date in week.days {
            lines.append("")
            lines += self.day(date, compact: true)
        }
        return lines
    }

    /// One day: its heading and holidays, quotes and images, events by time, and the tasks due.
    func day(_ date: CivilDate, compact: Bool = false) -> [String] {
        guard let day = days.day(date) else { return [] }
        var heading = CalendarText.day(date)
        if date == context.today { heading += " (today)" }
        // An observed day's name says so already: "Independence Day (observed)".
        heading += day.holidays.map { "  \($0.icon) \($0.name)" }.joined()
        var lines = [SGR.apply(compact ? [.bold] : [.bold, .reverse], to: TextWidth.truncate(heading, to: width), color: color)]
        for note in day.notes {
            switch note.content {
            case .quote(let text, let author):
                lines += TextWidth.wrap("“\(text)”" + (author.map { " — \($0)" } ?? ""), to: max(20, width - 2)).map { "  " + $0 }
            case .image(let sha256, let caption):
                lines.append("  🖼  " + (caption ?? "image") + " (media \(sha256.prefix(12)))")
            }
        }
        let timeWidth = 13
        for occurrence in day.occurrences {
            let span = TextWidth.pad(CalendarText.span(occurrence, context.timeZone), to: timeWidth)
            lines.append(line("  \(span) \(occurrence.listingTitle)", id: occurrence.id))
        }
        for task in day.tasks {
            let due = TextWidth.pad("due " + CalendarText.time(task.due!, context.timeZone), to: timeWidth)
            let title = (task.done ? "☑ " : "☐ ") + task.shownTitle + (task.classLabel.map { " [\($0)]" } ?? "")
            lines.append(line("  \(due) \(title)", id: task.id))
        }
        if day.count == 0 && day.notes.isEmpty && !compact { lines.append("  No events") }
        return lines
    }

    /// `text` cut to fit, then the record's short id, dim, where there is room for it.
    private func line(_ text: String, id: String) -> String {
        let short = CalendarText.shortID(id)
        let room = width - short.count - 2
        guard room >= 20 else { return TextWidth.truncate(text, to: width) }
        return TextWidth.truncate(text, to: room) + "  " + SGR.apply([.dim], to: short, color: color)
    }
}
