import Foundation
import TroveKit

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
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") || scanner.skip(",") {
            guard let value = scanner.fraction() else { return nil }
            fraction = value
        }
        guard let offset = scanner.zoneOffsetSeconds(), scanner.isAtEnd else { return nil }
        let days = CivilDate(year: year, month: month, day: day)!.daysSinceEpoch
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The UTC text of an instant with milliseconds, like `2024-04-16T23:00:00.000Z`.
    public static func utcString(from date: Date) -> String {
        // Rounded, not truncated: a binary double holds .999 s a hair off either way.
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let civil = CivilDate(daysSinceEpoch: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        let second = millisecondOfDay / 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):"
            + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2)).\(pad(millisecondOfDay % 1000, 3))Z"
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
