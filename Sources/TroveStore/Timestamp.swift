import Foundation

/// UTC ISO-8601 timestamps with milliseconds, as records store them (`2026-11-22T10:15:30.123Z`).
public enum Timestamp {
    /// The text of a moment, in milliseconds since 1970.
    public static func string(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // By hand, into one buffer: String(format:) and even string concatenation show in bulk imports.
        let fields = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2), (Int(parts.tm_hour), 2),
                      (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2), (Int(milliseconds % 1000), 3)]
        let separators = Array("--T::.Z".utf8)
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            for (number, (value, width)) in fields.enumerated() {
                var rest = max(0, value)
                for position in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += width
                buffer[index] = separators[number]
                index += 1
            }
            return index
        }
    }

    /// The text of a date.
    public static func string(_ date: Date) -> String {
        string(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Milliseconds since 1970 of a timestamp this type wrote, or `nil`.
    public static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[23] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let milli = number(20..<23)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int64(timegm(&parts)) * 1000 + Int64(milli)
    }
}
