import Foundation

extension TimeOfDay {
    /// The time a person typed: `14:00`, `9:05`, `14:30:15`, `9am`, `9:30pm`, `12am` (midnight), `noon`, `midnight`.
    ///
    /// Returns nil for anything else, including `24:00`, `13pm` and `9:5`; `DateInput.read` turns that
    /// into an error naming the whole input.
    public init?(typed text: String) {
        let lower = text.lowercased()
        switch lower {
        case "noon": self = .noon; return
        case "midnight": self = .midnight; return
        default: break
        }
        var clock = Substring(lower)
        var meridiem: String?
        for suffix in ["am", "pm"] where clock.hasSuffix(suffix) {
            meridiem = suffix
            clock = clock.dropLast(2)
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count <= 2, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              var hour = Int(parts[0])
        else { return nil }
        let minute = parts.count > 1 ? Int(parts[1])! : 0
        let second = parts.count > 2 ? Int(parts[2])! : 0
        if let meridiem {
            // 12am is midnight and 12pm is noon; "0am" and "13pm" are not times.
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        } else if parts.count == 1 {
            return nil  // A bare number is a count or a day, not a time: "9" alone is refused.
        }
        self.init(hour: hour, minute: minute, second: second)
    }
}
