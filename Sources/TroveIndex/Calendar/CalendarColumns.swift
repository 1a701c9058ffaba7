import TroveJSON
import TroveSchema
import TroveStore

/// The calendar's part of an event's or task's index row, for the types whose schema has `x-index-calendar`.
///
/// A calendar view reads a month or an agenda from these columns alone, never inflating a blob from git per event:
/// the whole record (`document`), a plain one-off event's listing (`OneOffEvent`), a series' starts
/// (`SeriesStarts`), and for a recurring event, the end of its whole series as the row's `end`.
struct CalendarColumns: Equatable {
    /// The whole record as compact JSON.
    var document: String
    /// What a calendar lists of a one-off event; nil for other records.
    var oneOff: OneOffEvent?
    /// A recurring event's rule's starts (`SeriesStarts`), when the rule ends soon enough.
    var seriesStarts: String?
    /// The last moment a recurring event's series can reach (far in the future for one without an end); nil for others.
    var seriesEnd: String?

    init(_ kind: IndexRoles.CalendarKind, id: String, type: String, value: JSONValue, start: String?) {
        document = CanonicalJSON.compact(value)
        guard kind == .event else { return }
        oneOff = OneOffEvent(id: id, type: type, value: value)
        seriesStarts = SeriesStarts.text(of: value)
        // A recurring event without an end to its series overlaps every later range.
        if let rule = value["rrule"]?.stringValue {
            seriesEnd = Self.seriesEnd(rule) ?? Self.countedSeriesEnd(rule, start: start, end: value["end"]?.stringValue,
                                                                     hasRDates: !(value["rdate"]?.arrayValue ?? []).isEmpty)
                ?? "9999-12-31T23:59:59.999Z"
        }
    }

    /// A time no occurrence of a COUNT series can start after (or still be going on at), for rules simple enough
    /// to bound without expanding them: DAILY with no BY parts, and WEEKLY with at most BYDAY (plain weekdays).
    /// `nil` for any other rule, or RDATEs, which the rule does not bound.
    ///
    /// Each period of `interval` days or weeks holds at least one occurrence, and the start counts as the first
    /// whether or not the rule matches it, so the last starts within `count` periods of the start; a period and
    /// a day more cover the start's week and the zone's clock changes, and the event's own length is added.
    static func countedSeriesEnd(_ rule: String, start: String?, end: String?, hasRDates: Bool) -> String? {
        guard !hasRDates, let start, let startMilliseconds = milliseconds(start) else { return nil }
        var parts: [Substring: Substring] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, parts.updateValue(pair[1], forKey: pair[0]) == nil else { return nil }
        }
        let weekdays: Set<Substring> = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let period: Int64
        switch parts["FREQ"] {
        case "DAILY"?:
            guard Set(parts.keys).isSubset(of: ["FREQ", "COUNT", "INTERVAL", "WKST"]) else { return nil }
            period = 86_400_000
        case "WEEKLY"?:
            guard Set(parts.keys).isSubset(of: ["FREQ", "COUNT", "INTERVAL", "WKST", "BYDAY"]) else { return nil }
            if let days = parts["BYDAY"], !days.split(separator: ",").allSatisfy({ weekdays.contains($0) }) { return nil }
            period = 7 * 86_400_000
        default:
            return nil
        }
        guard let count = parts["COUNT"].flatMap({ Int64($0) }), count > 0, count <= 100_000,
              let interval = parts["INTERVAL"].map({ Int64($0) }) ?? 1, interval > 0, interval <= 1_000 else { return nil }
        var length: Int64 = 86_400_000
        if let end {
            guard let endMilliseconds = milliseconds(end) else { return nil }
            length += max(0, endMilliseconds - startMilliseconds)
        }
        let last = startMilliseconds + (count * interval + 1) * period + 86_400_000 + length
        let text = Timestamp.string(milliseconds: last)
        return text < "9999-12-31T23:59:59.999Z" ? text : nil
    }

    /// Milliseconds since 1970 of a record's timestamp, or of midnight UTC at the start of a date.
    private static func milliseconds(_ text: String) -> Int64? {
        Timestamp.milliseconds(text.utf8.count == 10 ? text + "T00:00:00.000Z" : text)
    }

    /// The UNTIL of an RRULE as a timestamp, or `nil` when the series has no end date.
    static func seriesEnd(_ rule: String) -> String? {
        for part in rule.split(separator: ";") where part.hasPrefix("UNTIL=") {
            let digits = Array(part.dropFirst(6).filter(\.isNumber))
            guard digits.count >= 8 else { return nil }
            let date = "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))"
            guard digits.count >= 14 else { return date + "T23:59:59.999Z" }
            return date + "T\(String(digits[8..<10])):\(String(digits[10..<12])):\(String(digits[12..<14])).999Z"
        }
        return nil
    }
}
