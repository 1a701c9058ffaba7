import Foundation
import TroveICal

/// Times as text: the UTC form records store (`2026-11-22T10:15:30.123Z`), and the ISO 8601 date-times that
/// files and streams bring (Day One, jrnl, GPX, GeoJSON, CSV, tracker reports, gpsd and OwnTracks, the HTML export).
///
/// The one parser and formatter of those: by hand rather than `ISO8601DateFormatter`, which is slow when made
/// for each of 100,000 entries, needs a second option set for fractions, and accepts different forms on macOS
/// and Linux. (iCalendar's own forms, `20261127T090000Z`, are `TroveICal`'s.)
///
///     Timestamp.date(iso: "2026-11-22T08:30:00.5+01:00")          // 2026-11-22 07:30:00.500 UTC
///     Timestamp.date(iso: "2026-11-22 07:30:00", withoutZone: .utc) // the same second, without the fraction
///     Timestamp.string(milliseconds: 1_795_334_112_345)             // "2026-11-22T07:55:12.345Z"
public enum Timestamp {
    /// The text of a moment, in milliseconds since 1970.
    public static func string(milliseconds: Int64) -> String {
        // Rounded toward the past, so that times before 1970 keep their milliseconds.
        let milli = (milliseconds % 1000 + 1000) % 1000
        var seconds = time_t((milliseconds - milli) / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // By hand, into one buffer: String(format:) and even string concatenation show in bulk imports.
        let fields = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2), (Int(parts.tm_hour), 2),
                      (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2), (Int(milli), 3)]
        let separators = Array("--T::.Z".utf8)
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            for (number, (value, width)) in fields.enumerated() {
                var rest = max(0, value)
                for position in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += width
                buffer[index] = separators[number]
                index += 1
            }
            return index
        }
    }

    /// A date or time field as the texts above and the ones people read write it: `value` in decimal, zero-padded
    /// to `width` digits (`field(7, width: 2)` is `"07"`, `field(2026, width: 2)` is `"2026"`).
    public static func field(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The text of a date, to the millisecond: the one before it (`.down`, as the store's own times are cut), or
    /// the nearest (`.toNearestOrAwayFromZero`, for a time read from a file: a double holds `.345` a hair off
    /// either way, and cutting made it `.344`).
    public static func string(_ date: Date, rounded rule: FloatingPointRoundingRule = .down) -> String {
        string(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(rule)))
    }

    /// Milliseconds since 1970 of a timestamp in the stored form, or `nil`.
    public static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[23] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let milli = number(20..<23)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int64(timegm(&parts)) * 1000 + Int64(milli)
    }

    /// What a date-time without a zone means.
    public enum WithoutZone: Sendable {
        /// UTC: what GPX, gpsd, Day One and tracker reports mean by it.
        case utc
        /// No instant: it could be any of 24.
        case refused
    }

    /// The instant an ISO 8601 date-time names, or `nil` when the text is not one or names no real time.
    ///
    /// `YYYY-MM-DD`, then `T`, `t` or a space, `HH:MM:SS`, an optional fraction after `.` or `,` (to the
    /// nanosecond), and a zone: `Z`, `z`, `±HH:MM` or `±HHMM` (or none, as `withoutZone` says). Nothing may
    /// follow. 31 February, hour 24 and offsets beyond ±23:59 are refused; second 60 (a leap second) is the
    /// next minute's first.
    public static func date(iso text: some StringProtocol, withoutZone: WithoutZone = .refused) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), scanner.skip("Tt "), let hour = scanner.digits(2), scanner.skip(":"),
              let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2)
        else { return nil }
        var nanoseconds = 0
        if scanner.skip(".,") {
            var count = 0
            while let digit = scanner.digits(1) {
                if count < 9 { nanoseconds = nanoseconds * 10 + digit }
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 9) { nanoseconds *= 10 }
        }
        var offset = 0
        if scanner.skip("Zz") {
            // UTC.
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2) else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.digits(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        } else if withoutZone == .refused {
            return nil
        }
        guard scanner.isAtEnd,
              let utc = date(year: year, month: month, day: day, hour: hour, minute: minute, second: Double(second))
        else { return nil }
        return utc.addingTimeInterval(Double(-offset) + Double(nanoseconds) / 1e9)
    }

    /// The instant of a UTC calendar date and time of day, or `nil` when a field is out of range (31 February,
    /// hour 24; second 60, a leap second, is allowed).
    public static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= ICalDate.daysIn(month: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61
        else { return nil }
        let whole = Double(ICalDate(year: year, month: month, day: day).daysSince1970 * 86_400 + hour * 3_600 + minute * 60)
        return Date(timeIntervalSince1970: whole + second)
    }

    /// The instant of a count of seconds since 1970 (OwnTracks' `tst`, a tracker's epoch time), or `nil` for
    /// a count beyond ±10,000 years: not a time but a unit mix-up (milliseconds) or garbage.
    public static func date(unixSeconds: Double) -> Date? {
        guard unixSeconds.isFinite, abs(unixSeconds) < 253_402_300_800 else { return nil }
        return Date(timeIntervalSince1970: unixSeconds)
    }

    /// Reads fixed-width ASCII numbers and single characters, in order.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// Skips one of `characters` (ASCII) when it comes next.
        mutating func skip(_ characters: StaticString) -> Bool {
            guard index < bytes.count else { return false }
            let found = characters.withUTF8Buffer { $0.contains(bytes[index]) }
            if found { index += 1 }
            return found
        }

        mutating func sign() -> Int? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
            defer { index += 1 }
            return bytes[index] == UInt8(ascii: "-") ? -1 : 1
        }
    }
}
