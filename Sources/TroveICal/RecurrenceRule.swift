import CICal
import Foundation

/// An RRULE value that libical accepts, e.g. `FREQ=WEEKLY;BYDAY=MO,WE`.
public struct RecurrenceRule: Sendable, Hashable, CustomStringConvertible {
    /// The rule as given (trimmed).
    public let text: String
    /// Whether the rule ends (COUNT or UNTIL).
    public let isFinite: Bool
    /// The rule as libical writes it (its parts in a fixed order), so that one rule is stored as one text.
    public let canonical: String

    /// Checks `text` with libical; throws `ICalError.invalidRecurrence` when it is rejected.
    public init(validating text: String) throws(ICalError) {
        let trimmed = text.trimmingWhitespace()
        let checked: Result<(Bool, String), ICalError> = ICalLibrary.locked {
            do throws(ICalError) {
                var rule = try Self.parse(trimmed)
                try Self.checkExpandable(rule, text: trimmed)
                let written = icalrecurrencetype_as_string_r(&rule)
                defer { free(written) }
                return .success((rule.count > 0 || icaltime_is_null_time(rule.until) == 0, written.map { String(cString: $0) } ?? trimmed))
            } catch {
                return .failure(error)
            }
        }
        self.text = trimmed
        (self.isFinite, self.canonical) = try checked.get()
    }

    public var description: String { text }

    /// Refuses a rule libical reads but will not expand: a BY part out of range (`BYMONTH=13`, `BYYEARDAY=367`)
    /// or one that can never match (`BYMONTHDAY=31;BYMONTH=2`). Stored, such a rule failed every listing of
    /// its span. libical checks these when it makes an iterator, whatever the start; call only while holding the lock.
    private static func checkExpandable(_ rule: icalrecurrencetype, text: String) throws(ICalError) {
        let start = icaltime_from_timet_with_zone(1_768_467_600, 0, icaltimezone_get_utc_timezone())
        guard let iterator = icalrecur_iterator_new(rule, start) else {
            throw .invalidRecurrence(rule: text, reason: "libical cannot expand it (a BY part is out of range, or can never match)")
        }
        icalrecur_iterator_free(iterator)
    }

    /// libical's rule for `text`; call only while holding `ICalLibrary`'s lock.
    static func parse(_ text: String) throws(ICalError) -> icalrecurrencetype {
        guard text.uppercased().contains("FREQ=") else {
            throw .invalidRecurrence(rule: text, reason: "it has no FREQ")
        }
        trove_ical_clear_errno()
        let rule = text.withCString { icalrecurrencetype_from_string($0) }
        // libical signals a bad rule by FREQ=NO_RECURRENCE, and sometimes only by icalerrno.
        if rule.freq == ICAL_NO_RECURRENCE || trove_ical_errno() != ICAL_NO_ERROR {
            let reason = ICalLibrary.string(icalerror_strerror(trove_ical_errno())) ?? "libical rejects it"
            throw .invalidRecurrence(rule: text, reason: trove_ical_errno() == ICAL_NO_ERROR ? "libical rejects it" : reason.lowercased())
        }
        return rule
    }
}
