import Foundation
import TroveICal
import TroveIndex
import TroveJSON
import TroveSchema
import TroveStore

/// What a command gives to make or change an event; `nil` leaves a field as it is.
public struct EventDraft: Sendable {
    public var title: String?
    public var calendar: String?
    public var classLabel: String?
    public var start: CalendarTime?
    /// The end; `.some(nil)` removes it.
    public var end: CalendarTime??
    public var timeZone: String?
    public var place: Event.Place?
    public var notes: String?
    public var rrule: String?
    /// Reminders, minutes before the start.
    public var alarmMinutes: [Int]?

    public init(title: String? = nil, calendar: String? = nil, classLabel: String? = nil, start: CalendarTime? = nil,
                end: CalendarTime?? = nil, timeZone: String? = nil, place: Event.Place? = nil, notes: String? = nil,
                rrule: String? = nil, alarmMinutes: [Int]? = nil) {
        self.title = title
        self.calendar = calendar
        self.classLabel = classLabel
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.place = place
        self.notes = notes
        self.rrule = rrule
        self.alarmMinutes = alarmMinutes
    }
}

/// The store's events: adding, changing, removing and finding them.
public struct EventBook {
    public let index: RecordIndex
    public var store: Store { index.store }

    public init(index: RecordIndex) { self.index = index }

    /// The event whose id is `text`, or starts or ends with it (see `RecordLookup`).
    public func event(_ text: String) throws -> Event {
        try Event(RecordLookup.record(text, type: RecordType.event, in: index, unknown: CalendarError.unknownEvent(text)) { CalendarError.ambiguousID(text, matches: $0) })!
    }

    /// Adds an event; it needs a title and a start, and must not end before it starts.
    @discardableResult
    public func add(_ draft: EventDraft) throws -> (event: Event, result: CommitResult) {
        guard let title = draft.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else { throw CalendarError.blankTitle }
        guard draft.start != nil else { throw InputError.invalidDate("") }
        let (record, result) = try store.transaction(message: "Add event \(title)") { transaction -> Record in
            var fields: [String: JSONValue] = ["calendarId": .string(try CalendarBook(store: store).target(named: draft.calendar, in: &transaction))]
            try apply(draft, to: &fields)
            return try transaction.put(.object(fields), type: RecordType.event)
        }
        return (Event(record)!, result)
    }

    /// Changes what `draft` gives, leaving the rest.
    @discardableResult
    public func edit(_ event: Event, _ draft: EventDraft) throws -> (event: Event, result: CommitResult) {
        let (record, result) = try store.transaction(message: "Edit event \(draft.title ?? event.title)") { transaction -> Record in
            guard let existing = try transaction.record(id: event.id), var fields = existing.value.objectValue else {
                throw CalendarError.unknownEvent(event.id)
            }
            if let calendar = draft.calendar { fields["calendarId"] = .string(try CalendarBook(store: store).calendar(named: calendar).id) }
            try apply(draft, to: &fields)
            if fields == existing.value.objectValue { return existing }
            Self.raiseSequence(&fields, from: existing.value)
            return try transaction.put(.object(fields), type: RecordType.event)
        }
        return (Event(record)!, result)
    }

    /// Removes an event.
    public func remove(_ event: Event) throws -> CommitResult {
        try store.transaction(message: "Delete event \(event.title)") { try $0.delete(id: event.id) }.result
    }

    /// What invitations describe: a change to one of these makes a new version of the event (iTIP's SEQUENCE).
    static let scheduledFields = ["title", "start", "end", "location", "rrule", "rdate", "exdate"]

    /// Raises the SEQUENCE of an event the user invited people to when what they were told changes, so that
    /// the invitation sent next replaces the one they have. Someone else's event keeps the organiser's SEQUENCE.
    static func raiseSequence(_ fields: inout [String: JSONValue], from old: JSONValue) {
        guard fields["attendees"] != nil, fields["organizer"] == nil,
              scheduledFields.contains(where: { fields[$0] != old[$0] }) else { return }
        fields["sequence"] = .integer((old["sequence"]?.intValue ?? 0) + 1)
    }

    /// A floating series' extra and skipped times read on `zone`'s wall clock, as its start and end are when an
    /// edit types them there.
    static func pin(_ fields: inout [String: JSONValue], to zone: TimeZone) {
        func pinned(_ text: String) -> String { CalendarTime(recordText: text).map { $0.pinned(to: zone).description } ?? text }
        for key in ["rdate", "exdate"] {
            guard let times = fields[key]?.arrayValue else { continue }
            fields[key] = .array(times.map { $0.stringValue.map { .string(pinned($0)) } ?? $0 })
        }
        if let ends = fields["rdateEnds"]?.objectValue {
            fields["rdateEnds"] = .object(Dictionary(ends.map { (pinned($0.key), $0.value.stringValue.map { .string(pinned($0)) } ?? $0.value) },
                                                     uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Writes the draft's fields, then checks the whole: a title, and an end that is not before the start.
    private func apply(_ draft: EventDraft, to fields: inout [String: JSONValue]) throws {
        if let title = draft.title {
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw CalendarError.blankTitle }
            fields["title"] = .string(trimmed)
        }
        if let classLabel = draft.classLabel { fields["class"] = classLabel.isEmpty ? nil : .string(classLabel) }
        if let start = draft.start { fields["start"] = .string(start.description) }
        if let end = draft.end { fields["end"] = end.map { .string($0.description) } }
        if let timeZone = draft.timeZone { fields["timeZone"] = .string(timeZone) }
        // Times typed in a zone (or made dates) are no longer floating; the series' other times (RDATE, EXDATE and
        // the periods' ends) are pinned to that zone with them, so its occurrences keep their wall-clock times.
        if fields["floating"]?.boolValue == true, let zone = draft.timeZone.flatMap(TimeZone.init(identifier:)) { Self.pin(&fields, to: zone) }
        if draft.timeZone != nil || draft.start?.isDate == true { fields["floating"] = nil }
        if let place = draft.place { fields["location"] = place.json }
        if let notes = draft.notes { fields["notes"] = notes.isEmpty ? nil : .string(notes) }
        if let rrule = draft.rrule { fields["rrule"] = rrule.isEmpty ? nil : .string(try Recurrence.checked(rrule)) }
        if let minutes = draft.alarmMinutes {
            fields["alarms"] = minutes.isEmpty ? nil : .array(minutes.map { ["id": .string(RecordID.make()), "minutesBefore": .integer($0), "action": "display"] })
        }
        let start = fields["start"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        let end = fields["end"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        // Written only when true, as the iCalendar reader writes it, so a round trip changes no byte.
        fields["allDay"] = start?.isDate == true ? .bool(true) : nil
        // All-day ends are exclusive, as iCalendar's DTEND: a one-day event on the 25th ends on the 26th.
        if let start, let end {
            let zone = fields["timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? .current
            guard end.date(in: zone) >= start.date(in: zone) else {
                throw CalendarError.endBeforeStart(start: start.description, end: end.description)
            }
        }
    }
}
