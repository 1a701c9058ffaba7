import CICal
import Foundation

/// Time zones: the file's VTIMEZONEs first, then the system zoneinfo through libical's
/// builtin zones. Call only while holding `ICalLibrary`'s lock.
enum ICalZones {
    /// The system zone named `location` (e.g. `Europe/Paris`), or `nil`.
    static func builtin(_ location: String) -> OpaquePointer? {
        guard !location.isEmpty else { return nil }
        if location == "UTC" || location == "Etc/UTC" { return icaltimezone_get_utc_timezone() }
        return location.withCString { icaltimezone_get_builtin_timezone($0) }
    }

    /// The IANA name a TZID stands for: the zone's X-LIC-LOCATION, the TZID itself, its Windows name
    /// (`W. Europe Standard Time`, through CLDR's table), its longest suffix after `_`, `/` or `-` that names
    /// a system zone; and, for a zone the file defines under a name none of these know, the system zone
    /// whose offsets are the file's (`ZoneEquivalence`). The file's definition is honoured either way: a
    /// name is taken only when its offsets agree with the file's.
    static func location(tzid: String, zone: OpaquePointer?) -> String? {
        if let zone, let location = ICalLibrary.string(icaltimezone_get_location(zone)), builtin(location) != nil {
            return location
        }
        if builtin(tzid) != nil { return tzid }
        var named: [String] = []
        if let windows = WindowsZones.iana(tzid) { named.append(windows) }
        var index = tzid.startIndex
        while index < tzid.endIndex {
            if "_/-".contains(tzid[index]) {
                let suffix = String(tzid[tzid.index(after: index)...])
                if suffix.contains("/"), builtin(suffix) != nil { named.append(suffix) }
            }
            index = tzid.index(after: index)
        }
        guard let zone else { return named.first }
        return ZoneEquivalence.match(zone, preferring: named)
    }

    /// The zone's offset from UTC, in seconds, at `seconds` since 1970.
    static func offset(_ zone: OpaquePointer, at seconds: Int) -> Int {
        var time = icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
        var daylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, &daylight))
    }

    /// The instant a DATE-TIME's wall clock reads in `zone`, by `WallClock`'s rule for skipped and repeated times.
    static func seconds(_ value: icaltimetype, in zone: OpaquePointer) -> Int {
        let wall = ICalDate(year: Int(value.year), month: Int(value.month), day: Int(value.day)).utcMidnightSeconds
            + Int(value.hour) * 3600 + Int(value.minute) * 60 + Int(value.second)
        if zone == icaltimezone_get_utc_timezone() { return wall }
        return WallClock.instant(wall: wall) { offset(zone, at: $0) }
    }

    /// What TZIDs stood for in one calendar, so that reading its 10,000 events looks each up once (the
    /// lookups, `location`'s comparison of offsets among them, were half of reading a tree).
    /// Shared by the threads reading one tree's components: a TZID is resolved under its lock, which also keeps
    /// libical's lookup in the calendar (it sorts the calendar's zones on first use) to one thread at a time.
    final class Resolved: @unchecked Sendable {
        private var zones: [String: (zone: ICalTime.Zone, resolved: OpaquePointer?)] = [:]
        private let lock = NSLock()

        fileprivate func zone(_ tzid: String, resolving: () -> (zone: ICalTime.Zone, resolved: OpaquePointer?))
            -> (zone: ICalTime.Zone, resolved: OpaquePointer?) {
            lock.lock()
            defer { lock.unlock() }
            if let known = zones[tzid] { return known }
            let found = resolving()
            zones[tzid] = found
            return found
        }
    }

    /// A libical time as an `ICalTime`, its TZID looked up in `calendar` then the system (once per `Resolved`).
    static func time(_ value: icaltimetype, tzid: String?, calendar: OpaquePointer?, resolving cache: Resolved? = nil) -> ICalTime? {
        guard icaltime_is_null_time(value) == 0, icaltime_is_valid_time(value) != 0, isOnCalendar(value) else { return nil }
        var zone: ICalTime.Zone = .floating
        var resolved: OpaquePointer?
        if value.is_date != 0 {
            zone = .floating
        } else if icaltime_is_utc(value) != 0 {
            zone = .utc
        } else if let tzid {
            func resolve() -> (zone: ICalTime.Zone, resolved: OpaquePointer?) {
                var resolved = calendar.flatMap { calendar in tzid.withCString { icalcomponent_get_timezone(calendar, $0) } }
                    ?? builtin(tzid)
                    ?? tzid.withCString { icaltimezone_get_builtin_timezone_from_tzid($0) }
                let zone = ICalTime.Zone.named(tzid: tzid, location: location(tzid: tzid, zone: resolved))
                if resolved == nil, case .named(_, let location?) = zone { resolved = builtin(location) }
                return (zone, resolved)
            }
            (zone, resolved) = cache.map { $0.zone(tzid, resolving: resolve) } ?? resolve()
        }
        let seconds: Int
        if value.is_date != 0 {
            seconds = Int(icaltime_as_timet_with_zone(value, icaltimezone_get_utc_timezone()))
        } else {
            seconds = Self.seconds(value, in: resolved ?? icaltimezone_get_utc_timezone())
        }
        var result = ICalTime(
            year: Int(value.year), month: Int(value.month), day: Int(value.day),
            hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second),
            isDate: value.is_date != 0, zone: zone, instant: Date(timeIntervalSince1970: Double(seconds)))
        if case .named = zone, resolved == nil { result.zoneKnown = false }
        return result
    }

    /// Whether the date exists: libical reads month 13 or 31 February as written and then counts on
    /// into the next year or month, which moved an event silently; such a value is no date.
    static func isOnCalendar(_ value: icaltimetype) -> Bool {
        guard (1...12).contains(value.month), value.day >= 1 else { return false }
        return Int(value.day) <= Int(icaltime_days_in_month(value.month, value.year))
            && value.hour < 24 && value.minute < 60 && value.second < 61
    }
}
