import Foundation

/// A calendar date without a time or zone, as iCalendar `VALUE=DATE` holds it.
public struct ICalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `2026-11-22`; `nil` for anything else.
    public init?(isoText text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The UTC calendar date of an instant.
    public init(utcDayOf instant: Date) {
        let parts = ICalDate.utcCalendar.dateComponents([.year, .month, .day], from: instant)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// `2026-11-22`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Midnight UTC at the start of this date: how all-day values travel as instants.
    public var utcMidnight: Date {
        ICalDate.utcCalendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
    }

    public static func < (a: ICalDate, b: ICalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

/// A start, end or occurrence: a UTC instant for timed values, a date for all-day ones.
///
/// Its text is the record format's `timeOrDate`: `2026-11-22T07:30:00.000Z` or `2026-11-22`.
public enum CalendarTime: Sendable, Hashable, CustomStringConvertible {
    case instant(Date)
    case date(ICalDate)

    /// Parses a record's `timeOrDate` text; `nil` when it is neither form.
    public init?(recordText text: String) {
        if let date = ICalDate(isoText: text) {
            self = .date(date)
        } else if let instant = CalendarTime.parseTimestamp(text) {
            self = .instant(instant)
        } else {
            return nil
        }
    }

    /// The record format's text: a UTC timestamp with milliseconds, or a date.
    public var description: String {
        switch self {
        case .date(let date): return date.description
        case .instant(let instant): return CalendarTime.timestamp(instant)
        }
    }

    /// The instant, taking an all-day date as midnight UTC.
    public var instant: Date {
        switch self {
        case .instant(let instant): return instant
        case .date(let date): return date.utcMidnight
        }
    }

    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// `2026-11-22T07:30:00.000Z` for an instant (to the nearest millisecond).
    public static func timestamp(_ instant: Date) -> String {
        let milliseconds = Int64((instant.timeIntervalSince1970 * 1000).rounded())
        let seconds = Date(timeIntervalSince1970: Double(milliseconds.floorDiv(1000)))
        let c = ICalDate.utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: seconds)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0, Int(milliseconds.floorMod(1000)))
    }

    /// Parses `2026-11-22T07:30:00.000Z` (the milliseconds are optional).
    public static func parseTimestamp(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
              let date = ICalDate(isoText: String(decoding: bytes[0..<10], as: UTF8.self)) else { return nil }
        let clock = String(decoding: bytes[11..<19], as: UTF8.self).split(separator: ":")
        guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Int(clock[2]),
              h < 24, m < 60, s < 61 else { return nil }
        var milliseconds = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let ms = Int(String(decoding: bytes[20..<23], as: UTF8.self)) else { return nil }
            milliseconds = ms
        }
        let seconds = Double(h * 3600 + m * 60 + s) + Double(milliseconds) / 1000
        return date.utcMidnight.addingTimeInterval(seconds)
    }
}

extension Int64 {
    fileprivate func floorDiv(_ d: Int64) -> Int64 { (self - floorMod(d)) / d }
    fileprivate func floorMod(_ d: Int64) -> Int64 { ((self % d) + d) % d }
}
