import Foundation
import TroveKit

/// The cells of the agenda's lines: when (`Fri 27 Nov 2026 14:05`, or `… all day`), how long, what, and the short id.
///
/// A year's agenda is tens of thousands of lines over a few hundred days and lengths, so each day's
/// text and each length's is made once. `text(_:in:width:)` lays the lines out straight into bytes.
final class AgendaRows {
    let timeZone: ZoneOffsetTable
    private var days: [Int: String] = [:]
    private var lengths: [Int: String] = [:]

    init(timeZone: ZoneOffsetTable) {
        self.timeZone = timeZone
    }

    /// The item's cells.
    func cells(_ item: AgendaItem) -> [String] {
        let when = item.time.map { time in
            let clock = self.clock(time)
            return day(CivilDate(daysSinceEpoch: clock.day)) + " " + (item.allDay ? "all day" : Self.hoursAndMinutes(clock.minute))
        } ?? ""
        return [when, item.lengthMinutes.map(length) ?? "", item.title, CalendarText.shortID(item.id)]
    }

    /// The day (days since 1970) and the minute of the day that the wall clock shows at `time`, read from
    /// the zone's offset as `CivilDate(_:in:)` and `TimeOfDay(_:in:)` read them.
    func clock(_ time: Date) -> (day: Int, minute: Int) {
        let local = Int((time.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: time))).rounded(.down))
        let seconds = ((local % 86_400) + 86_400) % 86_400
        return ((local - seconds) / 86_400, seconds / 60)
    }

    /// `14:05`, `minute` minutes into the day.
    static func hoursAndMinutes(_ minute: Int) -> String { TimeOfDay(hour: minute / 60, minute: minute % 60)!.hoursAndMinutes }

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
