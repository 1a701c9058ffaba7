import Foundation
import TroveICal
import TroveJSON

/// The starts of a recurring event's rule, worked out once when the event is indexed and kept in its row
/// (`seriesStarts`): listing a span then reads them instead of running the rule again through libical,
/// whose iteration costs a couple of microseconds a start (a year of a thousand series, tens of milliseconds).
///
/// Kept only for a rule that ends within `limit` starts; others are run when they are listed. The text is
/// `seconds:YYYYMMDD` per start (the instant, and its day on the wall calendar of the rule's zone), comma-separated,
/// DTSTART's first.
enum SeriesStarts {
    /// The most starts kept for one series.
    static let limit = 1000

    /// The text kept for event record `value`, read as `Event` reads it: its rule run from its `start`, in its
    /// `timeZone` (none for an all-day event); nil when it has no rule, or a rule that runs on or longer.
    static func text(of value: JSONValue) -> String? {
        guard let rule = value["rrule"]?.stringValue,
              let start = value["start"]?.stringValue.flatMap(CalendarTime.init(recordText:)) else { return nil }
        let allDay = start.isDate
        guard let starts = Occurrences.ruleStarts(start: start.instant, allDay: allDay,
                                                  timeZone: allDay ? nil : value["timeZone"]?.stringValue, rrule: rule, limit: limit)
        else { return nil }
        return starts.map { start in
            let day = start.day.year * 10_000 + start.day.month * 100 + start.day.day
            return "\(Int64(start.instant.timeIntervalSince1970)):\(day)"
        }.joined(separator: ",")
    }

    /// The starts `text` holds; nil if it is not such a text.
    static func starts(_ text: String) -> [RuleStart]? {
        var text = text
        // Read byte by byte: a year's listing reads a thousand series' worth, and splitting strings took ten milliseconds.
        return text.withUTF8 { bytes -> [RuleStart]? in
            var starts: [RuleStart] = []
            var index = 0
            /// The digits from `index` up to `end` (an optional leading minus sign), moving past them.
            func number(upTo end: UInt8) -> Int64? {
                let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
                if negative { index += 1 }
                var value: Int64 = 0, digits = 0
                while index < bytes.count && bytes[index] != end {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10, digits < 18 else { return nil }
                    value = value * 10 + Int64(digit)
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                index += 1
                return negative ? -value : value
            }
            while index < bytes.count {
                guard let seconds = number(upTo: UInt8(ascii: ":")), let day = number(upTo: UInt8(ascii: ",")) else { return nil }
                let date = Int(day)
                starts.append(RuleStart(instant: Date(timeIntervalSince1970: Double(seconds)),
                                        day: ICalDate(year: date / 10_000, month: date / 100 % 100, day: date % 100)))
            }
            return starts
        }
    }
}
