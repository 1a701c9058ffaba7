import TroveJSON
import TroveMerge

/// One record type as its schema defines it: where it lives, how it merges, and what is valid.
public struct RecordFormat: Sendable {
    /// The record's `type` value, e.g. `entry`.
    public let type: String
    /// The store directory holding its files (or, for a log, the directory under `logs/`), e.g. `entries`.
    public let collection: String
    /// The schema version, the `v` every record of this type carries.
    public let version: Int
    /// Whether this is a log line (`x-log`) kept in JSONL files rather than a record file.
    public let isLog: Bool
    /// How concurrent edits merge, field by field, from each property's `x-merge`.
    public let mergeStrategy: MergeStrategy
    /// What the SQLite index keeps of it, from its properties' `x-index` (see `IndexRoles`).
    public let indexRoles: IndexRoles
    /// The schema file, e.g. `entry.schema.json`.
    public let schemaFile: String
    /// Every property the schema declares, sorted (envelope included).
    public let fields: [String]
    /// The properties every value must have, in schema order.
    public let requiredFields: [String]
    /// For a log, the member whose value names its folder (`x-log-key`), e.g. `trackerId`.
    public let logKey: String?
    /// For a log, the timestamp member that picks its monthly file (`x-log-time`), e.g. `at`.
    public let logTimeField: String?

    let graph: SchemaGraph
    let root: Int

    /// Every way `value` fails this format's schema; empty when it is valid.
    public func validate(_ value: JSONValue) -> [SchemaViolation] {
        SchemaValidator(graph: graph).violations(of: value, against: root)
    }

    /// Whether `value` is valid, when the reasons do not matter.
    public func isValid(_ value: JSONValue) -> Bool {
        validate(value).isEmpty
    }

    /// The field-level three-way merge of two versions of one record of this type, by its fields' `x-merge`:
    /// the one merge that sync, `trove merge-driver` and a re-import (against the version last imported) run.
    public func merge(base: JSONValue?, ours: JSONValue, theirs: JSONValue) -> MergeResult {
        RecordMerge.merge(base: base, ours: ours, theirs: theirs, strategy: mergeStrategy)
    }
}

extension RecordFormat {
    /// The media hashes `value` refers to: every string where its schema uses a definition marked `"x-media": true`
    /// (the `sha256` of `common.schema.json`), such as an entry's photos or an item's photo. Sorted, each once.
    ///
    /// Read from the schema rather than listed by hand, so a new field that holds a media hash is covered by its `$ref`.
    public func mediaReferences(in value: JSONValue) -> [String] {
        var found: Set<String> = []
        MediaReferenceWalker(graph: graph).collect(value, at: root, into: &found)
        return found.sorted()
    }
}

/// Walks a value alongside its schema, collecting the strings whose schema is marked `x-media`.
private struct MediaReferenceWalker {
    let graph: SchemaGraph

    func collect(_ value: JSONValue, at index: Int, into found: inout Set<String>, depth: Int = 0) {
        // Record schemas nest a few levels; the bound only guards against a schema that refers to itself.
        guard depth < 32 else { return }
        var current: Int? = index
        var hops = 0
        while let position = current, hops < 64 {
            let node = graph[position]
            if node.extensions["x-media"] == .bool(true) {
                if let text = value.stringValue { found.insert(text) }
                return
            }
            switch value {
            case .object(let members):
                for (name, child) in node.properties {
                    if let member = members[name] { collect(member, at: child, into: &found, depth: depth + 1) }
                }
            case .array(let elements):
                if let items = node.items {
                    for element in elements { collect(element, at: items, into: &found, depth: depth + 1) }
                }
            default:
                break
            }
            for branch in node.allOf + node.anyOf + node.oneOf { collect(value, at: branch, into: &found, depth: depth + 1) }
            current = node.ref
            hops += 1
        }
    }
}
