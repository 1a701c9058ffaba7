import CICal
import Foundation

/// The VTIMEZONE written for each zone a file names: the one place Trove defines a zone in iCalendar.
///
/// RFC 5545 §3.2.19 wants a VTIMEZONE for every TZID. libical builds one from the system zoneinfo (every
/// transition on record, ending in the current rules), which is the same data Trove expands series with,
/// so a reader that honours the file's VTIMEZONE gets Trove's times. Its TZID is libical's
/// (`/freeassociation.sourceforge.net/Europe/Paris`) and is renamed to the name the properties use, with
/// X-LIC-LOCATION kept so Trove reads the IANA name back. A zone libical knows without a definition
/// (`GMT`, `Etc/UTC`: its UTC zone) gets one fixed-offset observance. Call only while holding `ICalLibrary`'s lock.
enum ICalZoneDefinitions {
    /// A new VTIMEZONE for `tzid`, owned by the caller; `nil` for a zone neither libical nor Foundation knows.
    static func vtimezone(_ tzid: String) -> OpaquePointer? {
        if let zone = ICalZones.builtin(tzid), let definition = icaltimezone_get_component(zone),
           let copy = icalcomponent_new_clone(definition) {
            if let property = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
                icalproperty_set_tzid(property, tzid)
            }
            return copy
        }
        guard let zone = TimeZone(identifier: tzid) else { return nil }
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))
        let text = """
            BEGIN:VTIMEZONE\r
            TZID:\(tzid)\r
            X-LIC-LOCATION:\(tzid)\r
            BEGIN:STANDARD\r
            TZNAME:\(zone.abbreviation(for: Date(timeIntervalSince1970: 0)) ?? tzid)\r
            DTSTART:19700101T000000\r
            TZOFFSETFROM:\(utcOffset(offset))\r
            TZOFFSETTO:\(utcOffset(offset))\r
            END:STANDARD\r
            END:VTIMEZONE\r

            """
        return text.withCString { icalcomponent_new_from_string($0) }
    }

    /// `+0100`, `-0330`: an offset in seconds as UTC-OFFSET writes it.
    private static func utcOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return String(format: "%@%02d%02d", sign, minutes / 60, minutes % 60)
    }
}
