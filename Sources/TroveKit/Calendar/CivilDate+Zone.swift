import Foundation
import TroveICal

/// A time on the wall clock, with no date and no zone: 14:30, 9:00:15.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// The time, or nil out of range (24:00 included: it is no wall-clock time).
    public init?(hour: Int, minute: Int = 0, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// 00:00.
    public static let midnight = TimeOfDay(hour: 0)!
    /// 12:00.
    public static let noon = TimeOfDay(hour: 12)!

    /// Seconds since midnight on the wall clock.
    public var secondsIntoDay: Int { hour * 3600 + minute * 60 + second }

    /// The wall-clock time in `timeZone` at `instant`, to the second.
    ///
    /// From the zone's offset at that instant, as `CivilDate(_:in:)` reads the date: a Foundation
    /// `Calendar` per time shown cost a year's agenda a tenth of its time.
    public init<Zone: UTCOffsets>(_ instant: Date, in timeZone: Zone) {
        let local = Int((instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down))
        let seconds = ((local % 86_400) + 86_400) % 86_400
        self.init(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)!
    }

    /// "14:30", without the seconds.
    public var hoursAndMinutes: String {
        // By hand: String(format:) takes a microsecond, and an agenda shows thousands of times.
        String(unsafeUninitializedCapacity: 5) { buffer in
            for (index, byte) in [hour / 10, hour % 10, -1, minute / 10, minute % 10].enumerated() {
                buffer[index] = byte < 0 ? UInt8(ascii: ":") : UInt8(ascii: "0") + UInt8(byte)
            }
            return 5
        }
    }

    /// "14:30", or "14:30:15" when there are seconds.
    public var description: String {
        let base = String(format: "%02d:%02d", hour, minute)
        return second == 0 ? base : base + String(format: ":%02d", second)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondsIntoDay < rhs.secondsIntoDay }
}

extension CivilDate {
    /// The date on the wall calendar in `timeZone` at `instant`.
    public init<Zone: UTCOffsets>(_ instant: Date, in timeZone: Zone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }

    /// The instant the wall clock in `timeZone` shows `time` on this date.
    ///
    /// Times a daylight-saving change skips or repeats follow `WallClock`, the rule imported calendars follow too.
    public func instant<Zone: UTCOffsets>(at time: TimeOfDay = .midnight, in timeZone: Zone) -> Date {
        let wall = daysSinceEpoch * 86_400 + time.secondsIntoDay
        let seconds = WallClock.instant(wall: wall) { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The day as a half-open interval of instants in `timeZone` (23 or 25 hours on DST change days).
    public func interval(in timeZone: TimeZone) -> DateInterval {
        DateInterval(start: instant(in: timeZone), end: adding(days: 1).instant(in: timeZone))
    }

    /// Today in `timeZone`.
    public static func today(in timeZone: TimeZone, now: Date = Date()) -> CivilDate { CivilDate(now, in: timeZone) }
}
