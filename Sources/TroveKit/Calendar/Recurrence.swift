import Foundation
import TroveICal

/// Recurrence rules of events: checking an RRULE before it is stored.
public enum Recurrence {
    /// `rule` as stored (libical's canonical text, without an `RRULE:` prefix), if libical reads it; otherwise an error naming it.
    public static func checked(_ rule: String) throws -> String {
        let trimmed = rule.trimmingCharacters(in: .whitespaces)
        let text = trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst(6)) : trimmed
        do {
            return try RecurrenceRule(validating: text.uppercased()).canonical
        } catch {
            throw RecurrenceError.invalidRule(rule)
        }
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
