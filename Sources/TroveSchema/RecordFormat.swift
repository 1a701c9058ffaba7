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
}
