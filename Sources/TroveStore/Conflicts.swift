import Foundation
import TroveJSON
import TroveMerge

/// A value that lost a merge and is kept in its record, waiting for review.
public struct KeptConflict: Sendable, Equatable {
    public var recordID: String
    public var recordType: String
    public var label: String?
    /// The field path, member names joined by `/` (`name`, `location/lat`), or `record` for a whole record.
    public var field: String
    /// The current (winning) value, `nil` when absent.
    public var current: JSONValue?
    /// The losing value, `nil` when the losing side had removed the field or the record.
    public var kept: JSONValue?
    public var clock: String
    public var peer: String
}

extension Store {
    /// Every kept loser in every record at HEAD.
    public func conflicts() throws -> [KeptConflict] {
        try formats.recordTypes.flatMap { type in
            try records(ofType: type).flatMap { conflicts(in: $0) }
        }
    }

    /// The kept losers of one record.
    public func conflicts(in record: Record) -> [KeptConflict] {
        (record.value["conflicts"]?.arrayValue ?? []).compactMap { note in
            guard let field = note["field"]?.stringValue else { return nil }
            return KeptConflict(
                recordID: record.id, recordType: record.type, label: record.label, field: field,
                current: Self.value(at: field, in: record.value), kept: note["value"],
                clock: note["clock"]?.stringValue ?? "", peer: note["peer"]?.stringValue ?? "")
        }
    }

    /// Resolves the notes on `field` of record `id`: keeps the current value, the kept loser, or a new value.
    public func resolveConflict(id: String, field: String, choice: ConflictChoice) throws -> CommitResult {
        try transaction { transaction in
            guard let record = try transaction.record(id: id) else { throw StoreError.recordNotFound(id: id) }
            let notes = conflicts(in: record).filter { $0.field == field }
            guard let note = notes.last else { throw StoreError.noConflict(id: id, field: field) }
            var value = record.value
            switch choice {
            case .current: break
            case .kept: value = Self.setting(field, to: note.kept, in: value)
            case .value(let new): value = Self.setting(field, to: new, in: value)
            }
            let remaining = (value["conflicts"]?.arrayValue ?? []).filter { $0["field"]?.stringValue != field }
            value["conflicts"] = .array(remaining)
            try transaction.put(value, type: record.type)
            transaction.message = "Resolve \(record.type) \(record.label.map { "\"\($0)\"" } ?? id) \(field)"
        }.result
    }

    static func value(at field: String, in record: JSONValue) -> JSONValue? {
        field.split(separator: "/").reduce(Optional(record)) { value, key in value?[String(key)] }
    }

    static func setting(_ field: String, to new: JSONValue?, in record: JSONValue) -> JSONValue {
        let keys = field.split(separator: "/").map(String.init)
        func set(_ value: JSONValue, _ keys: ArraySlice<String>) -> JSONValue {
            guard let key = keys.first, case .object(var members) = value else { return new ?? .null }
            members[key] = keys.count == 1 ? new : set(members[key] ?? .object([:]), keys.dropFirst())
            return .object(members)
        }
        return field == "record" ? record : set(record, keys[...])
    }
}

/// Which value `resolveConflict` keeps.
public enum ConflictChoice: Sendable, Equatable {
    /// The value the merge chose ("ours").
    case current
    /// The losing value the merge kept ("theirs").
    case kept
    /// A value typed by the user.
    case value(JSONValue)
}
