import Foundation

/// One content line of a vCard, unfolded: `GROUP.NAME;PARAM=VALUE:value`.
public struct VCardLine: Sendable, Equatable {
    /// The 1-based line where it starts in the file.
    public var number: Int
    /// The property's name, upper-cased, without its group (`item1.EMAIL` is `EMAIL`).
    public var name: String
    /// Parameters by upper-cased name; each may hold several values (`TYPE=work,voice` or repeated `TYPE`).
    public var parameters: [String: [String]]
    /// The raw value, still escaped.
    public var value: String

    /// Splits the lines of a file: a line that begins with a space or tab continues the one before (folding),
    /// with that one character removed. Blank lines are dropped. Each line keeps the number it started on.
    public static func unfold(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        // CRLF is one Character in Swift, so splitting on "\n" alone would not split it: both are named.
        var physical = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" })
        if let first = physical.first, first.hasPrefix("\u{FEFF}") { physical[0] = first.dropFirst() }
        for (offset, line) in physical.enumerated() {
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += line.dropFirst()
            } else if !line.allSatisfy(\.isWhitespace) {
                lines.append((offset + 1, String(line)))
            }
        }
        return lines
    }

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
        guard let fullName = head.first?.trimmingCharacters(in: .whitespaces), !fullName.isEmpty else { return nil }
        name = (fullName.split(separator: ".").last.map(String.init) ?? fullName).uppercased()
        parameters = [:]
        for parameter in head.dropFirst() {
            if let equals = parameter.firstIndex(of: "=") {
                let key = parameter[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
                let values = Self.split(parameter[parameter.index(after: equals)...], on: ",").map(Self.unquoted)
                parameters[key, default: []] += values
            } else {
                // vCard 2.1 writes bare types: TEL;CELL;PREF:…
                parameters["TYPE", default: []].append(parameter.trimmingCharacters(in: .whitespaces))
            }
        }
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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }
}
