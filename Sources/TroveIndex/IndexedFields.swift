import Foundation
import TroveJSON
import TroveSchema

/// What the index keeps of one record: the columns it sorts, filters and searches on.
///
/// Every record type maps onto the same few columns, so one query shape serves them all:
/// `start`/`end` are "when" (an entry's date, an event's span, a task's due time),
/// `parent` is the record it belongs to (its journal, calendar, dog…). Which fields fill which column is
/// the record type's schema's to say (`IndexRoles`, from `x-index`); the calendar's own columns are
/// `CalendarColumns`'.
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
    /// The calendar's columns, for the types whose schema has `x-index-calendar`.
    var calendar: CalendarColumns?
    /// Full-text columns: names and titles, long text, and place names.
    var title: String
    var body: String
    var place: String

    init?(id: String, type: String, value: JSONValue, roles: IndexRoles) {
        guard value.objectValue != nil else { return nil }
        self.id = id
        self.type = type
        label = Self.firstText(value, roles.label).map { Self.firstLine($0, limit: 200) }
            ?? roles.heading.flatMap { value[$0]?.stringValue.flatMap(Self.heading) }
        parent = Self.firstText(value, roles.parent)
        start = Self.firstText(value, roles.start)
        end = roles.end.flatMap { Self.firstText(value, [$0]) } ?? start
        let location = roles.place.flatMap { value[$0] }
        latitude = location?["lat"]?.doubleValue
        longitude = location?["lon"]?.doubleValue
        if latitude == nil || longitude == nil { latitude = nil; longitude = nil }
        createdAt = value["createdAt"]?.stringValue ?? ""
        updatedAt = value["updatedAt"]?.stringValue ?? ""
        var tags: [String] = []
        for key in roles.tags {
            for tag in value[key]?.arrayValue ?? [] { if let text = tag.stringValue, !tags.contains(text) { tags.append(text) } }
        }
        self.tags = tags
        starred = roles.starred.flatMap { value[$0]?.boolValue } ?? false
        title = Self.texts(value, roles.title)
        body = Self.texts(value, roles.body)
        place = [location?["place"]?.stringValue, location?["address"]?.stringValue].compactMap { $0 }.joined(separator: "\n")
        if let kind = roles.calendar {
            let columns = CalendarColumns(kind, id: id, type: type, value: value, start: start)
            calendar = columns
            // A recurring event's row spans its whole series.
            if let seriesEnd = columns.seriesEnd { end = seriesEnd }
        }
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
}
