import CICal
import Foundation

/// iCalendar value syntax for writing: dates, UTC and wall-clock times, durations.
public enum ICalValueText {
    /// `20261122`.
    public static func date(_ date: ICalDate) -> String {
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// `20261122T073000Z` (whole seconds).
    public static func utc(_ instant: Date) -> String {
        let c = ICalDate.utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// `20261122T083000`: the wall clock in `timeZone` at `instant`, for a `TZID=` value.
    public static func wallClock(_ instant: Date, timeZone: String) throws(ICalError) -> String {
        let text: String? = ICalLibrary.locked {
            guard let zone = ICalZones.builtin(timeZone) else { return nil }
            let t = icaltime_from_timet_with_zone(time_t(instant.timeIntervalSince1970.rounded(.down)), 0, zone)
            return String(format: "%04d%02d%02dT%02d%02d%02d", t.year, t.month, t.day, t.hour, t.minute, t.second)
        }
        guard let text else { throw .unknownTimeZone(timeZone) }
        return text
    }

    /// `-PT15M`, `P1D`: a signed duration in seconds as libical writes it.
    public static func duration(seconds: Int) -> String {
        ICalLibrary.locked {
            let duration = icaldurationtype_from_int(Int32(clamping: seconds))
            return ICalLibrary.takeString(icaldurationtype_as_ical_string_r(duration)) ?? "PT0S"
        }
    }

    /// The signed seconds of a DURATION value like `PT45M`, read by libical; `nil` when it is not one.
    public static func seconds(ofDuration text: String) -> Int? {
        ICalLibrary.locked {
            let duration = text.withCString { icaldurationtype_from_string($0) }
            guard icaldurationtype_is_bad_duration(duration) == 0 else { return nil }
            return Int(icaldurationtype_as_int(duration))
        }
    }

    /// Whether `name` is a time zone the system zoneinfo knows (through libical).
    public static func isKnownTimeZone(_ name: String) -> Bool {
        ICalLibrary.locked { ICalZones.builtin(name) != nil }
    }
}
