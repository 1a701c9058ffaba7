import TroveJSON

/// What a calendar lists of an event that happens once, kept in the event's index row, so that a span
/// of such events is read from `records_by_start` alone, without parsing their records.
///
/// Only an event record that the calendar would read as a plain one-off has one: its `id` and `type`
/// are those of its file, it has a calendar and a start, and no rule, extra dates or RECURRENCE-ID.
/// Series, overrides of one occurrence and odd records have none, and are read whole.
public struct OneOffEvent: Sendable, Equatable {
    /// The title; empty when the record has none.
    public var title: String
    /// The course or class.
    public var classLabel: String?
    /// The address of its location.
    public var address: String?
    /// Whether the record has an end of its own: without one, the row's `end` repeats its start.
    public var hasEnd: Bool

    public init(title: String, classLabel: String? = nil, address: String? = nil, hasEnd: Bool) {
        self.title = title
        self.classLabel = classLabel
        self.address = address
        self.hasEnd = hasEnd
    }

    /// The one-off of event record `value`, filed as `id` of `type`; nil for anything but a plain one-off.
    ///
    /// The fields are read as `Event` reads them, so a listing from the index shows what one from the record would.
    init?(id: String, type: String, value: JSONValue) {
        guard value["type"]?.stringValue == type, value["id"]?.stringValue == id,
              value["calendarId"]?.stringValue != nil, let start = value["start"]?.stringValue, !start.isEmpty,
              value["rrule"] == nil, value["rdate"] == nil, value["recurrenceId"] == nil, value["status"] == nil,
              value["floating"] == nil  // its time depends on the viewer's zone: read whole, as a series is
        else { return nil }
        title = value["title"]?.stringValue ?? ""
        classLabel = value["class"]?.stringValue
        address = value["location"]?["address"]?.stringValue
        // The row's `end` is the record's only when it is text that is not empty (`IndexedFields.end`).
        hasEnd = !(value["end"]?.stringValue ?? "").isEmpty
    }
}
