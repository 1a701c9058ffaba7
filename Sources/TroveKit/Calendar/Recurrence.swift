import Foundation

/// Recurrence rules of events: checking an RRULE before it is stored.
public enum Recurrence {
    /// `rule` in upper case, if it is an RRULE with a FREQ; otherwise an error naming it.
    public static func checked(_ rule: String) throws -> String {
        let upper = rule.uppercased().trimmingCharacters(in: .whitespaces)
        let text = upper.hasPrefix("RRULE:") ? String(upper.dropFirst(6)) : upper
        guard text.split(separator: ";").contains(where: { $0.hasPrefix("FREQ=") }) else { throw RecurrenceError.invalidRule(rule) }
        return text
    }
}

/// A recurrence rule that cannot be used.
public enum RecurrenceError: Error, Equatable, CustomStringConvertible {
    case invalidRule(String)

    public var description: String {
        switch self {
        case .invalidRule(let rule):
            return "'\(rule)' is not a recurrence rule: use an iCalendar RRULE such as FREQ=WEEKLY;BYDAY=MO,WE or FREQ=DAILY;COUNT=5"
        }
    }
}

extension RecurrenceError: UserFacingError {}
