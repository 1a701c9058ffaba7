import Foundation
import TroveStore

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
        guard let instant = Timestamp.date(iso: date) else { return nil }
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

    private func pad(_ n: Int, _ width: Int = 2) -> String { Timestamp.field(n, width: width) }
}
