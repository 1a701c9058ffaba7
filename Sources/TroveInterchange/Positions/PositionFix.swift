import Foundation
import TroveKit

/// One position reading from a GPS receiver, gpsd, OwnTracks or a plain JSON line.
public struct PositionFix: Sendable, Equatable {
    /// Degrees north of the equator (negative for south), WGS 84.
    public var latitude: Double
    /// Degrees east of Greenwich (negative for west), WGS 84.
    public var longitude: Double
    /// When the fix was taken, if the source says so (NMEA GGA does not carry a date).
    public var time: Date?
    /// The horizontal error in metres, if the source gives it (gpsd `eph`, OwnTracks `acc`).
    public var accuracy: Double?
    /// The kind of line the fix came from: `"nmea"`, `"gpsd"`, `"owntracks"` or `"json"`.
    public var source: String

    public init(latitude: Double, longitude: Double, time: Date? = nil, accuracy: Double? = nil, source: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
        self.accuracy = accuracy
        self.source = source
    }

    /// Whether the coordinates are finite and on the globe (±90°, ±180°).
    public var hasValidCoordinates: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}

/// UTC calendar arithmetic for the times that position lines carry.
///
/// Hand-written rather than `ISO8601DateFormatter` or `Calendar`: this runs for every line of
/// a stream (often once a second for hours), and those classes are slow and differ by platform.
enum PositionTimestamp {
    /// The instant of a UTC calendar date and time of day, or `nil` when a field is out of range.
    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) -> Date? {
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61
        else { return nil }
        let days = CivilDate(year: year, month: month, day: day)!.daysSinceEpoch
        let whole = Double(days * 86_400 + hour * 3_600 + minute * 60)
        return Date(timeIntervalSince1970: whole + second)
    }

    /// The instant an ISO-8601 date-time names, like gpsd's `2005-06-08T10:34:48.283Z`.
    ///
    /// Accepts `YYYY-MM-DDTHH:MM:SS`, an optional fraction, and a zone of `Z`, `±HH:MM` or
    /// `±HHMM`; a missing zone is read as UTC (gpsd and GPS time are UTC).
    static func date(iso text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
              skip("Tt "), let hour = number(2), skip(":"), let minute = number(2), skip(":"),
              let wholeSecond = number(2)
        else { return nil }
        var second = Double(wholeSecond)
        if skip(".,") {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                second += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if skip("Zz") {
            // UTC.
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = skip(":")
            guard let minutes = number(2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard index == bytes.count,
              let local = date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return local.addingTimeInterval(Double(-offset))
    }

    /// The instant of a count of seconds since 1970 (OwnTracks `tst`), or `nil` for nonsense.
    static func date(unixSeconds: Double) -> Date? {
        // Beyond ±10,000 years is not a time but a unit mix-up (milliseconds) or garbage.
        guard unixSeconds.isFinite, abs(unixSeconds) < 253_402_300_800 else { return nil }
        return Date(timeIntervalSince1970: unixSeconds)
    }

}
