import Foundation

/// The calendar's views: a day, a week or a month, and moving through them (the settings' `defaultView`).
public enum CalendarPeriod: String, CaseIterable, Sendable {
    case day, week, month

    /// The days the view of `date` covers: the day, its week, or its month (without the grid's neighbouring weeks).
    public func days(containing date: CivilDate, firstWeekday: Weekday) -> ClosedRange<CivilDate> {
        switch self {
        case .day: return date...date
        case .week: return CalendarWeek(containing: date, firstWeekday: firstWeekday).range
        case .month: return date.firstOfMonth...date.lastOfMonth
        }
    }

    /// `date` moved by `count` periods (back if negative); a month from January 31 is the end of February.
    public func step(_ date: CivilDate, by count: Int) -> CivilDate {
        switch self {
        case .day: return date.adding(days: count)
        case .week: return date.adding(days: 7 * count)
        case .month: return date.adding(months: count)
        }
    }

    /// The instants of the days the view of `date` covers, in `timeZone` (half-open).
    public func interval(containing date: CivilDate, firstWeekday: Weekday, in timeZone: TimeZone) -> DateInterval {
        let days = days(containing: date, firstWeekday: firstWeekday)
        return DateInterval(start: days.lowerBound.instant(in: timeZone), end: days.upperBound.adding(days: 1).instant(in: timeZone))
    }
}
