import Foundation

/// YAML front matter for exported Markdown files.
enum ExportYAML {
    /// Words YAML 1.1 readers turn into booleans or null when left plain.
    private static let reserved: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
    ]

    /// `s` plain when that cannot be misread, else a JSON-style double-quoted string (valid YAML).
    static func scalar(_ s: String) -> String {
        isPlainSafe(s) ? s : quoted(s)
    }

    /// Plain only for a letter followed by letters, digits, spaces and `_ . -`, not ending in a space
    /// and not a reserved word; anything else (colons, `#`, quotes, leading `-`, numbers, dates) gets quoted.
    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII, Character(first).isLetter,
              s.last != " ", !reserved.contains(s.lowercased())
        else { return false }
        return s.unicodeScalars.allSatisfy { u in
            u.isASCII && (Character(u).isLetter || Character(u).isNumber || " _.-".unicodeScalars.contains(u))
        }
    }

    /// A double-quoted scalar with JSON escapes; line separators and BOM escaped too, as YAML 1.1 breaks lines on them.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F || u.value == 0x85 || u.value == 0x2028
                || u.value == 0x2029 || u.value == 0xFEFF:
                let hex = String(u.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// A number YAML reads back as the same Double (no exponent surprises for coordinates).
    static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        let s = "\(d)"
        guard s.contains("e") else { return s }
        // YAML 1.1 reads `1e-05` as a string: write tiny numbers without an exponent.
        var fixed = String(format: "%.12f", d)
        while fixed.hasSuffix("0"), !fixed.hasSuffix(".0") { fixed.removeLast() }
        return fixed
    }

    /// One front-matter value.
    enum Value {
        case string(String)
        case bool(Bool)
        case number(Double)
        case list([String])
    }

    /// `---` block with the fields in the given order.
    static func frontMatter(_ fields: [(String, Value)]) -> String {
        var out = "---\n"
        for (key, value) in fields {
            switch value {
            case let .string(s): out += "\(key): \(scalar(s))\n"
            case let .bool(b): out += "\(key): \(b)\n"
            case let .number(d): out += "\(key): \(number(d))\n"
            case let .list(items) where items.isEmpty: out += "\(key): []\n"
            case let .list(items):
                out += "\(key):\n"
                for item in items { out += "  - \(scalar(item))\n" }
            }
        }
        return out + "---\n"
    }
}
