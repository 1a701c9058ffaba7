import CICal

/// Finds the system zone that keeps the same clock as a VTIMEZONE a file defines.
///
/// A record names its zone by IANA name (its series are expanded on that zone's wall clock), while a file may
/// define its own under any name: Outlook's `W. Europe Standard Time` with rules from 1601, a custom
/// fixed offset. Such a zone is honoured by the system zone whose offsets are the same, change for change,
/// over the years calendars are used. Call only while holding `ICalLibrary`'s lock.
enum ZoneEquivalence {
    /// The years compared: the offsets of past decades (a zone's history) do not decide today's meetings.
    static let span = (from: 946_684_800, to: 2_208_988_800)  // 2000-01-01 ..< 2040-01-01 UTC
    /// Samples twice a day find each change; a change between two samples is then found to the minute.
    static let step = 43_200

    /// Answers by the zone's definition, so each VTIMEZONE of a file is searched for once.
    nonisolated(unsafe) private static var cache: [String: String?] = [:]

    /// The first of `preferring` that keeps `zone`'s clock, else any system zone that does, else nil.
    static func match(_ zone: OpaquePointer, preferring names: [String]) -> String? {
        let key = (icaltimezone_get_component(zone).flatMap { ICalLibrary.string(icalcomponent_as_ical_string($0)) } ?? "")
            + "\u{0}" + names.joined(separator: "\u{0}")
        if let known = cache[key] { return known }
        let target = changes(of: zone)
        var found: String?
        for name in names where ICalZones.builtin(name).map({ changes(of: $0) == target }) == true {
            found = name
            break
        }
        if found == nil {
            found = systemZoneNames().first { name in
                guard let candidate = ICalZones.builtin(name) else { return false }
                // Most zones differ at one of a few probes; only those that agree there are compared change by change.
                return probes.allSatisfy { ICalZones.offset(candidate, at: $0) == ICalZones.offset(zone, at: $0) }
                    && changes(of: candidate) == target
            }
        }
        cache[key] = found
        return found
    }

    /// A few instants across the span, in both halves of the year.
    private static let probes = stride(from: span.from + 15 * 86_400, to: span.to, by: 86_400 * 365 * 4 + 86_400 * 182).map { $0 }

    /// The zone's offset at the start of the span and each change of it, to the minute.
    static func changes(of zone: OpaquePointer) -> [Int] {
        var result = [ICalZones.offset(zone, at: span.from)]
        var previous = result[0]
        var time = span.from
        while time < span.to {
            let next = time + step
            let offset = ICalZones.offset(zone, at: next)
            if offset != previous {
                // The first minute of the new offset, between the two samples.
                var low = time, high = next
                while high - low > 60 {
                    let middle = low + (high - low) / 120 * 60
                    if ICalZones.offset(zone, at: middle) == previous { low = middle } else { high = middle }
                }
                result += [high, offset]
                previous = offset
            }
            time = next
        }
        return result
    }

    /// The names of the system's zones, as libical lists them (zone.tab's order).
    private static func systemZoneNames() -> [String] {
        guard let zones = icaltimezone_get_builtin_timezones() else { return [] }
        let count = zones.pointee.num_elements
        return (0..<count).compactMap { index in
            guard let element = icalarray_element_at(zones, index) else { return nil }
            return ICalLibrary.string(icaltimezone_get_location(OpaquePointer(element)))
        }
    }
}
