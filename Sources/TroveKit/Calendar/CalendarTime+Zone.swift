import Foundation
import TroveICal

/// Reading an event's start or end in a time zone.
///
/// Dates stay dates: "2026-12-25" is Christmas Day wherever the reader is, so it becomes an
/// instant only when it is shown in some time zone.
extension CalendarTime {
    /// The instant this value starts at when read in `timeZone` (a date starts at its midnight there).
    public func date<Zone: UTCOffsets>(in timeZone: Zone) -> Date {
        switch self {
        case .instant(let date): return date
        case .date(let day): return CivilDate(day).instant(in: timeZone)
        }
    }

    /// The date of `date` in `timeZone`, as an all-day value.
    public static func day(of date: Date, in timeZone: TimeZone) -> CalendarTime {
        .date(ICalDate(CivilDate(date, in: timeZone)))
    }
}

extension CivilDate {
    /// The same date as iCalendar's date value.
    public init(_ date: ICalDate) { self.init(year: date.year, month: date.month, day: date.day)! }
}

extension ICalDate {
    /// The same date as the domain's civil date.
    public init(_ date: CivilDate) { self.init(year: date.year, month: date.month, day: date.day) }
}
