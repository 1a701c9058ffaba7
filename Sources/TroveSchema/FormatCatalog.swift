import Foundation
import TroveFormats
import TroveJSON

/// The record formats of Trove, read from the JSON Schemas under `Formats/schemas/`.
///
/// Every schema with an `x-type` becomes a `RecordFormat`; other files (such as
/// `common.schema.json`) only supply definitions for `$ref`.
public struct FormatCatalog: Sendable {
    /// The formats compiled into the binary.
    ///
    /// Each schema is parsed and compiled when its type is first used (only the header of each file is read at
    /// the start): compiling all 23 at every start took a tenth of a one-record command's time, and most commands
    /// use three or four. A test compiles them all, checking
    /// every regular expression (`SchemaFileTests`), so a bad bundled schema fails the build's tests, not a user.
    public static let bundled: FormatCatalog = {
        do {
            return try FormatCatalog(files: BundledFormats.files, checkingPatterns: false, compiling: .whenUsed)
        } catch {
            // The bundled schemas are tested; failing here means a broken build, not bad input.
            fatalError("Trove's bundled record schemas are invalid: \(error)")
        }
    }()

    /// When a catalog compiles its schemas.
    public enum Compiling: Sendable {
        /// All of them, as it is made: any problem is thrown then.
        case now
        /// Each on its type's first use; a problem then is a broken build (`bundled`).
        case whenUsed
    }

    private let summaries: [String: FormatSummary]
    private let typeByCollection: [String: String]
    private let compiled: CompiledFormats

    /// Parses and compiles schema files given as `file name → bytes`.
    ///
    /// Throws `FormatCatalogError` naming the file and place of the first problem:
    /// bad JSON, an unsupported keyword, a dangling `$ref`, a property without `x-merge`,
    /// or two schemas claiming one type or collection.
    ///
    /// - Parameter checkingPatterns: compile every regular expression now, so that a bad one is an error
    ///   here rather than a pattern that matches nothing.
    public init(files: [String: [UInt8]], checkingPatterns: Bool = true, compiling: Compiling = .now) throws {
        let documents = SchemaDocuments(files: files)
        var summaries: [String: FormatSummary] = [:]
        var typeByCollection: [String: String] = [:]
        for name in documents.names {
            // Compiled when used, a file is read whole only then; its header is all a summary needs.
            let root: JSONValue = switch compiling {
            case .now: try documents.document(name)!
            case .whenUsed: .object(try documents.rootMembers(FormatSummary.members, of: name))
            }
            guard let summary = try FormatSummary(file: name, root: root) else { continue }
            if let other = summaries[summary.type] {
                throw FormatCatalogError(file: name, pointer: "", reason: "type \"\(summary.type)\" is also defined by \(other.schemaFile)")
            }
            if let other = typeByCollection[summary.collection] {
                throw FormatCatalogError(file: name, pointer: "", reason: "collection \"\(summary.collection)\" is also used by \(summaries[other]!.schemaFile)")
            }
            summaries[summary.type] = summary
            typeByCollection[summary.collection] = summary.type
        }
        self.summaries = summaries
        self.typeByCollection = typeByCollection
        compiled = CompiledFormats(documents: documents, checkingPatterns: checkingPatterns)
        if case .now = compiling {
            // One compiler for every file, so that a problem in a definitions-only file is found too.
            var compiler = SchemaCompiler(documents: documents, checkingPatterns: checkingPatterns)
            var roots: [String: Int] = [:]
            for name in documents.names { roots[name] = try compiler.compile(file: name, pointer: "") }
            let graph = SchemaGraph(nodes: compiler.nodes)
            for summary in summaries.values {
                compiled.store(try Self.format(file: summary.schemaFile, root: roots[summary.schemaFile]!, graph: graph)!)
            }
        }
    }

    /// Every record type, log types included, sorted.
    public var types: [String] { summaries.keys.sorted() }

    /// What each schema's root says of its type (its type, folder and whether it is a log), without compiling it.
    public var formatSummaries: [FormatSummary] { summaries.values.sorted { $0.type < $1.type } }

    /// What the schema of `type` says of it (its folder, whether it is a log), without compiling the schema.
    public func summary(for type: String) -> FormatSummary? { summaries[type] }

    /// The format of records whose `type` is `type`.
    public func format(for type: String) -> RecordFormat? {
        guard let summary = summaries[type] else { return nil }
        return compiled.format(of: summary)
    }

    /// The format stored in the directory `collection` (for logs, `logs/<collection>`).
    public func format(forCollection collection: String) -> RecordFormat? {
        typeByCollection[collection].flatMap(format(for:))
    }

    /// Validates a record by its own `type` member; an unknown or missing type is a violation.
    public func validate(record: JSONValue) -> [SchemaViolation] {
        guard case .object(let members) = record else {
            return [SchemaViolation(path: "", message: "expected object, found \(record.typeName)")]
        }
        guard let typeValue = members["type"] else { return [.missing("type", in: "")] }
        guard let type = typeValue.stringValue, summaries[type]?.isLog == false, let format = format(for: type) else {
            return [SchemaViolation(path: "/type", message: "unknown record type \(CanonicalJSON.compact(typeValue))")]
        }
        return format.validate(record)
    }

    /// The record format a schema file defines, or `nil` for a definitions-only file.
    static func format(file: String, root: Int, graph: SchemaGraph) throws(FormatCatalogError) -> RecordFormat? {
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

/// What a record schema's root says of its type, read without compiling the schema.
public struct FormatSummary: Sendable, Equatable {
    /// The record's `type` value, e.g. `entry`.
    public let type: String
    /// The store directory holding its files (or, for a log, the directory under `logs/`), e.g. `entries`.
    public let collection: String
    /// Whether this is a log line (`x-log`) kept in JSONL files rather than a record file.
    public let isLog: Bool
    /// The schema file, e.g. `entry.schema.json`.
    public let schemaFile: String

    /// The root members a summary reads.
    static let members: Set<String> = ["x-type", "x-collection", "x-log"]

    /// The summary of schema file `file`; `nil` for a definitions-only file (no `x-type`).
    init?(file: String, root: JSONValue) throws(FormatCatalogError) {
        func fail(_ reason: String) -> FormatCatalogError { FormatCatalogError(file: file, pointer: "", reason: reason) }
        guard let typeValue = root["x-type"] else { return nil }
        guard let type = typeValue.stringValue, !type.isEmpty else { throw fail("x-type must be a non-empty string") }
        guard let collection = root["x-collection"]?.stringValue, !collection.isEmpty else {
            throw fail("x-collection must be a non-empty string")
        }
        self.type = type
        self.collection = collection
        isLog = root["x-log"]?.boolValue ?? false
        schemaFile = file
    }
}

/// The formats compiled so far, shared by every copy of a catalog; each is compiled once, under a lock.
private final class CompiledFormats: @unchecked Sendable {
    private let lock = NSLock()
    private var formats: [String: RecordFormat] = [:]
    private let documents: SchemaDocuments
    private let checkingPatterns: Bool

    init(documents: SchemaDocuments, checkingPatterns: Bool) {
        self.documents = documents
        self.checkingPatterns = checkingPatterns
    }

    func store(_ format: RecordFormat) {
        lock.withLock { formats[format.type] = format }
    }

    func format(of summary: FormatSummary) -> RecordFormat {
        lock.withLock {
            if let format = formats[summary.type] { return format }
            do {
                var compiler = SchemaCompiler(documents: documents, checkingPatterns: checkingPatterns)
                let root = try compiler.compile(file: summary.schemaFile, pointer: "")
                guard let format = try FormatCatalog.format(file: summary.schemaFile, root: root, graph: SchemaGraph(nodes: compiler.nodes)) else {
                    fatalError("\(summary.schemaFile) lost its x-type")
                }
                formats[summary.type] = format
                return format
            } catch {
                // Only a catalog compiled `.whenUsed` gets here: the bundled one, whose schemas the tests compile.
                fatalError("Trove's bundled record schemas are invalid: \(error)")
            }
        }
    }
}
