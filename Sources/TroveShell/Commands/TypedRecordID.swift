import TroveIndex
import TroveKit
import TroveStore

/// A record id as typed on the command line: the whole id, or a unique start or end of it as listings show.
enum TypedRecordID {
    /// The full id `given` stands for in `store`; a full id is taken as it is, since a record may be gone
    /// from the store now and still be in its history.
    static func resolve(_ given: String, in store: Store) throws -> String {
        let lowered = given.lowercased()
        if RecordID.isValid(lowered) { return lowered }
        return try RecordLookup.id(lowered, in: RecordIndex(store: store), unknown: StoreError.recordNotFound(id: given),
                                   ambiguous: { ambiguous(given, matches: $0) })
    }

    /// The error for a short id that fits several records.
    static func ambiguous(_ given: String, matches: Int) -> CommandFailure {
        CommandFailure(message: "\(matches) records have ids starting or ending with \(given): give more of the id")
    }
}
