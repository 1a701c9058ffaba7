import Foundation

/// A DATE or DATE-TIME value as the file wrote it, with its zone resolved.
public struct ICalTime: Sendable, Hashable {
    /// Where a DATE-TIME's wall clock is: UTC (`Z`), floating (no zone), or a TZID.
    public enum Zone: Sendable, Hashable {
        case utc
        case floating
        /// `tzid` as written; `location` is the IANA name it resolves to, if any
        /// (the zone's X-LIC-LOCATION, the system zone of that name, or a suffix like
        /// `America/New_York` of `custom_America/New_York`).
        case named(tzid: String, location: String?)
    }

    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// A `VALUE=DATE` value: no time and no zone.
    public var isDate: Bool
    public var zone: Zone
    /// The instant: through the file's VTIMEZONE or the system zone for a TZID; floating
    /// times and dates are read as UTC.
    public var instant: Date
    /// False for a TZID found neither in the file nor the system: `instant` then reads
    /// the wall clock as UTC.
    public var zoneKnown = true

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                isDate: Bool = false, zone: Zone = .utc, instant: Date) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.isDate = isDate
        self.zone = zone
        self.instant = instant
    }

    /// The date part.
    public var date: ICalDate { ICalDate(year: year, month: month, day: day) }

    /// A date for DATE values, else the UTC instant.
    public var calendarTime: CalendarTime { isDate ? .date(date) : .instant(instant) }

    /// The IANA zone name, for a TZID that resolves to one.
    public var zoneLocation: String? {
        if case .named(_, let location) = zone { return location }
        return nil
    }
}

/// An iCalendar DURATION, e.g. `-PT15M` or `P1D`.
public struct ICalDuration: Sendable, Hashable {
    /// Signed length in seconds (negative before the start).
    public var seconds: Int
    /// Whole days with no time part (`P1D`), which follow the wall clock across DST.
    public var days: Int?

    public init(seconds: Int, days: Int? = nil) {
        self.seconds = seconds
        self.days = days
    }
}
