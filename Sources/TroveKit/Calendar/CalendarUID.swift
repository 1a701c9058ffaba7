import Foundation
import TroveStore

/// Record ids for events and tasks known by an iCalendar UID: the same on every peer, at every import.
///
/// Nothing that can change goes into them (not the start, not the moment of import), so a moved
/// event updates its record, and an invitation accepted on one machine and imported on another is one event.
public enum CalendarUID {
    /// The id of a `kind` (`event`, `task`) record with `uid` (and RECURRENCE-ID for an override): the UID itself
    /// when it is a Trove id (Trove's own export), else one derived from it; `fallback` stands in for a missing UID.
    public static func recordID(kind: String, uid: String?, recurrenceID: String? = nil, fallback: String = "") -> String {
        if let uid, recurrenceID == nil, RecordID.isValid(uid) { return uid }
        return RecordID.derived(from: "ics:\(kind):\(uid ?? fallback):\(recurrenceID ?? "")", at: Date(timeIntervalSince1970: 0))
    }

    /// The id of the event whose UID is `uid`.
    public static func eventID(uid: String) -> String { recordID(kind: "event", uid: uid) }
}
