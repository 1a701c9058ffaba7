import Foundation
import TroveJSON

/// One way a JSON value fails its schema: where, and what is wrong.
///
/// `path` is a JSON Pointer (RFC 6901) to the offending value, so a caller can
/// point at the exact field; `description` is the line to show a person.
public struct SchemaViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON Pointer of the offending value: `""` for the root, `"/tags/2"`, `"/location/lat"`.
    ///
    /// For a missing or unknown field it is the pointer the field has (or would have).
    public let path: String
    /// What is wrong, e.g. `expected string, found integer` or `missing required field "text"`.
    public let message: String
    /// What the value is, for people: `is 10,000 characters long`, `is 123.5`, `is a number`; `nil` when the
    /// message says it all (a missing or unknown field).
    public let found: String?
    /// The rule it breaks, short, after `found`: `at most 100`; `nil` means the message is the rule.
    public let limit: String?

    public init(path: String, message: String, found: String? = nil, limit: String? = nil) {
        self.path = path
        self.message = message
        self.found = found
        self.limit = limit
    }

    /// Two violations are the same when they name the same value for the same reason; `found` and
    /// `limit` only reword it.
    public static func == (lhs: SchemaViolation, rhs: SchemaViolation) -> Bool {
        lhs.path == rhs.path && lhs.message == rhs.message
    }

    /// A line for people: `/location/lat: must be at most 90`, `text: missing required field`,
    /// `titel: unknown field`, or `record: …` for the root.
    public var description: String {
        // Missing and unknown fields are named plainly, without the pointer's leading slash,
        // because the quoted name in the message would only repeat the path.
        for prefix in [Self.missingPrefix, Self.unknownPrefix] where message.hasPrefix(prefix + " \"") {
            let afterName = message.dropFirst(prefix.count + 2).drop { $0 != "\"" }.dropFirst()
            return "\(path.isEmpty ? "record" : String(path.dropFirst())): \(prefix)\(afterName)"
        }
        return "\(path.isEmpty ? "record" : path): \(message)"
    }

    /// The violation in the user's words, naming the field as a person would rather than by its
    /// JSON Pointer: `a tag is 10,000 characters long: at most 100`, `the location's lat is 123.5: at most 90`,
    /// `the text is missing`, `there is no field "titel" here`.
    public var spoken: String {
        let subject = Self.subject(of: path)
        if message.hasPrefix(Self.missingPrefix + " \"") {
            let note = message.dropFirst(Self.missingPrefix.count + 2).drop { $0 != "\"" }.dropFirst()
            return "\(subject) is missing\(note)"
        }
        if message.hasPrefix(Self.unknownPrefix + " \"") {
            let name = JSONPointer.tokens(of: path).last ?? ""
            let owner = JSONPointer.tokens(of: path).count > 1 ? " in " + Self.subject(of: JSONPointer.parent(of: path)) : ""
            return "there is no field \"\(name)\"\(owner)"
        }
        guard let found else { return "\(subject) \(message)" }
        return "\(subject) \(found): \(limit ?? message)"
    }

    /// A field named as people would: `the title`, `the journal id`, `a tag` (an item of `tags`),
    /// `the location's lat`, `photo 2's caption`, `the record` for the whole.
    static func subject(of path: String) -> String {
        let tokens = JSONPointer.tokens(of: path)
        if tokens.isEmpty { return "the record" }
        // Each part is a field, or an item of a list field followed by its position.
        var parts: [(name: String, item: Int?)] = []
        var position = 0
        while position < tokens.count {
            let name = words(tokens[position])
            if position + 1 < tokens.count, let index = Int(tokens[position + 1]), index >= 0 {
                parts.append((singular(name), index + 1))
                position += 2
            } else {
                parts.append((name, nil))
                position += 1
            }
        }
        // One item of a top-level list reads best without its number: `a tag`.
        if parts.count == 1, parts[0].item != nil { return article(parts[0].name) + " " + parts[0].name }
        return parts.enumerated().map { offset, part in
            let phrase = part.item.map { "\(part.name) \($0)" } ?? part.name
            return offset == 0 ? (part.item == nil ? "the " + phrase : phrase) : phrase
        }.joined(separator: "'s ")
    }

    /// A JSON Schema type as people say it: `text`, `a whole number`, `a list`.
    public static func noun(_ type: String) -> String {
        switch type {
        case "string": return "text"
        case "integer": return "a whole number"
        case "number": return "a number"
        case "boolean": return "true or false"
        case "array": return "a list"
        case "object": return "a group of fields"
        case "null": return "empty (null)"
        default: return type
        }
    }

    /// `journalId` → `journal id`, `time_zone` → `time zone`.
    static func words(_ name: String) -> String {
        var result = ""
        for character in name {
            if character == "_" || character == "-" { result.append(" ") }
            else if character.isUppercase, !result.isEmpty { result.append(" "); result.append(contentsOf: character.lowercased()) }
            else { result.append(character) }
        }
        return result
    }

    /// `tags` → `tag`, `entries` → `entry`; a word that is not a plain plural stays as it is.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }

    static func article(_ word: String) -> String {
        guard let first = word.first?.lowercased() else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    static let missingPrefix = "missing required field"
    static let unknownPrefix = "unknown field"

    static func missing(_ field: String, in path: String, note: String = "") -> SchemaViolation {
        SchemaViolation(path: JSONPointer.appending(field, to: path), message: "\(missingPrefix) \"\(field)\"\(note)")
    }

    static func unknown(_ field: String, in path: String) -> SchemaViolation {
        SchemaViolation(path: JSONPointer.appending(field, to: path), message: "\(unknownPrefix) \"\(field)\"")
    }
}

/// JSON Pointer (RFC 6901) building and lookup.
enum JSONPointer {
    /// `path` extended by one member name or array index, escaping `~` and `/`.
    static func appending(_ token: String, to path: String) -> String {
        // Runs for every member validated, so the common case (nothing to escape) avoids Foundation.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return path + "/" + token
        }
        var escaped = ""
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return path + "/" + escaped
    }

    /// The unescaped member names and indexes of `pointer`: `/a~1b/0` → `["a/b", "0"]`.
    static func tokens(of pointer: String) -> [String] {
        guard pointer.hasPrefix("/") else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The pointer one level up: `/location/lat` → `/location`.
    static func parent(of pointer: String) -> String {
        guard let slash = pointer.lastIndex(of: "/") else { return "" }
        return String(pointer[..<slash])
    }

    /// The value that `pointer` names inside `document`, or `nil` when there is none.
    static func resolve(_ pointer: String, in document: JSONValue) -> JSONValue? {
        if pointer.isEmpty { return document }
        guard pointer.hasPrefix("/") else { return nil }
        var current = document
        for rawToken in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            // Every $ref of every schema is resolved at start-up: keep Foundation out of the common case.
            let token = rawToken.utf8.contains(UInt8(ascii: "~"))
                ? rawToken.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                : String(rawToken)
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let elements):
                guard let position = Int(token), elements.indices.contains(position) else { return nil }
                current = elements[position]
            default:
                return nil
            }
        }
        return current
    }
}
