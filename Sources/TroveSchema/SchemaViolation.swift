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

    public init(path: String, message: String) {
        self.path = path
        self.message = message
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
