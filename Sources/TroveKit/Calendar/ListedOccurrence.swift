import Foundation
import TroveICal

/// An occurrence as the calendar's views list it: what a line or a cell shows, and when.
///
/// The day, week and month views read these rather than `Occurrence`s: a one-off event's come from its
/// index row without parsing its record, which is most of a calendar (a 6-week month grid of 50,000
/// events: 3,885 occurrences, ~110 → see `tools/bench/run --suite calendar`).
public struct ListedOccurrence: Sendable, Equatable {
    public var id: String
    /// The event's own title.
    public var title: String
    /// The title as listings show it: its class, place and a ↻ for a series (`Event.listingTitle`).
    public var listingTitle: String
    public var classLabel: String?
    /// The group whose shared calendar it comes from; `nil` for the user's own.
    public var group: String?
    /// The start and end as the event gives them (a date for an all-day event).
    public var start: CalendarTime
    public var end: CalendarTime?
    /// The start and end as instants, read in the query's zone.
    public var startDate: Date
    public var endDate: Date

    public init(id: String, title: String, listingTitle: String, classLabel: String?, start: CalendarTime, end: CalendarTime?,
                startDate: Date, endDate: Date) {
        self.id = id
        self.title = title
        self.listingTitle = listingTitle
        self.classLabel = classLabel
        self.start = start
        self.end = end
        self.startDate = startDate
        self.endDate = endDate
    }

    /// The listing of a whole occurrence (a group's meeting, say), read in `timeZone`.
    public init<Zone: UTCOffsets>(_ occurrence: Occurrence, in timeZone: Zone) {
        self.init(id: occurrence.event.id, title: occurrence.event.title, listingTitle: occurrence.event.listingTitle,
                  classLabel: occurrence.event.classLabel, start: occurrence.start, end: occurrence.end,
                  startDate: occurrence.startDate(in: timeZone), endDate: occurrence.endDate(in: timeZone))
    }
}
