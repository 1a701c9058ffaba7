import Foundation

/// Reads ISO-8601 date-times and writes the UTC form Trove stores, `2024-04-16T23:00:00.000Z`.
///
/// Hand-written rather than `ISO8601DateFormatter` because that class is slow when called for
/// every entry of a large export, and its accepted forms differ between macOS and Linux.
public enum DayOneTimestamp {
    /// The instant an ISO-8601 date-time names, or `nil` when the text is not one.
    ///
    /// Accepts `YYYY-MM-DDTHH:MM:SS`, an optional fraction (`.123`), and a zone that is `Z`,
    /// `±HH:MM` or `±HHMM`. A missing zone is read as UTC, which is what Day One means.
    public static func date(from text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") || scanner.skip(",") {
            guard let value = scanner.fraction() else { return nil }
            fraction = value
        }
        guard let offset = scanner.zoneOffsetSeconds(), scanner.isAtEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The UTC text of an instant with milliseconds, like `2024-04-16T23:00:00.000Z`.
    public static func utcString(from date: Date) -> String {
        // Rounded, not truncated: a binary double holds .999 s a hair off either way.
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = civilFromDays(days)
        let second = millisecondOfDay / 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):"
            + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2)).\(pad(millisecondOfDay % 1000, 3))Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysFromCivil`.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return number < 0 ? "-" + padded : padded
    }
}

extension Int {
    /// Quotient and remainder rounded toward negative infinity, so instants before 1970 work.
    fileprivate func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((self % divisor) + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}

/// Reads fixed-width numbers and punctuation from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    /// The digits after a decimal point as a fraction; digits past the ninth are ignored.
    mutating func fraction() -> Double? {
        var numerator = 0
        var denominator = 1
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if index - start < 9 {
                numerator = numerator * 10 + Int(bytes[index] - 0x30)
                denominator *= 10
            }
            index += 1
        }
        return index > start ? Double(numerator) / Double(denominator) : nil
    }

    /// Seconds east of UTC for `Z`, `±HH:MM`, `±HHMM` or nothing at all.
    mutating func zoneOffsetSeconds() -> Int? {
        if isAtEnd || skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2) else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }
}
