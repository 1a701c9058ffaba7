import Foundation
import TroveICal

/// One content line of a vCard, unfolded: `GROUP.NAME;PARAM=VALUE:value`.
public struct VCardLine: Sendable, Equatable {
    /// The 1-based line where it starts in the file.
    public var number: Int
    /// The property's name, upper-cased, without its group (`item1.EMAIL` is `EMAIL`).
    public var name: String
    /// Parameters by upper-cased name; each may hold several values (`TYPE=work,voice` or repeated `TYPE`).
    public var parameters: [String: [String]]
    /// The raw value, still escaped (a quoted-printable one decoded).
    public var value: String

    /// Splits the lines of a file: a line that begins with a space or tab continues the one before (folding),
    /// with that one character removed; a quoted-printable line (2.1) that ends with `=` continues on the next
    /// line (a soft line break), without the `=`. Blank lines are dropped. Each line keeps the number it started on.
    public static func unfold(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        var unfolding = VCardUnfolding()
        try? VCardPhysicalLines.forEachLine(of: Array(text.utf8)) { number, line in
            if let done = unfolding.take(line, number: number) { lines.append(done) }
        }
        if let last = unfolding.finish() { lines.append(last) }
        return lines
    }

    /// Whether a line says its value is quoted-printable, by the rule the decoding uses (a bare `QUOTED-PRINTABLE`
    /// of 2.1, or one of `ENCODING`'s values). Not any parameter that merely contains the word: a fuzzed
    /// `TYPE=…quoted-printable` made a folded line that ended in `=` lose the `=` and keep the fold's space.
    static func declaresQuotedPrintable(_ line: Substring) -> Bool {
        // Only a line that holds the word can say it: the others (nearly all) are not read twice. Reading every line
        // again took a fifth of reading a vCard file.
        guard line.utf8.count >= 16, mentionsQuotedPrintable(line.utf8) else { return false }
        return VCardLine(number: 0, text: String(line))?.parameter("ENCODING").contains("quoted-printable") ?? false
    }

    /// Whether `bytes` hold `quoted-printable` in any case (ASCII only, as the parameter is matched).
    private static func mentionsQuotedPrintable(_ bytes: Substring.UTF8View) -> Bool {
        let word = Array("quoted-printable".utf8)
        var matched = 0
        for byte in bytes {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower == word[matched] {
                matched += 1
                if matched == word.count { return true }
            } else {
                matched = lower == word[0] ? 1 : 0
            }
        }
        return false
    }

    /// What cannot be in a parameter value (`CharacterSet.controlCharacters`, made once: making it each time took 8 %
    /// of reading a vCard file).
    static let controlCharacters = CharacterSet.controlCharacters

    /// Reads one unfolded line, or `nil` when it has no ':' after its name.
    public init?(number: Int, text: String) {
        self.number = number
        var quoted = false
        guard let colon = text.firstIndex(where: { character in
            if character == "\"" { quoted.toggle() }
            return character == ":" && !quoted
        }) else { return nil }
        value = String(text[text.index(after: colon)...])
        let head = Self.split(text[..<colon], on: ";")
        guard let fullName = head.first?.trimmingSpaces(), !fullName.isEmpty else { return nil }
        name = (fullName.split(separator: ".").last.map(String.init) ?? fullName).uppercased()
        parameters = [:]
        for parameter in head.dropFirst() {
            if let equals = parameter.firstIndex(of: "=") {
                let key = parameter[..<equals].trimmingSpaces().uppercased()
                var values = Self.split(parameter[parameter.index(after: equals)...], on: ",").map(Self.unquoted)
                // 4.0 quotes a list of types: TYPE="work,voice".
                if key == "TYPE" { values = values.flatMap(Self.types) }
                parameters[key, default: []] += values
            } else {
                // vCard 2.1 writes bare types and encodings: TEL;CELL;PREF:…, NOTE;QUOTED-PRINTABLE:…
                let bare = parameter.trimmingSpaces()
                let isEncoding = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"].contains(bare.uppercased())
                if isEncoding { parameters["ENCODING", default: []].append(bare) } else { parameters["TYPE", default: []] += Self.types(bare) }
            }
        }
        if parameter("ENCODING").contains("quoted-printable") {
            value = Self.quotedPrintable(value, charset: parameter("CHARSET").first)
        }
    }

    /// A type parameter's value split on its commas: a type never holds one.
    static func types(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingSpaces() }
    }

    /// The charsets a 2.1 card may name that are read; others are read as UTF-8.
    static let charsets: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8, "us-ascii": .utf8, "ascii": .utf8,
        "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "iso8859-1": .isoLatin1, "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252,
    ]

    /// A quoted-printable value decoded: `=C3=AB` are bytes, read in `charset` (UTF-8 when not given or not known;
    /// bytes that are not text in it are read as ISO-8859-1, which takes any byte). A `=` not before two hex digits stays.
    static func quotedPrintable(_ value: String, charset: String?) -> String {
        var bytes: [UInt8] = []
        let source = Array(value.utf8)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        while index < source.count {
            if source[index] == UInt8(ascii: "="), index + 2 < source.count, let high = hex(source[index + 1]), let low = hex(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        let encoding = charset.flatMap { charsets[$0] } ?? .utf8
        let text = String(bytes: bytes, encoding: encoding) ?? latin1(bytes)
        // A new line in quoted-printable is =0D=0A (or a lone =0D): kept as "\n", as the other versions' `\n` is read.
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Bytes read as ISO-8859-1, where every byte is the character of that number.
    static func latin1(_ bytes: some Sequence<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(text)
    }

    /// A content line as Trove writes it: `NAME;KEY=a,b:value`, the value already escaped, folded so that
    /// no line is longer than 75 octets (RFC 6350 3.2) without cutting a UTF-8 character, ending in CRLF.
    static func written(_ name: String, parameters: [(String, [String])] = [], _ value: String) -> String {
        var line = name
        for (key, values) in parameters where !values.isEmpty { line += ";\(key)=\(values.joined(separator: ","))" }
        line += ":" + value
        var folded = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = scalar.utf8.count
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += size
        }
        return folded + "\r\n"
    }

    /// The values of parameter `key`, lower-cased.
    public func parameter(_ key: String) -> [String] {
        (parameters[key] ?? []).map { $0.lowercased() }
    }

    /// How much this line is preferred among its kind: 4.0's PREF=1…100, 3.0's TYPE=pref (as 1); `Int.max` for neither.
    public var preference: Int {
        if let pref = parameter("PREF").compactMap({ Int($0) }).min() { return pref }
        return parameter("TYPE").contains("pref") ? 1 : Int.max
    }

    /// The value as text, its escapes undone: `\n` a new line, `\,` `\;` `\:` and `\\` themselves.
    public var text: String { Self.unescape(value) }

    /// The value split on unescaped `separator` (`;` for N, `,` for CATEGORIES), each part unescaped.
    public func parts(separatedBy separator: Character) -> [String] {
        Self.splitEscaped(value, on: separator).map(Self.unescape)
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": result.append("\n")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// Splits on `separator` where no backslash escapes it; the parts stay escaped.
    static func splitEscaped(_ text: String, on separator: Character) -> [String] {
        var parts = [""]
        var escaping = false
        for character in text {
            if escaping {
                parts[parts.count - 1] += "\\" + String(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == separator {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        if escaping { parts[parts.count - 1] += "\\" }
        return parts
    }

    /// Splits on `separator` outside double quotes.
    private static func split(_ text: Substring, on separator: Character) -> [String] {
        var parts = [""]
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == separator && !quoted { parts.append("") } else { parts[parts.count - 1].append(character) }
        }
        return parts
    }

    private static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingSpaces()
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }
}
