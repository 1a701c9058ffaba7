import Foundation

/// Dates as people type them: `now`, `today`, `fri 9am`, `2026-11-22 07:30`, ISO 8601, and more (see `read`).
public enum DateInput {
    /// The instant `text` names, reading dates and times without a zone in `timeZone`; a date alone is its day's start.
    public static func parse(_ text: String, timeZone: TimeZone = .current, now: Date = Date()) throws -> Date {
        try read(text, timeZone: timeZone, now: now).instant
    }

    /// The start of the day `text` names (for `--from`/`--to`), as a UTC timestamp.
    public static func dayStart(_ text: String, timeZone: TimeZone = .current, now: Date = Date()) throws -> Date {
        try read(text, timeZone: timeZone, now: now).day.instant(in: timeZone)
    }
}

/// A value typed by the user that could not be used, with what to type instead.
public enum InputError: Error, Equatable, CustomStringConvertible {
    case invalidDate(String)
    /// A day the month does not have (`31 feb`, `31 November 2026`); `year` when one was typed.
    case noSuchDay(String, month: Int, year: Int?)
    case invalidCoordinates(String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case .invalidDate(let text):
            return "'\(text)' is not a date: use YYYY-MM-DD, 'YYYY-MM-DD HH:MM', an ISO 8601 time, now, today, tomorrow, "
                + "yesterday, a weekday (fri, next fri, last fri), 'in 3 days', +2d, +1w, a time (14:00, 9am, 9:30pm, noon, "
                + "midnight), a day and a time (tomorrow 14:00, fri 9am), or 'in 2 hours'"
        case .noSuchDay(let text, let month, let year):
            let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]
            let name = names[month - 1]
            guard let year else {
                let length = CivilDate.daysIn(month: month, year: 2027)
                return "'\(text)' is not a date: \(name) has \(length) days" + (month == 2 ? " (29 in a leap year)" : "")
            }
            return "'\(text)' is not a date: \(name) \(year) has \(CivilDate.daysIn(month: month, year: year)) days"
        case .invalidCoordinates(let text):
            return "'\(text)' is not a position: give latitude and longitude as LAT,LON, e.g. 48.8722,2.3659"
        case .latitudeOutOfRange(let value):
            return "latitude \(value) is out of range: it must be between -90 and 90"
        case .longitudeOutOfRange(let value):
            return "longitude \(value) is out of range: it must be between -180 and 180"
        case .unknownTimeZone(let name):
            return "'\(name)' is not a time zone: use a name like Europe/Paris"
        }
    }
}
