/// How a holiday's date is found from the year: the rules every holiday list here is made of.
public enum HolidayDateRule: Hashable, Sendable {
    /// The same day every year: July 4.
    case fixed(month: Int, day: Int)
    /// The `n`th (1–5) such weekday of the month: the fourth Thursday of November.
    case nthWeekday(Int, Weekday, month: Int)
    /// The last such weekday of the month: the last Monday of May.
    case lastWeekday(Weekday, month: Int)
    /// Days after (before, if negative) Easter Sunday: Good Friday is -2.
    case easter(offset: Int)
    /// One day only, proclaimed rather than ruled (a royal wedding).
    case once(CivilDate)

    /// The holiday's date in `year`, or nil if the rule gives none that year.
    public func date(in year: Int) -> CivilDate? {
        switch self {
        case .fixed(let month, let day):
            return CivilDate(year: year, month: month, day: day)
        case .nthWeekday(let n, let weekday, let month):
            guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
            let date = first.adding(days: (weekday.rawValue - first.weekday.rawValue + 7) % 7 + 7 * (n - 1))
            return date.month == month ? date : nil
        case .lastWeekday(let weekday, let month):
            guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
            let last = first.lastOfMonth
            return last.adding(days: -((last.weekday.rawValue - weekday.rawValue + 7) % 7))
        case .easter(let offset):
            return Easter.sunday(year).adding(days: offset)
        case .once(let date):
            return date.year == year ? date : nil
        }
    }
}

/// Where a holiday's day off goes when the holiday falls on a Saturday or a Sunday.
public enum WeekendShift: Hashable, Sendable {
    /// Nowhere: the weekend day is the holiday.
    case none
    /// US federal: Saturday to the Friday before, Sunday to the Monday after ("(observed)").
    case nearestWeekday
    /// UK bank holidays: to the next weekday that is not already a holiday, in the order the holidays
    /// are listed ("(substitute day)"); Christmas on a Saturday gives Monday, Boxing Day then Tuesday.
    case nextFreeWeekday
}

/// One holiday of a country: its name, rule, icon, and since when it exists.
public struct HolidayDefinition: Hashable, Sendable {
    public var name: String
    public var rule: HolidayDateRule
    public var icon: String
    public var kind: Holiday.Kind
    public var shift: WeekendShift
    /// The first year the holiday was kept (Juneteenth: 2021), or nil if always.
    public var since: Int?
    /// Years the day was moved by proclamation, with the day it moved to.
    public var moved: [Int: CivilDate]

    public init(_ name: String, _ rule: HolidayDateRule, icon: String, kind: Holiday.Kind = .publicHoliday,
                shift: WeekendShift = .none, since: Int? = nil, moved: [Int: CivilDate] = [:]) {
        self.name = name
        self.rule = rule
        self.icon = icon
        self.kind = kind
        self.shift = shift
        self.since = since
        self.moved = moved
    }

    /// The date in `year`, after any move, or nil if the holiday is not kept that year.
    public func date(in year: Int) -> CivilDate? {
        if let since, year < since { return nil }
        return moved[year] ?? rule.date(in: year)
    }
}

/// A date written in a rule table: `day(2020, 5, 8)`, for the few proclaimed days and moves.
func day(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day)! }
