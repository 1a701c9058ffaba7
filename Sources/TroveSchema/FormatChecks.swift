/// The checks behind the `format` keyword: `date-time`, `date`, `email`, `uri`.
///
/// Hand-written on bytes rather than with regular expressions, because a pattern
/// cannot tell that February has no 30th.
enum FormatChecks {
    /// Whether `text` has the named format. Unknown formats never get here (the compiler rejects them).
    static func isValid(_ text: String, format: String) -> Bool {
        switch format {
        case "date-time": return isDateTime(Array(text.utf8))
        case "date": return isDate(Array(text.utf8))
        case "email": return isEmail(text)
        case "uri": return isURI(Array(text.utf8))
        default: return true
        }
    }

    /// The description of a format for messages.
    static func describe(_ format: String) -> String {
        switch format {
        case "date-time": return "must be a real date and time (RFC 3339)"
        case "date": return "must be a real calendar date (YYYY-MM-DD)"
        case "email": return "must be an email address"
        case "uri": return "must be an absolute URI, like https://example.org/page"
        default: return "must be a valid \(format)"
        }
    }

    /// RFC 3339 `full-date`: YYYY-MM-DD with a day that exists in that month.
    static func isDate(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              (1...12).contains(month)
        else { return false }
        return (1...daysIn(month: month, year: year)).contains(day)
    }

    /// RFC 3339 `date-time`: a full date, `T`, hh:mm:ss, optional fraction, and `Z` or ±hh:mm.
    static func isDateTime(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 20, isDate(Array(bytes[0..<10])), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return index + 1 == bytes.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count == index + 6, bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHours = number(bytes, index + 1, 2), let offsetMinutes = number(bytes, index + 4, 2)
            else { return false }
            return offsetHours <= 23 && offsetMinutes <= 59
        default:
            return false
        }
    }

    /// A practical address check: a local part and a dotted-or-not domain of non-empty labels, no spaces.
    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, local.count <= 64, !domain.isEmpty else { return false }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }) else { return false }
        return domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    /// RFC 3986 absolute URI: a scheme, `:`, then only URI characters and well-formed `%XX` escapes.
    static func isURI(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]) else { return false }
        for byte in bytes[1..<colon] where !(isLetter(byte) || isDigit(byte) || "+-.".utf8.contains(byte)) {
            return false
        }
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isLetter(byte) || isDigit(byte) || "-._~:/?#[]@!$&'()*+,;=".utf8.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The decimal number in `bytes[start..<start+length]`, if those are all digits.
    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + length] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
