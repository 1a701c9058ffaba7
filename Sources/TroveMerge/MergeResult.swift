import TroveJSON

/// A value that lost a concurrent edit, kept in the record's `conflicts` array so it can be reviewed.
///
/// In a record it is the object `{"field", "value", "clock", "peer"}` of `Formats/README.md`.
/// `field` is the member path joined by `/` with no leading slash (`title`, `location/lat`); an
/// element of a `list` array is addressed by its `id` rather than by its position
/// (`photos/0190…/caption`), so the note stays valid when the list is reordered later.
public struct MergeConflict: Sendable, Hashable {
    /// The path of the field that had two values: member names joined by `/` (list elements by `id`).
    public var field: String
    /// The losing value; `.null` when the losing side had removed the field (stored without `value`).
    public var value: JSONValue
    /// The record clock of the losing side (empty when that side had none).
    public var clock: String
    /// The peer of the losing side: the part of its clock after the last `/`.
    public var peer: String

    /// Makes a note from its four parts.
    public init(field: String, value: JSONValue, clock: String, peer: String) {
        self.field = field
        self.value = value
        self.clock = clock
        self.peer = peer
    }

    /// Reads a note back from an element of a record's `conflicts` array, or `nil` if it is not one.
    ///
    /// A note without `value` (the losing side removed the field) reads as `.null`.
    public init?(json: JSONValue) {
        guard case .object(let members) = json,
              let field = members["field"]?.stringValue,
              let clock = members["clock"]?.stringValue,
              let peer = members["peer"]?.stringValue
        else { return nil }
        self.init(field: field, value: members["value"] ?? .null, clock: clock, peer: peer)
    }

    /// The note as it is stored in a record's `conflicts` array; `value` is left out when it is `.null`.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["field": .string(field), "clock": .string(clock), "peer": .string(peer)]
        if value != .null { members["value"] = value }
        return .object(members)
    }
}

/// The outcome of a three-way record merge.
public struct MergeResult: Sendable {
    /// The merged document; its `conflicts` array already holds the notes in `conflicts`.
    public var value: JSONValue
    /// The conflict notes created by this merge (not those the records already carried), sorted.
    public var conflicts: [MergeConflict]
    /// Human-readable messages, one per `immutable` field that differs between the two sides, sorted.
    public var corruption: [String]

    /// Makes a result from its parts.
    public init(value: JSONValue, conflicts: [MergeConflict], corruption: [String]) {
        self.value = value
        self.conflicts = conflicts
        self.corruption = corruption
    }
}
