import Foundation
import TroveKit

/// The cells of the agenda's lines: when (`Fri 27 Nov 2026 14:05`, or `… all day`), how long, what, and the short id.
///
/// A year's agenda is tens of thousands of lines over a few hundred days and lengths, so each day's
/// text and each length's is made once.
final class AgendaRows {
    private let timeZone: ZoneOffsetTable
    private var days: [Int: String] = [:]
    private var lengths: [Int: String] = [:]

    init(timeZone: ZoneOffsetTable) {
        self.timeZone = timeZone
    }

    /// The item's cells.
    func cells(_ item: AgendaItem) -> [String] {
        let when = item.time.map { time in
            day(CivilDate(time, in: timeZone)) + " " + (item.allDay ? "all day" : CalendarText.time(time, timeZone))
        } ?? ""
        return [when, item.lengthMinutes.map(length) ?? "", item.title, CalendarText.shortID(item.id)]
    }

    /// `Fri 27 Nov 2026`.
    private func day(_ date: CivilDate) -> String {
        if let text = days[date.daysSinceEpoch] { return text }
        let text = CalendarText.day(date)
        days[date.daysSinceEpoch] = text
        return text
    }

    /// `1h30m`; nothing for no length.
    private func length(_ minutes: Int) -> String {
        if let text = lengths[minutes] { return text }
        let text = minutes > 0 ? CalendarText.minutes(minutes) : ""
        lengths[minutes] = text
        return text
    }
}
