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
        var text = text
        guard let date = text.withUTF8(Self.parse) else { return nil }
        self = date
    }

    /// `YYYY-MM-DD` in exactly ten bytes. Read in place: views parse a date or time for every event shown.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ICalDate? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return ICalDate(year: year, month: month, day: day)
    }

    /// The decimal number in `count` bytes from `start`, or nil if one is not a digit.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The UTC calendar date of an instant.
    public init(utcDayOf instant: Date) {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 1e14 else {
            let parts = ICalDate.utcCalendar.dateComponents([.year, .month, .day], from: instant)
            self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            return
        }
        self.init(daysSince1970: Int(Int64(seconds).floorDiv(86_400)))
    }

    /// Days from 1 January 1970 to this date (negative before it): Howard Hinnant's days_from_civil, the one in
    /// the code (`CivilDate` and `Timestamp` use it). For a month 1 to 12; a day past the month's end counts on
    /// into the next.
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The days in `month` (1 to 12) of `year`, on the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The date `days` after 1 January 1970 (before it when negative): Howard Hinnant's civil_from_days, the
    /// inverse of `utcMidnightSeconds`. Worked out, not asked of a Foundation calendar: every record an import
    /// writes formats its times, and `dateComponents` was 3 % of a 10,000-event import.
    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// `2026-11-22`.
    public var description: String {
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        var text = ""
        text.reserveCapacity(10)
        Self.append(year, digits: 4, to: &text)
        text.append("-")
        Self.append(month, digits: 2, to: &text)
        text.append("-")
        Self.append(day, digits: 2, to: &text)
        return text
    }

    /// `value` (0 or more, below 10 to the `digits`) as exactly `digits` decimal digits, zeros in front.
    static func append(_ value: Int, digits: Int, to text: inout String) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(0x30 + rest / divisor)))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Midnight UTC at the start of this date: how all-day values travel as instants.
    public var utcMidnight: Date { Date(timeIntervalSince1970: Double(utcMidnightSeconds)) }

    /// Seconds from 1970 to midnight UTC of this date, worked out, not asked of a Foundation calendar (ICU's
    /// field resolution was a view's hot spot) or of timegm (which goes through the C library's zone code).
    var utcMidnightSeconds: Int {
        // Howard Hinnant's days_from_civil, for the months there are; a day past the month's end counts
        // on into the next, as timegm's does. Other months, and far-off years and days, are left to timegm.
        if (1...12).contains(month), (-1_000_000...1_000_000).contains(year), (-1_000_000...1_000_000).contains(day) {
            return daysSince1970 * 86_400
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        return timegm(&parts)
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
        var text = text
        guard let time = text.withUTF8(CalendarTime.init(recordBytes:)) else { return nil }
        self = time
    }

    /// Parses a record's `timeOrDate` text from its UTF-8 bytes (as an index hands them over); `nil` when it is neither form.
    public init?(recordBytes bytes: UnsafeBufferPointer<UInt8>) {
        if let date = ICalDate.parse(bytes) {
            self = .date(date)
        } else if let instant = CalendarTime.parseTimestamp(bytes) {
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
        let seconds = milliseconds.floorDiv(1000)
        let date = ICalDate(daysSince1970: Int(seconds.floorDiv(86_400)))
        guard (0...9999).contains(date.year) else {
            let c = ICalDate.utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                          c.hour ?? 0, c.minute ?? 0, c.second ?? 0, Int(milliseconds.floorMod(1000)))
        }
        let time = Int(seconds.floorMod(86_400))
        var text = date.description
        text.reserveCapacity(24)
        text.append("T")
        ICalDate.append(time / 3600, digits: 2, to: &text)
        text.append(":")
        ICalDate.append(time / 60 % 60, digits: 2, to: &text)
        text.append(":")
        ICalDate.append(time % 60, digits: 2, to: &text)
        text.append(".")
        ICalDate.append(Int(milliseconds.floorMod(1000)), digits: 3, to: &text)
        text.append("Z")
        return text
    }

    /// Parses `2026-11-22T07:30:00.000Z` (the milliseconds are optional).
    public static func parseTimestamp(_ text: String) -> Date? {
        var text = text
        return text.withUTF8(parseTimestamp)
    }

    /// Parses the UTF-8 bytes of `2026-11-22T07:30:00.000Z` (the milliseconds are optional).
    static func parseTimestamp(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20 || bytes.count == 24, bytes[bytes.count - 1] == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let date = ICalDate.parse(UnsafeBufferPointer(rebasing: bytes[0..<10])),
              let h = ICalDate.number(bytes, 11, 2), let m = ICalDate.number(bytes, 14, 2), let s = ICalDate.number(bytes, 17, 2),
              h < 24, m < 60, s < 61 else { return nil }
        var milliseconds = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let ms = ICalDate.number(bytes, 20, 3) else { return nil }
            milliseconds = ms
        }
        // Whole milliseconds first, so the instant is the one a writer of milliseconds meant, to the bit.
        let total = (date.utcMidnightSeconds + h * 3600 + m * 60 + s) * 1000 + milliseconds
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }
}

extension Int64 {
    fileprivate func floorDiv(_ d: Int64) -> Int64 { (self - floorMod(d)) / d }
    fileprivate func floorMod(_ d: Int64) -> Int64 { ((self % d) + d) % d }
}
