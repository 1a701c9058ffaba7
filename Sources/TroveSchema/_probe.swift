// Provisional: replaced by the real catalog from the `formats` branch.
import TroveJSON
import TroveMerge

public struct SchemaViolation: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { path.isEmpty ? "record: \(message)" : "\(path): \(message)" }
}

public struct RecordFormat: Sendable {
    public let type: String
    public let collection: String
    public let version: Int
    public let isLog: Bool
    public let mergeStrategy: MergeStrategy
    public func validate(_ value: JSONValue) -> [SchemaViolation] {
        guard value.objectValue != nil else { return [SchemaViolation(path: "", message: "expected object")] }
        if let text = value["text"], text.stringValue == nil { return [SchemaViolation(path: "/text", message: "expected string, found \(text.typeName)")] }
        return []
    }
}

public struct FormatCatalog: Sendable {
    public static let bundled = FormatCatalog()
    let formats: [String: RecordFormat]
    init() {
        let pairs = [("entry", "entries"), ("journal", "journals"), ("dog", "dogs"), ("item", "items")]
        formats = Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, RecordFormat(type: $0.0, collection: $0.1, version: 1, isLog: false, mergeStrategy: .object(fields: [:], otherFields: .lww))) })
    }
    public var types: [String] { formats.keys.sorted() }
    public func format(for type: String) -> RecordFormat? { formats[type] }
    public func format(forCollection collection: String) -> RecordFormat? { formats.values.first { $0.collection == collection } }
}
