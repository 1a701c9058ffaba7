import Foundation

/// An entry's instant as seen on the wall clock of its time zone.
struct ExportLocalTime: Sendable, Equatable {
    var instant: Date
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// 1 = Sunday … 7 = Saturday.
    var weekday: Int
    var offsetSeconds: Int
    /// The IANA identifier used (`UTC` when the entry had none or an unknown one).
    var zoneID: String

    /// Parses `date` (UTC or with an offset) and places it in `zoneID`; nil zone or unknown zone → UTC.
    /// Returns nil when `date` is not an ISO-8601 instant; `zoneKnown` is false for an unknown zone.
    static func make(date: String, zoneID: String?) -> (time: ExportLocalTime, zoneKnown: Bool)? {
        guard let instant = parseInstant(date) else { return nil }
        var zone = TimeZone(identifier: "UTC")!
        var known = true
        if let zoneID {
            if let z = TimeZone(identifier: zoneID) { zone = z } else { known = false }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
        let time = ExportLocalTime(
            instant: instant, year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!,
            second: c.second!, weekday: c.weekday!, offsetSeconds: zone.secondsFromGMT(for: instant),
            zoneID: known ? (zoneID ?? "UTC") : "UTC")
        return (time, known)
    }

    /// `2026-11-22`, the local day.
    var dayStamp: String { "\(pad(year, 4))-\(pad(month))-\(pad(day))" }

    /// `2026-11-22T08:30:00+01:00`.
    var isoWithOffset: String {
        let sign = offsetSeconds < 0 ? "-" : "+"
        let off = abs(offsetSeconds)
        return "\(dayStamp)T\(pad(hour)):\(pad(minute)):\(pad(second))\(sign)\(pad(off / 3600)):\(pad(off % 3600 / 60))"
    }

    /// `Sunday 22 November 2026, 08:30`.
    var longText: String { "\(dayText), \(pad(hour)):\(pad(minute))" }

    /// `Sunday 22 November 2026`.
    var dayText: String { "\(Self.weekdays[weekday - 1]) \(day) \(Self.months[month - 1]) \(year)" }

    /// `22 Nov 2026`.
    var shortText: String { "\(day) \(Self.months[month - 1].prefix(3)) \(year)" }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    private func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM|±HHMM)`. Why by hand: ISO8601DateFormatter
    /// needs a separate option set for fractions and differs across platforms.
    static func parseInstant(_ s: String) -> Date? {
        let u = Array(s.utf8)
        func num(_ from: Int, _ len: Int) -> Int? {
            guard from + len <= u.count else { return nil }
            var v = 0
            for b in u[from..<from + len] {
                guard (48...57).contains(b) else { return nil }
                v = v * 10 + Int(b - 48)
            }
            return v
        }
        func at(_ i: Int, _ c: Character) -> Bool { i < u.count && u[i] == c.asciiValue! }
        guard let y = num(0, 4), at(4, "-"), let mo = num(5, 2), at(7, "-"), let d = num(8, 2),
              at(10, "T") || at(10, "t") || at(10, " "),
              let h = num(11, 2), at(13, ":"), let mi = num(14, 2), at(16, ":"), let sec = num(17, 2),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61
        else { return nil }
        var i = 19
        var nanos = 0
        if at(i, ".") {
            i += 1
            var digits = 0
            while i < u.count, (48...57).contains(u[i]) {
                if digits < 9 { nanos = nanos * 10 + Int(u[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanos *= 10 }
        }
        var offset = 0
        if at(i, "Z") || at(i, "z") {
            i += 1
        } else if at(i, "+") || at(i, "-") {
            let sign = at(i, "-") ? -1 : 1
            guard let oh = num(i + 1, 2) else { return nil }
            var j = i + 3
            if at(j, ":") { j += 1 }
            guard let om = num(j, 2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
            i = j + 2
        } else {
            return nil
        }
        guard i == u.count else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let comps = DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: sec)
        guard let base = calendar.date(from: comps),
              calendar.component(.day, from: base) == d // rejects 2026-02-30
        else { return nil }
        return base.addingTimeInterval(Double(-offset) + Double(nanos) / 1e9)
    }
}
