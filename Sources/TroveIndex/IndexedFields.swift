import Foundation
import TroveJSON
import TroveStore

/// What the index keeps of one record: the columns it sorts, filters and searches on.
///
/// Every record type maps onto the same few columns, so one query shape serves them all:
/// `start`/`end` are "when" (an entry's date, an event's span, a task's due time),
/// `parent` is the record it belongs to (its journal, calendar, dog, group…).
struct IndexedFields: Equatable {
    var id: String
    var type: String
    var label: String?
    var parent: String?
    var start: String?
    var end: String?
    var latitude: Double?
    var longitude: Double?
    var createdAt: String
    var updatedAt: String
    var tags: [String]
    var starred: Bool
    /// The whole record as compact JSON, for the types views read in bulk (events, tasks): a month or an
    /// agenda then never inflates a blob from git per event. Other types leave it out.
    var doc: String?
    /// The types whose rows carry `doc`.
    static let documentTypes: Set<String> = ["event", "task"]
    /// What a calendar lists of a one-off event; nil for other records.
    var oneOff: OneOffEvent?
    /// A recurring event's rule's starts (`SeriesStarts`), when the rule ends soon enough.
    var seriesStarts: String?
    /// Full-text columns: names and titles, long text, and place names.
    var title: String
    var body: String
    var place: String

    /// Fields that name the record a record belongs to, most specific first.
    static let parentFields = ["journalId", "calendarId", "dogId", "groupId", "itemId", "trackerId", "eventId", "accountId", "ref"]
    /// Fields searched as long text.
    static let bodyFields = ["text", "description", "notes", "note", "caption", "feedback", "bio", "message", "author"]

    init?(id: String, type: String, value: JSONValue) {
        guard value.objectValue != nil else { return nil }
        self.id = id
        self.type = type
        label = Self.firstText(value, ["name", "title", "displayName", "username"]).map { Self.firstLine($0, limit: 200) }
            ?? (type == "entry" ? value["text"]?.stringValue.flatMap(Self.heading) : nil)
            // A business record is what it is: "pee" or "poo" (a map reads it from the index alone).
            ?? (type == "business" ? value["kind"]?.stringValue : nil)
        parent = Self.firstText(value, Self.parentFields)
        start = Self.firstText(value, ["start", "date", "due", "at"])
        // A recurring event without an end to its series overlaps every later range.
        if type == "event", let rule = value["rrule"]?.stringValue {
            end = Self.seriesEnd(rule) ?? Self.countedSeriesEnd(rule, start: start, end: value["end"]?.stringValue,
                                                                hasRDates: !(value["rdate"]?.arrayValue ?? []).isEmpty)
                ?? "9999-12-31T23:59:59.999Z"
        } else {
            end = Self.firstText(value, ["end"]) ?? start
        }
        let location = value["location"]
        latitude = location?["lat"]?.doubleValue ?? value["lat"]?.doubleValue
        longitude = location?["lon"]?.doubleValue ?? value["lon"]?.doubleValue
        if latitude == nil || longitude == nil { latitude = nil; longitude = nil }
        createdAt = value["createdAt"]?.stringValue ?? ""
        updatedAt = value["updatedAt"]?.stringValue ?? ""
        var tags: [String] = []
        for key in ["tags", "categories"] {
            for tag in value[key]?.arrayValue ?? [] { if let text = tag.stringValue, !tags.contains(text) { tags.append(text) } }
        }
        self.tags = tags
        starred = value["starred"]?.boolValue ?? false
        doc = Self.documentTypes.contains(type) ? CanonicalJSON.compact(value) : nil
        oneOff = OneOffEvent(id: id, type: type, value: value)
        seriesStarts = type == "event" ? SeriesStarts.text(of: value) : nil
        title = Self.texts(value, ["title", "name", "displayName"])
        body = Self.texts(value, Self.bodyFields)
        place = [location?["place"]?.stringValue, location?["address"]?.stringValue].compactMap { $0 }.joined(separator: "\n")
    }

    private static func firstText(_ value: JSONValue, _ keys: [String]) -> String? {
        for key in keys { if let text = value[key]?.stringValue, !text.isEmpty { return text } }
        return nil
    }

    private static func texts(_ value: JSONValue, _ keys: [String]) -> String {
        keys.compactMap { value[$0]?.stringValue }.joined(separator: "\n")
    }

    /// The first line of `text`, cut to `limit` characters with "…" after them.
    ///
    /// A line ends at a line feed; a carriage return just before it goes too, a lone one stays.
    static func firstLine(_ text: String, limit: Int) -> String {
        let utf8 = text.utf8
        var end = utf8.firstIndex(of: 10) ?? utf8.endIndex
        if end > utf8.startIndex, utf8[utf8.index(before: end)] == 13, end < utf8.endIndex { end = utf8.index(before: end) }
        let line = text[..<end]
        // Counting characters walks grapheme clusters, which is slow: short or plain ASCII lines need none of it.
        if line.utf8.count <= limit { return String(line) }
        let cut = line.utf8.index(line.utf8.startIndex, offsetBy: limit)
        if line.utf8[...cut].allSatisfy({ $0 < 0x80 }) { return String(line[..<cut]) + "…" }
        guard let last = line.index(line.startIndex, offsetBy: limit, limitedBy: line.endIndex), last < line.endIndex else {
            return String(line)
        }
        return String(line[..<last]) + "…"
    }

    /// An untitled entry's label: its first line with text, without Markdown's heading marks, cut to 200 characters.
    static func heading(_ text: String) -> String? {
        var rest = Substring(text)
        // Line ends are found among the bytes: walking an entry's characters cost a rebuild a third of its time.
        while let newline = rest.utf8.firstIndex(where: { $0 == 10 || $0 == 13 }) {
            let line = Self.trimmedBytes(rest.utf8[..<newline])
            // A line that is only an image or a rule says nothing about the entry.
            let isImage = line.starts(with: "![".utf8) && line.last == UInt8(ascii: ")")
            if !line.isEmpty && !isImage && !line.elementsEqual("---".utf8) { break }
            rest = rest[rest.utf8.index(after: newline)...]
        }
        // 800 bytes hold the 200 characters kept; the cut falls on a character's first byte.
        var end = rest.utf8.index(rest.startIndex, offsetBy: 800, limitedBy: rest.endIndex) ?? rest.endIndex
        while end < rest.endIndex && rest.utf8[end] & 0xC0 == 0x80 { end = rest.utf8.index(before: end) }
        let line = firstLine(String(rest[..<end]), limit: 200)
        if line.hasPrefix("![") { return nil }
        let stripped = line.drop { $0 == "#" || $0 == ">" || $0.isWhitespace }
        return stripped.isEmpty ? nil : String(stripped)
    }

    /// `bytes` without the spaces and tabs around them.
    private static func trimmedBytes(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        let blank: (UInt8) -> Bool = { $0 == 32 || $0 == 9 }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
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
