import Foundation
import TroveKit

/// The cells of the agenda's lines: when (`Fri 27 Nov 2026 14:05`, or `… all day`), how long, what, and the short id.
///
/// A year's agenda is tens of thousands of lines over a few hundred days and lengths, so each day's
/// text and each length's is made once. `text(_:width:)` lays the lines out straight into bytes.
final class AgendaRows {
    let timeZone: ZoneOffsetTable
    private var days: [Int: String] = [:]
    private var lengths: [Int: String] = [:]

    init(timeZone: ZoneOffsetTable) {
        self.timeZone = timeZone
    }

    /// The item's cells.
    func cells(_ item: AgendaItem) -> [String] {
        let when = self.when(item.time, allDay: item.allDay).map { $0.day + " " + $0.time } ?? ""
        return [when, item.lengthMinutes.map(length) ?? "", item.title, CalendarText.shortID(item.id)]
    }

    /// The two parts of an item's first cell, `Fri 27 Nov 2026` and `14:05` (or `all day`); nil without a time.
    func when(_ time: Date?, allDay: Bool) -> (day: String, time: String)? {
        time.map { time in (day(CivilDate(time, in: timeZone)), allDay ? "all day" : CalendarText.time(time, timeZone)) }
    }

    /// `Fri 27 Nov 2026`.
    func day(_ date: CivilDate) -> String {
        if let text = days[date.daysSinceEpoch] { return text }
        let text = CalendarText.day(date)
        days[date.daysSinceEpoch] = text
        return text
    }

    /// `1h30m`; nothing for no length.
    func length(_ minutes: Int) -> String {
        if let text = lengths[minutes] { return text }
        let text = minutes > 0 ? CalendarText.minutes(minutes) : ""
        lengths[minutes] = text
        return text
    }
}
