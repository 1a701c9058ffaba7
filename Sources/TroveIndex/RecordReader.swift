import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// Reads and parses the records named by a list of changes, a chunk ahead of the caller, on a second thread.
///
/// Reading a blob from git, inflating it and parsing its JSON costs about as much as writing
/// its rows to SQLite, so a rebuild overlaps the two. Memory stays bounded: at most two
/// chunks are parsed ahead.
struct RecordReader {
    /// What the index keeps of one change: its fields and blob, or `nil` for a deleted or unreadable record.
    typealias Parsed = (fields: IndexedFields, blob: String)?

    let store: Store
    let changes: [RecordChange]
    /// The changes' bytes when the caller has them (an import's feed), in the order of `changes`: then nothing
    /// is read from git, and they are parsed on the calling thread.
    var bytes: [[UInt8]?]? = nil
    let chunkSize = 256

    /// Parses one change; a file that is not a JSON object is left out (`trove check` names it).
    static func parse(_ change: RecordChange, in store: Store) -> Parsed {
        guard let blob = change.blob else { return nil }
        return parse(change, bytes: store.blobBytes(blob), in: store)
    }

    /// Parses one change from the bytes of its blob.
    static func parse(_ change: RecordChange, bytes: [UInt8]?, in store: Store) -> Parsed {
        guard let blob = change.blob, let value = bytes.flatMap({ try? JSONValue(parsing: $0) }), value.objectValue != nil,
              let fields = IndexedFields(id: change.id, type: change.type, value: value,
                                         roles: store.formats.format(for: change.type)?.indexRoles ?? .none)
        else { return nil }
        return (fields, blob)
    }

    /// The record in blob `blob`, or `nil` when the blob is missing or not a JSON object.
    static func record(_ blob: String, in store: Store) -> JSONValue? {
        guard let value = store.blobBytes(blob).flatMap({ try? JSONValue(parsing: $0) }), value.objectValue != nil else { return nil }
        return value
    }

    /// Calls `body` with each change's parsed record, in order, on the calling thread.
    ///
    /// `meanwhile` runs first, on the calling thread, while the reader thread starts on the first
    /// chunks; it must not use the store.
    func forEach(meanwhile: () throws -> Void = {}, _ body: (Int, Parsed) throws -> Void) throws {
        if let bytes {
            try meanwhile()
            for (number, change) in changes.enumerated() { try body(number, Self.parse(change, bytes: bytes[number], in: store)) }
            return
        }
        // Small batches are not worth a thread.
        guard changes.count > chunkSize else {
            try meanwhile()
            for (number, change) in changes.enumerated() { try body(number, Self.parse(change, in: store)) }
            return
        }
        let chunks = stride(from: 0, to: changes.count, by: chunkSize).map { $0..<min($0 + chunkSize, changes.count) }
        // At most two chunks are parsed ahead.
        let handoff = Handoff<[Parsed]>(capacity: 2)
        // The reader thread is the only user of the store's repository until it has been joined.
        let context = UncheckedBox((store, changes, chunks))
        let reader = BackgroundThread {
            let (store, changes, chunks) = context.value
            defer { handoff.close() }
            for range in chunks {
                guard handoff.put(changes[range].map { RecordReader.parse($0, in: store) }) else { return }
            }
        }
        defer {
            handoff.abandon()
            try? reader.wait()
        }
        try meanwhile()
        for range in chunks {
            guard let chunk = handoff.take() else { preconditionFailure("the reader thread stopped before the last chunk") }
            for (offset, parsed) in chunk.enumerated() { try body(range.lowerBound + offset, parsed) }
        }
    }
}
