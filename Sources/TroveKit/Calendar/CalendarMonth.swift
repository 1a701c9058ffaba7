import Foundation

/// A month as a continuous grid of whole weeks, with a week of each neighbouring month (K2).
///
/// `weeks` runs from the week before the week holding the 1st to the week after the week holding
/// the last day, so the grid has 6 to 8 weeks and always shows at least one whole week of the
/// previous month and one of the next, as the shell's `MonthGrid` draws it. Pure date arithmetic:
/// no time zone, no locale.
public struct CalendarMonth: Hashable, Sendable {
    public let year: Int
    /// 1–12.
    public let month: Int
    public let firstWeekday: Weekday

    /// The month `month` of `year`; months outside 1–12 roll over into the next or previous years (month 13 is January).
    public init(year: Int, month: Int, firstWeekday: Weekday) {
        let index = year * 12 + month - 1
        let rolledYear = index >= 0 ? index / 12 : (index - 11) / 12
        self.year = rolledYear
        self.month = index - rolledYear * 12 + 1
        self.firstWeekday = firstWeekday
    }

    /// The month holding `date`.
    public init(containing date: CivilDate, firstWeekday: Weekday) {
        self.init(year: date.year, month: date.month, firstWeekday: firstWeekday)
    }

    /// The month's first day.
    public var first: CivilDate { CivilDate(year: year, month: month, day: 1)! }

    /// The month's last day.
    public var last: CivilDate { first.lastOfMonth }

    /// The month's own days, in order.
    public var days: [CivilDate] { (0..<first.days(to: last) + 1).map { first.adding(days: $0) } }

    /// Whether `date` is in this month (not merely in its grid).
    public func contains(_ date: CivilDate) -> Bool { date.year == year && date.month == month }

    /// The weeks holding a day of the month (4 to 6).
    public var ownWeeks: [CalendarWeek] {
        let firstWeek = CalendarWeek(containing: first, firstWeekday: firstWeekday)
        let count = firstWeek.start.days(to: last) / 7 + 1
        return (0..<count).map { firstWeek.adding(weeks: $0) }
    }

    /// The grid: the previous month's last whole week, the month's weeks, then the next month's first whole week.
    public var weeks: [CalendarWeek] {
        let own = ownWeeks
        return [own[0].previous] + own + [own[own.count - 1].next]
    }

    /// Every day of the grid, in display order (a multiple of 7).
    public var gridDays: [CivilDate] { weeks.flatMap(\.days) }

    /// The month `months` months later (earlier if negative).
    public func adding(months: Int) -> CalendarMonth {
        CalendarMonth(year: year, month: month + months, firstWeekday: firstWeekday)
    }

    public var next: CalendarMonth { adding(months: 1) }
    public var previous: CalendarMonth { adding(months: -1) }

    /// Light or dark, alternating month by month, so neighbouring months in a grid never share a background (K2).
    public enum Shade: Sendable { case light, dark }

    /// The shade of `date`'s month: odd months (January, March, …) light, even months dark; December and January differ too.
    public static func shade(of date: CivilDate) -> Shade {
        date.month % 2 == 1 ? .light : .dark  // Twelve months a year: the alternation carries across New Year.
    }

    /// The instants from the month's first midnight to the next month's, in `timeZone`.
    public func interval(in timeZone: TimeZone) -> DateInterval {
        DateInterval(start: first.instant(in: timeZone), end: next.first.instant(in: timeZone))
    }
}
