import Foundation

/// Lengths of time as people type them (`2h30m`, `90m`, `1.5h`, `45`, `2d`), in whole minutes.
public enum DurationInput {
    /// The minutes `text` names: numbers each followed by `d` (days of 24 hours), `h` or `m`, largest
    /// unit first and each unit once (`1d2h`, `2h30m`, `1.5h`), or a bare whole number of minutes (`45`).
    ///
    /// Fractions are rounded to the nearest minute. Spaces between parts are allowed (`2h 30m`), as are
    /// the words `min`, `mins` and `hr`, `hrs` for `m` and `h`.
    public static func minutes(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let minutes = Int(trimmed), minutes <= maximum else { throw DurationError.invalid(text) }
            return minutes
        }
        var rest = Substring(trimmed.replacingOccurrences(of: " ", with: ""))
        for (word, letter) in [("mins", "m"), ("min", "m"), ("hrs", "h"), ("hr", "h")] {
            rest = Substring(rest.replacingOccurrences(of: word, with: letter))
        }
        var total = 0.0
        var lastUnit = Double.infinity
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".",
                  let value = Double(number), let letter = rest.first, let unit = units[letter], unit < lastUnit
            else { throw DurationError.invalid(text) }
            rest = rest.dropFirst()
            total += value * unit
            lastUnit = unit
        }
        guard lastUnit.isFinite, total <= Double(maximum) else { throw DurationError.invalid(text) }
        return Int(total.rounded())
    }

    /// `minutes` in the shortest form `minutes(_:)` reads back: `2h30m`, `45m`, `3h`, `1d2h`, `0m`.
    ///
    /// Days are shown only for 24 hours or more; negative lengths get a leading `-`.
    public static func format(minutes: Int) -> String {
        if minutes < 0 { return "-" + format(minutes: -minutes) }
        if minutes == 0 { return "0m" }
        let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60)
        return (days > 0 ? "\(days)d" : "") + (hours > 0 ? "\(hours)h" : "") + (mins > 0 ? "\(mins)m" : "")
    }

    /// Ten years: longer lengths are typing mistakes (the task schema allows 100,000 minutes).
    public static let maximum = 10 * 366 * 1440

    private static let units: [Character: Double] = ["d": 1440, "h": 60, "m": 1]
}

/// A length of time that could not be read.
public enum DurationError: Error, Equatable, CustomStringConvertible, UserFacingError {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let text):
            return "'\(text)' is not a length of time: use minutes (45), or hours and minutes like 2h30m, 90m, 1.5h or 2d"
        }
    }
}
