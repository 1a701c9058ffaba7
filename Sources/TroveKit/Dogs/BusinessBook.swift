import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// Recording and deleting business records: each is one commit.
public struct BusinessBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// Records a pee or poo of `dog` at `place` and `time`.
    public func record(_ kind: BusinessKind, of dog: Dog, at place: Coordinates, time: Date, note: String? = nil)
        throws -> (business: Business, result: CommitResult) {
        let (record, result) = try store.transaction(message: "\(kind == .pee ? "Pee" : "Poo") by \(dog.displayName)") { transaction in
            var fields: [String: JSONValue] = [
                "dogId": .string(dog.id), "kind": .string(kind.rawValue), "at": .string(Timestamp.string(time)),
                "location": ["lat": .double(place.latitude), "lon": .double(place.longitude)],
            ]
            if let note, !note.isEmpty { fields["note"] = .string(note) }
            return try transaction.put(.object(fields), type: RecordType.business)
        }
        return (Business(record)!, result)
    }

    /// The business record with id `id`.
    public func business(id: String) throws -> Business {
        guard let record = try store.record(id: id), let business = Business(record) else { throw DogError.unknownRecord(id) }
        return business
    }

    /// Deletes a business record (`trove undo` brings it back).
    public func remove(id: String) throws -> CommitResult {
        try store.transaction(message: "Delete business record \(id)") { transaction in
            guard try transaction.record(id: id)?.type == RecordType.business else { throw DogError.unknownRecord(id) }
            try transaction.delete(id: id)
        }.result
    }
}
