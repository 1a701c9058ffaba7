import Foundation
import TroveStore

/// Reads the position out of one NMEA 0183 sentence: GGA or RMC, from any talker.
///
/// `$GPGGA`, `$GNRMC`, `$GLGGA`, `$BDRMC`… are all read alike; every other sentence
/// (GSV, GSA, VTG, proprietary `$P…`) gives `nil`, as does a fix the receiver marks invalid.
public enum NMEASentence {
    /// The fix in one sentence, or `nil` when it is not a valid GGA or RMC fix.
    ///
    /// A `*hh` checksum, when present, must match. GGA with quality 0 and RMC with status `V`
    /// (or mode `N`) are "no fix" and give `nil`. RMC's date and time become `time` (UTC);
    /// GGA has only a time of day, so its `time` is `nil`. NMEA gives no error in metres
    /// (HDOP is a ratio), so `accuracy` is `nil`.
    public static func parse(_ line: String) -> PositionFix? {
        guard let body = verifiedBody(of: line) else { return nil }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false)
        // The address is a two-letter talker and a three-letter type: "GPGGA", "GNRMC".
        guard let address = fields.first, address.count == 5, !address.hasPrefix("P") else { return nil }
        switch address.suffix(3) {
        case "GGA": return gga(fields)
        case "RMC": return rmc(fields)
        default: return nil
        }
    }

    /// The text between `$` (or `!`) and `*`, or `nil` when the line is not a sentence or its
    /// checksum is wrong.
    static func verifiedBody(of line: String) -> Substring? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first, first == "$" || first == "!" else { return nil }
        let afterStart = trimmed.dropFirst()
        guard let star = afterStart.lastIndex(of: "*") else { return afterStart }
        let body = afterStart[..<star]
        let written = afterStart[afterStart.index(after: star)...]
        // Exactly two hex digits: `UInt8(_:radix:)` alone would also take "+7" or "7".
        guard written.count == 2, written.allSatisfy(\.isHexDigit), let expected = UInt8(written, radix: 16)
        else { return nil }
        let actual = body.utf8.reduce(UInt8(0), ^)
        return actual == expected ? body : nil
    }

    /// `$xxGGA,hhmmss.ss,ddmm.mm,N,dddmm.mm,E,quality,satellites,hdop,altitude,M,…`
    private static func gga(_ fields: [Substring]) -> PositionFix? {
        guard fields.count >= 7, let quality = Int(fields[6]), quality != 0,
              let latitude = coordinate(fields[2], hemisphere: fields[3], degreeDigits: 2),
              let longitude = coordinate(fields[4], hemisphere: fields[5], degreeDigits: 3)
        else { return nil }
        return PositionFix(latitude: latitude, longitude: longitude, source: "nmea")
    }

    /// `$xxRMC,hhmmss.ss,A,ddmm.mm,N,dddmm.mm,E,speed,course,ddmmyy,variation,E[,mode[,status]]`
    private static func rmc(_ fields: [Substring]) -> PositionFix? {
        guard fields.count >= 7, fields[2] == "A",
              let latitude = coordinate(fields[3], hemisphere: fields[4], degreeDigits: 2),
              let longitude = coordinate(fields[5], hemisphere: fields[6], degreeDigits: 3)
        else { return nil }
        // NMEA 2.3 adds a mode indicator; "N" means "not valid" even when the status says A.
        if fields.count >= 13, fields[12] == "N" { return nil }
        let time = fields.count >= 10 ? date(day: fields[9], time: fields[1]) : nil
        return PositionFix(latitude: latitude, longitude: longitude, time: time, source: "nmea")
    }

    /// Decimal degrees from NMEA's `ddmm.mmmm` (latitude) or `dddmm.mmmm` (longitude) and its
    /// hemisphere letter; `nil` when either is empty or malformed.
    static func coordinate(_ text: Substring, hemisphere: Substring, degreeDigits: Int) -> Double? {
        let sign: Double
        switch hemisphere {
        case "N", "E": sign = 1
        case "S", "W": sign = -1
        default: return nil
        }
        // Digits and one point only: `Double(_:)` would also accept "nan", "1e3" or "0x1p3".
        let wholePart = text.prefix { $0 != "." }
        guard !wholePart.isEmpty, wholePart.count <= degreeDigits + 2,
              text.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }),
              text.filter({ $0 == "." }).count <= 1,
              let value = Double(text)
        else { return nil }
        let degrees = (value / 100).rounded(.down)
        let minutes = value - degrees * 100
        guard minutes < 60 else { return nil }
        return sign * (degrees + minutes / 60)
    }

    /// The UTC instant of RMC's `ddmmyy` date and `hhmmss.ss` time, or `nil` if either is bad.
    static func date(day dateField: Substring, time timeField: Substring) -> Date? {
        guard dateField.count == 6, dateField.allSatisfy({ $0.isASCII && $0.isNumber }),
              timeField.count >= 6, timeField.prefix(6).allSatisfy({ $0.isASCII && $0.isNumber }),
              timeField.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }),
              let day = Int(dateField.prefix(2)), let month = Int(dateField.dropFirst(2).prefix(2)),
              let shortYear = Int(dateField.suffix(2)),
              let hour = Int(timeField.prefix(2)), let minute = Int(timeField.dropFirst(2).prefix(2)),
              let second = Double(timeField.dropFirst(4)), second.isFinite
        else { return nil }
        // Two-digit years: GPS began in 1980, so 80–99 are the 1900s and the rest the 2000s.
        let year = shortYear >= 80 ? 1900 + shortYear : 2000 + shortYear
        return Timestamp.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
