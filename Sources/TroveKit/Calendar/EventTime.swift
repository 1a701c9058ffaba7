import Foundation
import TroveStore

/// When an event starts or ends: an instant (stored as a UTC timestamp) or, for all-day events, a date.
///
/// Dates stay dates: "2026-12-25" is Christmas Day wherever the reader is, so it is never turned
/// into an instant until it is shown in some time zone.
public enum EventTime: Sendable, Equatable, Hashable {
    case instant(Date)
    case day(year: Int, month: Int, day: Int)

    /// Reads a stored value: `2026-11-22T07:30:00.000Z` or `2026-11-22`.
    public init?(stored text: String) {
        if text.count == 10 {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
            self = .day(year: parts[0], month: parts[1], day: parts[2])
        } else {
            guard let milliseconds = Timestamp.milliseconds(text) else { return nil }
            self = .instant(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        }
    }

    /// The date of `date` in `timeZone`, as an all-day value.
    public static func day(of date: Date, in timeZone: TimeZone) -> EventTime {
        let parts = Self.gregorian(timeZone).dateComponents([.year, .month, .day], from: date)
        return .day(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The stored text.
    public var stored: String {
        switch self {
        case .instant(let date): return Timestamp.string(date)
        case .day(let year, let month, let day): return String(format: "%04d-%02d-%02d", year, month, day)
        }
    }

    public var isAllDay: Bool { if case .day = self { return true } else { return false } }

    /// The instant this value starts at when read in `timeZone` (a date starts at its midnight there).
    public func date(in timeZone: TimeZone) -> Date {
        switch self {
        case .instant(let date): return date
        case .day(let year, let month, let day):
            return Self.gregorian(timeZone).date(from: DateComponents(year: year, month: month, day: day))!
        }
    }

    /// This value moved by `days` whole days (an instant keeps its wall-clock time in `timeZone`).
    public func adding(days: Int, in timeZone: TimeZone) -> EventTime {
        let calendar = Self.gregorian(timeZone)
        let moved = calendar.date(byAdding: .day, value: days, to: date(in: timeZone))!
        return isAllDay ? Self.day(of: moved, in: timeZone) : .instant(moved)
    }

    static func gregorian(_ timeZone: TimeZone) -> Foundation.Calendar {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
