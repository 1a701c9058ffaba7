import Foundation

/// Dates as people type them: `now`, `today`, `yesterday`, `2026-11-22`, `2026-11-22 07:30`, or ISO 8601.
public enum DateInput {
    /// The instant `text` names, reading dates and times without a zone in `timeZone`.
    public static func parse(_ text: String, timeZone: TimeZone = .current, now: Date = Date()) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch trimmed.lowercased() {
        case "now": return now
        case "today": return calendar.startOfDay(for: now)
        case "yesterday": return calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now))!
        default: break
        }
        let withZone = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            withZone.formatOptions = options
            if let date = withZone.date(from: trimmed) { return date }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.isLenient = false
        for format in ["yyyy-MM-dd", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss"] {
            formatter.dateFormat = format
            // DateFormatter accepts "2026-1-5" and trailing text in some formats: insist on the whole shape.
            if trimmed.count == format.replacingOccurrences(of: "'", with: "").count, let date = formatter.date(from: trimmed) {
                return date
            }
        }
        throw InputError.invalidDate(text)
    }

    /// The start of the day `text` names (for `--from`/`--to`), as a UTC timestamp.
    public static func dayStart(_ text: String, timeZone: TimeZone = .current, now: Date = Date()) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.startOfDay(for: try parse(text, timeZone: timeZone, now: now))
    }
}

/// A value typed by the user that could not be used, with what to type instead.
public enum InputError: Error, Equatable, CustomStringConvertible {
    case invalidDate(String)
    case invalidCoordinates(String)
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case .invalidDate(let text):
            return "'\(text)' is not a date: use YYYY-MM-DD, 'YYYY-MM-DD HH:MM', an ISO 8601 time, today, yesterday or now"
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
