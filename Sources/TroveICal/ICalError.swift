/// Why a calendar could not be read, or a rule or zone could not be used.
///
/// Line numbers are 1-based; 0 means libical gave no place.
public enum ICalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text has no `BEGIN:VCALENDAR` line at all.
    case notICalendar(found: String)
    /// The text starts a calendar that libical could not read (cut short, unbalanced BEGIN/END).
    case unreadable(line: Int, reason: String)
    /// libical rejected an RRULE value.
    case invalidRecurrence(rule: String, reason: String)
    /// A time zone name that neither the file nor the system zoneinfo knows.
    case unknownTimeZone(String)
    /// A property value libical could not build while writing.
    case unwritable(property: String, value: String)

    public var description: String {
        switch self {
        case .notICalendar(let found):
            let what = found.isEmpty ? "the file is empty" : "the first line is \"\(found)\""
            return "not an iCalendar file: no BEGIN:VCALENDAR line (\(what))"
        case .unreadable(let line, let reason):
            let place = line > 0 ? " at line \(line)" : ""
            return "not a readable iCalendar file\(place): \(reason)"
        case .invalidRecurrence(let rule, let reason):
            return "RRULE \"\(rule)\" is not valid: \(reason); it must look like FREQ=WEEKLY;BYDAY=MO"
        case .unknownTimeZone(let name):
            return "unknown time zone \"\(name)\"; use a zone name like Europe/Paris"
        case .unwritable(let property, let value):
            return "cannot write \(property) with the value \"\(value)\""
        }
    }
}
