import TroveFormats
import TroveJSON

/// The record formats of Trove, read from the JSON Schemas under `Formats/schemas/`.
///
/// Every schema with an `x-type` becomes a `RecordFormat`; other files (such as
/// `common.schema.json`) only supply definitions for `$ref`.
public struct FormatCatalog: Sendable {
    /// The formats compiled into the binary, parsed once on first use.
    ///
    /// Their regular expressions are compiled when first matched: a test compiles them all (`checkingPatterns`).
    public static let bundled: FormatCatalog = {
        do {
            return try FormatCatalog(files: BundledFormats.files, checkingPatterns: false)
        } catch {
            // The bundled schemas are tested; failing here means a broken build, not bad input.
            fatalError("Trove's bundled record schemas are invalid: \(error)")
        }
    }()

    private let byType: [String: RecordFormat]
    private let byCollection: [String: RecordFormat]

    /// Parses and compiles schema files given as `file name → bytes`.
    ///
    /// Throws `FormatCatalogError` naming the file and place of the first problem:
    /// bad JSON, an unsupported keyword, a dangling `$ref`, a property without `x-merge`,
    /// or two schemas claiming one type or collection.
    ///
    /// - Parameter checkingPatterns: compile every regular expression now, so that a bad one is an error
    ///   here rather than a pattern that matches nothing.
    public init(files: [String: [UInt8]], checkingPatterns: Bool = true) throws {
        var documents: [String: JSONValue] = [:]
        for (name, bytes) in files {
            do {
                documents[name] = try JSONValue(parsing: bytes)
            } catch {
                throw FormatCatalogError(file: name, pointer: "", reason: error.description)
            }
        }
        var compiler = SchemaCompiler(documents: documents, checkingPatterns: checkingPatterns)
        var roots: [(file: String, node: Int)] = []
        for name in documents.keys.sorted() {
            roots.append((name, try compiler.compile(file: name, pointer: "")))
        }
        let graph = SchemaGraph(nodes: compiler.nodes)

        var byType: [String: RecordFormat] = [:]
        var byCollection: [String: RecordFormat] = [:]
        for (file, root) in roots {
            guard let format = try Self.format(file: file, root: root, graph: graph) else { continue }
            if let other = byType[format.type] {
                throw FormatCatalogError(file: file, pointer: "", reason: "type \"\(format.type)\" is also defined by \(other.schemaFile)")
            }
            if let other = byCollection[format.collection] {
                throw FormatCatalogError(file: file, pointer: "", reason: "collection \"\(format.collection)\" is also used by \(other.schemaFile)")
            }
            byType[format.type] = format
            byCollection[format.collection] = format
        }
        self.byType = byType
        self.byCollection = byCollection
    }

    /// Every record type, log types included, sorted.
    public var types: [String] { byType.keys.sorted() }

    /// The format of records whose `type` is `type`.
    public func format(for type: String) -> RecordFormat? { byType[type] }

    /// The format stored in the directory `collection` (for logs, `logs/<collection>`).
    public func format(forCollection collection: String) -> RecordFormat? { byCollection[collection] }

    /// Validates a record by its own `type` member; an unknown or missing type is a violation.
    public func validate(record: JSONValue) -> [SchemaViolation] {
        guard case .object(let members) = record else {
            return [SchemaViolation(path: "", message: "expected object, found \(record.typeName)")]
        }
        guard let typeValue = members["type"] else { return [.missing("type", in: "")] }
        guard let type = typeValue.stringValue, let format = byType[type], !format.isLog else {
            return [SchemaViolation(path: "/type", message: "unknown record type \(CanonicalJSON.compact(typeValue))")]
        }
        return format.validate(record)
    }

    /// The record format a schema file defines, or `nil` for a definitions-only file.
    private static func format(file: String, root: Int, graph: SchemaGraph) throws(FormatCatalogError) -> RecordFormat? {
        let node = graph[root]
        func fail(_ reason: String) -> FormatCatalogError { FormatCatalogError(file: file, pointer: "", reason: reason) }
        guard let typeValue = node.extensions["x-type"] else { return nil }
        guard let type = typeValue.stringValue, !type.isEmpty else { throw fail("x-type must be a non-empty string") }
        guard let collection = node.extensions["x-collection"]?.stringValue, !collection.isEmpty else {
            throw fail("x-collection must be a non-empty string")
        }
        guard let version = node.extensions["x-version"]?.intValue, version >= 1 else {
            throw fail("x-version must be a positive integer")
        }
        let isLog = node.extensions["x-log"]?.boolValue ?? false
        guard node.types == ["object"], node.additionalProperties.map({ graph[$0].constant == false }) == true else {
            throw fail("a record schema must be an object with \"additionalProperties\": false")
        }
        if !isLog {
            // The envelope must agree with the header, or records would name a type no schema has.
            guard let typeNode = node.property("type"), graph[typeNode].constValue == .string(type) else {
                throw fail("properties.type must be {\"const\": \"\(type)\"}")
            }
            guard let versionNode = node.property("v"), graph[versionNode].constValue == .integer(version) else {
                throw fail("properties.v must be {\"const\": \(version)}")
            }
        }
        let strategy = try MergeStrategyReader(graph: graph).objectStrategy(at: root, file: file)
        let indexRoles = try IndexRoles.read(root: root, graph: graph, file: file)
        return RecordFormat(
            type: type, collection: collection, version: version, isLog: isLog, mergeStrategy: strategy, indexRoles: indexRoles,
            schemaFile: file, fields: node.properties.map(\.name).sorted(), requiredFields: node.required,
            logKey: node.extensions["x-log-key"]?.stringValue, logTimeField: node.extensions["x-log-time"]?.stringValue,
            graph: graph, root: root)
    }
}
