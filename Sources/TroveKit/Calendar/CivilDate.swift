import Foundation
import TroveICal

/// A day on the proleptic Gregorian calendar, with no time and no time zone: what a wall calendar shows.
///
/// Holidays, month grids and all-day values are civil dates, so their arithmetic never meets a
/// daylight-saving change; `CivilDate+Zone.swift` turns them into instants in a given zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, or nil if there is no such day (month 13, February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch days: Int) {
        // One civil_from_days for the whole code: ICalDate's.
        let date = ICalDate(daysSince1970: days)
        (year, month, day) = (date.year, date.month, date.day)
    }

    /// A date written `YYYY-MM-DD`, exactly (four-digit year, two-digit month and day).
    public init?(iso text: String) {
        guard let (year, month, day) = Self.isoFields(text) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month and day of text written `YYYY-MM-DD`, whether or not the month has that day.
    static func isoFields(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return (year, month, day)
    }

    /// Days since 1970-01-01 (`ICalDate.daysSince1970`, the one days_from_civil).
    public var daysSinceEpoch: Int { ICalDate(year: year, month: month, day: day).daysSince1970 }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (raw value 5).
        Weekday(rawValue: ((daysSinceEpoch + 4) % 7 + 7) % 7 + 1)!
    }

    /// The date `days` days later (earlier if negative).
    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// The same day `months` months later, or the month's last day if it is shorter (Jan 31 + 1 month = Feb 28).
    public func adding(months: Int) -> CivilDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        let newDay = min(day, CivilDate.daysIn(month: newMonth, year: newYear))
        return CivilDate(year: newYear, month: newMonth, day: newDay)!
    }

    /// Days from this date to `other` (positive if `other` is later).
    public func days(to other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The first day of this date's month.
    public var firstOfMonth: CivilDate { CivilDate(year: year, month: month, day: 1)! }

    /// The last day of this date's month.
    public var lastOfMonth: CivilDate { CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))! }

    /// `YYYY-MM-DD`, as the schemas store all-day values.
    public var description: String {
        let y = String(format: "%04d", year)
        return "\(y)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Whether `year` has a February 29.
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days in `month` (1–12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int { ICalDate.daysIn(month: month, year: year) }
}

/// A day of the week, numbered as Foundation's `Calendar` numbers them (Sunday is 1).
public enum Weekday: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// The English name, lower case: "friday".
    public var name: String { Self.names[rawValue - 1] }

    /// "Friday".
    public var description: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The day `n` days after this one (wrapping round the week).
    public func advanced(by n: Int) -> Weekday { Weekday(rawValue: ((rawValue - 1 + n) % 7 + 7) % 7 + 1)! }

    /// The weekday named by `text`: its English name or the first three or more letters of it ("fri", "thurs"), any case.
    public init?(name text: String) {
        let lower = text.lowercased()
        guard lower.count >= 3, let index = Self.names.firstIndex(where: { $0.hasPrefix(lower) }) else { return nil }
        self.init(rawValue: index + 1)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
}
