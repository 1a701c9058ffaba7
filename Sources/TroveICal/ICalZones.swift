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

    /// The IANA name a TZID stands for: the zone's X-LIC-LOCATION, the TZID itself, or
    /// its longest suffix after `_`, `/` or `-` that names a system zone.
    static func location(tzid: String, zone: OpaquePointer?) -> String? {
        if let zone, let location = ICalLibrary.string(icaltimezone_get_location(zone)), builtin(location) != nil {
            return location
        }
        if builtin(tzid) != nil { return tzid }
        var index = tzid.startIndex
        while index < tzid.endIndex {
            if "_/-".contains(tzid[index]) {
                let suffix = String(tzid[tzid.index(after: index)...])
                if suffix.contains("/"), builtin(suffix) != nil { return suffix }
            }
            index = tzid.index(after: index)
        }
        return nil
    }

    /// A libical time as an `ICalTime`, its TZID looked up in `calendar` then the system.
    static func time(_ value: icaltimetype, tzid: String?, calendar: OpaquePointer?) -> ICalTime? {
        guard icaltime_is_null_time(value) == 0, icaltime_is_valid_time(value) != 0 else { return nil }
        var zone: ICalTime.Zone = .floating
        var resolved: OpaquePointer?
        if value.is_date != 0 {
            zone = .floating
        } else if icaltime_is_utc(value) != 0 {
            zone = .utc
        } else if let tzid {
            resolved = calendar.flatMap { calendar in tzid.withCString { icalcomponent_get_timezone(calendar, $0) } }
                ?? builtin(tzid)
                ?? tzid.withCString { icaltimezone_get_builtin_timezone_from_tzid($0) }
            zone = .named(tzid: tzid, location: location(tzid: tzid, zone: resolved))
            if resolved == nil, case .named(_, let location?) = zone { resolved = builtin(location) }
        }
        let seconds: Int
        if value.is_date != 0 {
            seconds = Int(icaltime_as_timet_with_zone(value, icaltimezone_get_utc_timezone()))
        } else {
            seconds = Int(icaltime_as_timet_with_zone(value, resolved ?? icaltimezone_get_utc_timezone()))
        }
        var result = ICalTime(
            year: Int(value.year), month: Int(value.month), day: Int(value.day),
            hour: Int(value.hour), minute: Int(value.minute), second: Int(value.second),
            isDate: value.is_date != 0, zone: zone, instant: Date(timeIntervalSince1970: Double(seconds)))
        if case .named = zone, resolved == nil { result.zoneKnown = false }
        return result
    }
}
