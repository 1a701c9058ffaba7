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

    /// A floating time (a wall-clock reading written as if UTC) as the instant `timeZone`'s clock reads it at,
    /// skipped and repeated readings as `WallClock` places them; a date stays a date.
    public func pinned<Zone: UTCOffsets>(to timeZone: Zone) -> CalendarTime {
        guard case .instant(let wall) = self else { return self }
        let whole = wall.timeIntervalSince1970.rounded(.down)
        let seconds = WallClock.instant(wall: Int(whole)) { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }
        return .instant(Date(timeIntervalSince1970: Double(seconds) + wall.timeIntervalSince1970 - whole))
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
