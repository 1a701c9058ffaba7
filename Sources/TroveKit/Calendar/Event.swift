import Foundation
import TroveICal
import TroveJSON
import TroveSchema
import TroveStore

/// A calendar event, as read from an `event` record.
public struct Event: Sendable, Equatable {
    /// Where an event happens: an address, coordinates, or both.
    public struct Place: Sendable, Equatable {
        public var address: String?
        public var coordinates: Coordinates?

        public init(address: String? = nil, coordinates: Coordinates? = nil) {
            self.address = address
            self.coordinates = coordinates
        }

        var json: JSONValue {
            var fields: [String: JSONValue] = [:]
            if let address { fields["address"] = .string(address) }
            if let coordinates {
                fields["lat"] = .number(coordinates.latitude)
                fields["lon"] = .number(coordinates.longitude)
            }
            return .object(fields)
        }
    }

    public var id: String
    public var calendarId: String
    public var title: String
    /// The course or class, e.g. from a "Title [COURSE]" summary.
    public var classLabel: String?
    public var start: CalendarTime
    /// `nil` for an instant event, or an all-day event of one day.
    public var end: CalendarTime?
    /// The zone its times were given in; views show them in the viewer's zone.
    public var timeZone: String?
    /// iCalendar's floating time: its times are wall-clock readings written as if UTC, at that reading in whatever
    /// zone it is viewed in (`CalendarTime.pinned(to:)`); its series run on that wall clock.
    public var isFloating: Bool
    public var place: Place?
    public var notes: String?
    /// An iCalendar RRULE, such as `FREQ=WEEKLY;BYDAY=MO`.
    public var rrule: String?
    public var rdates: [CalendarTime]
    public var exdates: [CalendarTime]
    /// The ends of RDATEs given as periods, by their start; other occurrences last as long as the first.
    public var rdateEnds: [CalendarTime: CalendarTime]
    /// STATUS:CANCELLED: it shows as no occurrence (an override cancels the occurrence it replaces).
    public var isCancelled: Bool
    /// An override read from RANGE=THISANDFUTURE: a series of its own from its occurrence on.
    public var replacesFuture: Bool
    /// Set on an override of one occurrence of the series with the same `uid`.
    public var recurrenceID: CalendarTime?
    public var alarms: [JSONValue]
    public var categories: [String]
    public var uid: String?
    /// Who invited the user, on someone else's event the user accepted; `nil` on the user's own.
    public var organizer: CalendarUser?
    /// The people invited by iTIP, and their answers.
    public var attendees: [Attendee]
    /// iTIP's SEQUENCE: the version of the event that invitations describe.
    public var sequence: Int
    public var createdAt: String

    public init?(_ record: Record) {
        let value = record.value
        guard record.type == RecordType.event, let calendarId = value["calendarId"]?.stringValue,
              let start = value["start"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        else { return nil }
        id = record.id
        self.calendarId = calendarId
        title = value["title"]?.stringValue ?? ""
        classLabel = value["class"]?.stringValue
        self.start = start
        end = value["end"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        timeZone = value["timeZone"]?.stringValue
        isFloating = value["floating"]?.boolValue == true && !start.isDate
        if let location = value["location"] {
            var coordinates: Coordinates?
            if let lat = location["lat"]?.doubleValue, let lon = location["lon"]?.doubleValue {
                coordinates = try? Coordinates(latitude: lat, longitude: lon)
            }
            place = Place(address: location["address"]?.stringValue, coordinates: coordinates)
        }
        notes = value["notes"]?.stringValue
        rrule = value["rrule"]?.stringValue
        rdates = (value["rdate"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(CalendarTime.init(recordText:)) }
        exdates = (value["exdate"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(CalendarTime.init(recordText:)) }
        var ends: [CalendarTime: CalendarTime] = [:]
        for (key, end) in value["rdateEnds"]?.objectValue ?? [:] {
            if let start = CalendarTime(recordText: key), let end = end.stringValue.flatMap(CalendarTime.init(recordText:)) { ends[start] = end }
        }
        rdateEnds = ends
        isCancelled = value["status"]?.stringValue == "cancelled"
        replacesFuture = value["recurrenceRange"]?.stringValue == "thisAndFuture"
        recurrenceID = value["recurrenceId"]?.stringValue.flatMap(CalendarTime.init(recordText:))
        alarms = value["alarms"]?.arrayValue ?? []
        categories = (value["categories"]?.arrayValue ?? []).compactMap(\.stringValue)
        uid = value["uid"]?.stringValue
        organizer = CalendarUser(json: value["organizer"])
        attendees = Attendee.list(value["attendees"])
        sequence = value["sequence"]?.intValue ?? 0
        createdAt = record.createdAt ?? ""
    }

    public var isAllDay: Bool { start.isDate }

    /// The UID invitations and replies name it by: its iCalendar UID, else its id.
    public var invitationUID: String { uid ?? id }

    /// How long one occurrence lasts: from start to end, or a day for an all-day event without an end.
    public func length(in timeZone: TimeZone) -> TimeInterval {
        let from = start.date(in: timeZone)
        guard let end else { return isAllDay ? 86_400 : 0 }
        return max(0, end.date(in: timeZone).timeIntervalSince(from))
    }

    /// One of its times (its start, end, or an occurrence's) as seen in `timeZone`: a floating event's wall-clock
    /// reading there, others' as they are.
    public func shown<Zone: UTCOffsets>(_ time: CalendarTime, in timeZone: Zone) -> CalendarTime {
        isFloating ? time.pinned(to: timeZone) : time
    }

    /// Its first occurrence, as seen in `timeZone`.
    public func firstOccurrence<Zone: UTCOffsets>(in timeZone: Zone) -> Occurrence {
        Occurrence(event: self, start: shown(start, in: timeZone), end: end.map { shown($0, in: timeZone) })
    }

    /// The zone the event's own times are read in: its `timeZone`, else `fallback`.
    public func zone(fallback: TimeZone) -> TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? fallback
    }
}

extension Event {
    /// The event as one line of a listing: `Exam review [CS101] @ Room 4`, with ` ↻` when it repeats.
    public var listingTitle: String {
        Self.listingTitle(title: title, classLabel: classLabel, address: place?.address, repeats: rrule != nil || !rdates.isEmpty)
    }

    /// A listing's line for an event of these fields (see `listingTitle`).
    static func listingTitle(title: String, classLabel: String?, address: String?, repeats: Bool) -> String {
        var text = title.isEmpty ? "(untitled)" : title
        if let classLabel { text += " [\(classLabel)]" }
        if let address { text += " @ \(address)" }
        if repeats { text += " ↻" }
        return text
    }
}
