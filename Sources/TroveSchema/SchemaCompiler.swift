import Foundation
import TroveJSON

/// Turns schema documents into a `SchemaGraph`, resolving `$ref` within and across files.
///
/// It accepts only the keywords the validator checks, plus annotations and `x-*`
/// extensions, so a misspelt keyword in a schema is an error instead of a silently
/// weaker check.
struct SchemaCompiler {
    private let documents: SchemaDocuments
    private(set) var nodes: [SchemaNode] = []
    private var indexByLocation: [String: Int] = [:]

    /// Keywords that describe but never constrain.
    private static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples",
        "deprecated", "readOnly", "writeOnly",
    ]

    /// The formats the validator checks; any other `format` is rejected as a likely typo.
    static let knownFormats: Set<String> = ["date-time", "date", "email", "uri"]

    /// Whether patterns are compiled as they are read (see `Pattern.init(_:checking:)`).
    private let checkingPatterns: Bool

    init(documents: SchemaDocuments, checkingPatterns: Bool = true) {
        self.documents = documents
        self.checkingPatterns = checkingPatterns
    }

    /// The node for the schema at `pointer` in `file`, compiling it (and what it uses) once.
    mutating func compile(file: String, pointer: String) throws(FormatCatalogError) -> Int {
        let key = "\(file)#\(pointer)"
        if let index = indexByLocation[key] { return index }
        guard let document = try documents.document(file) else {
            throw FormatCatalogError(file: file, pointer: pointer, reason: "no such schema file")
        }
        guard let schema = JSONPointer.resolve(pointer, in: document) else {
            throw FormatCatalogError(file: file, pointer: pointer, reason: "nothing at this pointer")
        }
        // Reserve the slot first so a schema that refers back to itself finds it.
        let index = nodes.count
        nodes.append(SchemaNode(location: key))
        indexByLocation[key] = index
        nodes[index] = try build(schema, file: file, pointer: pointer)
        return index
    }

    private mutating func build(_ schema: JSONValue, file: String, pointer: String) throws(FormatCatalogError) -> SchemaNode {
        let node = SchemaNode(location: "\(file)#\(pointer)")
        if case .bool(let flag) = schema {
            node.constant = flag
            return node
        }
        guard case .object(let keywords) = schema else {
            throw FormatCatalogError(file: file, pointer: pointer, reason: "a schema must be an object or a boolean")
        }
        func fail(_ reason: String) -> FormatCatalogError {
            FormatCatalogError(file: file, pointer: pointer, reason: reason)
        }
        func sub(_ suffix: String) -> String { pointer + suffix }

        for key in CanonicalJSON.sortedKeys(keywords) {
            let value = keywords[key]!
            switch key {
            case _ where key.hasPrefix("x-"):
                node.extensions[key] = value
                if key == "x-message" {
                    guard let text = value.stringValue else { throw fail("x-message must be a string") }
                    node.message = text
                }
            case "$defs":
                guard let defs = value.objectValue else { throw fail("$defs must be an object") }
                // Compiled even when unused, so a broken definition is caught at load time.
                for name in CanonicalJSON.sortedKeys(defs) {
                    _ = try compile(file: file, pointer: JSONPointer.appending(name, to: sub("/$defs")))
                }
            case _ where Self.annotations.contains(key):
                continue
            case "$ref":
                guard let text = value.stringValue else { throw fail("$ref must be a string") }
                node.ref = try compileReference(text, from: file, at: pointer)
            case "type":
                let names = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue)
                let known: Set = ["null", "boolean", "integer", "number", "string", "array", "object"]
                guard let names, !names.isEmpty, names.allSatisfy(known.contains) else {
                    throw fail("type must name JSON types")
                }
                node.types = names
            case "const": node.constValue = value
            case "enum":
                guard let values = value.arrayValue, !values.isEmpty else { throw fail("enum must be a non-empty array") }
                node.enumValues = values
            case "properties":
                guard let members = value.objectValue else { throw fail("properties must be an object") }
                for name in CanonicalJSON.sortedKeys(members) {
                    let child = try compile(file: file, pointer: JSONPointer.appending(name, to: sub("/properties")))
                    node.properties.append((name, child))
                }
            case "required":
                guard let names = stringList(value) else { throw fail("required must be an array of strings") }
                node.required = names
            case "dependentRequired":
                guard let members = value.objectValue else { throw fail("dependentRequired must be an object") }
                for name in CanonicalJSON.sortedKeys(members) {
                    guard let needs = stringList(members[name]!) else { throw fail("dependentRequired lists strings") }
                    node.dependentRequired.append((name, needs))
                }
            case "additionalProperties": node.additionalProperties = try compile(file: file, pointer: sub("/additionalProperties"))
            case "items": node.items = try compile(file: file, pointer: sub("/items"))
            case "not": node.not = try compile(file: file, pointer: sub("/not"))
            case "if": node.ifNode = try compile(file: file, pointer: sub("/if"))
            case "then": node.thenNode = try compile(file: file, pointer: sub("/then"))
            case "else": node.elseNode = try compile(file: file, pointer: sub("/else"))
            case "allOf", "anyOf", "oneOf":
                guard let branches = value.arrayValue, !branches.isEmpty else { throw fail("\(key) must be a non-empty array") }
                var compiled: [Int] = []
                for position in branches.indices {
                    compiled.append(try compile(file: file, pointer: sub("/\(key)/\(position)")))
                }
                if key == "allOf" { node.allOf = compiled } else if key == "anyOf" { node.anyOf = compiled } else { node.oneOf = compiled }
            case "pattern":
                guard let source = value.stringValue, let pattern = try? Pattern(source, checking: checkingPatterns) else {
                    throw fail("pattern must be a valid regular expression")
                }
                node.pattern = pattern
            case "format":
                guard let name = value.stringValue, Self.knownFormats.contains(name) else {
                    throw fail("unsupported format \(CanonicalJSON.compact(value))")
                }
                node.format = name
            case "minLength", "maxLength", "minItems", "maxItems":
                guard let count = value.intValue, count >= 0 else { throw fail("\(key) must be a non-negative integer") }
                switch key {
                case "minLength": node.minLength = count
                case "maxLength": node.maxLength = count
                case "minItems": node.minItems = count
                default: node.maxItems = count
                }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                guard let bound = value.doubleValue else { throw fail("\(key) must be a number") }
                switch key {
                case "minimum": node.minimum = bound
                case "maximum": node.maximum = bound
                case "exclusiveMinimum": node.exclusiveMinimum = bound
                default: node.exclusiveMaximum = bound
                }
            case "uniqueItems":
                guard let flag = value.boolValue else { throw fail("uniqueItems must be a boolean") }
                node.uniqueItems = flag
            default:
                throw fail("unsupported keyword \"\(key)\"")
            }
        }
        return node
    }

    /// Compiles the target of a `$ref`: `#/$defs/x` in the same file, or `other.schema.json#/$defs/x`.
    private mutating func compileReference(_ reference: String, from file: String, at pointer: String) throws(FormatCatalogError) -> Int {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts[0].isEmpty ? file : String(parts[0].split(separator: "/").last ?? "")
        let raw = parts.count > 1 ? String(parts[1]) : ""
        let fragment = raw.contains("%") ? (raw.removingPercentEncoding ?? raw) : raw
        guard fragment.isEmpty || fragment.hasPrefix("/") else {
            throw FormatCatalogError(file: file, pointer: pointer, reason: "$ref \"\(reference)\": only JSON Pointer fragments are supported")
        }
        guard documents.contains(target) else {
            throw FormatCatalogError(file: file, pointer: pointer, reason: "$ref \"\(reference)\": no schema file named \(target)")
        }
        return try compile(file: target, pointer: fragment)
    }

    private func stringList(_ value: JSONValue) -> [String]? {
        guard let elements = value.arrayValue else { return nil }
        let names = elements.compactMap(\.stringValue)
        return names.count == elements.count ? names : nil
    }
}
