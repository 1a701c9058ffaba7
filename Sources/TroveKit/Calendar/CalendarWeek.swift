import Foundation

/// Seven days from a first weekday (Monday or Sunday, as the settings' `weekStart` says).
public struct CalendarWeek: Hashable, Sendable {
    /// The week's first day.
    public let start: CivilDate

    /// The week holding `date`, starting on `firstWeekday`.
    public init(containing date: CivilDate, firstWeekday: Weekday) {
        start = date.adding(days: -((date.weekday.rawValue - firstWeekday.rawValue + 7) % 7))
    }

    /// The week's seven days, in order.
    public var days: [CivilDate] { (0..<7).map { start.adding(days: $0) } }

    /// The week's last day.
    public var end: CivilDate { start.adding(days: 6) }

    /// The week's days as a range, for filtering.
    public var range: ClosedRange<CivilDate> { start...end }

    /// The week's first weekday.
    public var firstWeekday: Weekday { start.weekday }

    public func contains(_ date: CivilDate) -> Bool { range.contains(date) }

    /// The week `weeks` weeks later (earlier if negative).
    public func adding(weeks: Int) -> CalendarWeek {
        CalendarWeek(containing: start.adding(days: 7 * weeks), firstWeekday: firstWeekday)
    }

    public var next: CalendarWeek { adding(weeks: 1) }
    public var previous: CalendarWeek { adding(weeks: -1) }

    /// The instants from the week's first midnight to the next week's, in `timeZone`.
    public func interval(in timeZone: TimeZone) -> DateInterval {
        DateInterval(start: start.instant(in: timeZone), end: next.start.instant(in: timeZone))
    }
}
