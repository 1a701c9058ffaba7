import Foundation
import TroveJSON

/// Paths and documents of the package's `Formats/` folder, for tests.
enum Fixtures {
    /// The package root, found from this file's path (Tests/TroveSchemaTests/Fixtures.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemasDirectory = packageRoot.appendingPathComponent("Formats/schemas")
    static let examplesDirectory = packageRoot.appendingPathComponent("Formats/examples")

    /// The names of the files in `directory` ending in `.json`, sorted.
    static func jsonFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// The example of record type `type`, parsed.
    static func example(_ type: String) throws -> JSONValue {
        try JSONValue(parsing: bytes(examplesDirectory.appendingPathComponent("\(type).json")))
    }

    /// Every schema file, parsed, by file name.
    static func schemas() throws -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for name in try jsonFiles(in: schemasDirectory) {
            result[name] = try JSONValue(parsing: bytes(schemasDirectory.appendingPathComponent(name)))
        }
        return result
    }
}

extension JSONValue {
    /// A copy with the member or element at `path` replaced, or removed when `newValue` is nil.
    func setting(_ path: [String], to newValue: JSONValue?) -> JSONValue {
        guard let first = path.first else { return newValue ?? .null }
        let rest = Array(path.dropFirst())
        switch self {
        case .object(var members):
            if rest.isEmpty {
                members[first] = newValue
            } else {
                members[first] = (members[first] ?? .object([:])).setting(rest, to: newValue)
            }
            return .object(members)
        case .array(var elements):
            guard let position = Int(first), elements.indices.contains(position) else { return self }
            if rest.isEmpty {
                if let newValue { elements[position] = newValue } else { elements.remove(at: position) }
            } else {
                elements[position] = elements[position].setting(rest, to: newValue)
            }
            return .array(elements)
        default:
            return self
        }
    }

    /// `setting` with a slash-separated path, e.g. `"location/lat"`.
    func setting(_ path: String, to newValue: JSONValue?) -> JSONValue {
        setting(path.split(separator: "/").map(String.init), to: newValue)
    }
}
