import Foundation
import TroveJSON
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
    let chunkSize = 256

    /// Parses one change; a file that is not a JSON object is left out (`trove check` names it).
    static func parse(_ change: RecordChange, in store: Store) -> Parsed {
        guard let blob = change.blob, let value = record(blob, in: store),
              let fields = IndexedFields(id: change.id, type: change.type, value: value)
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
        // Small batches are not worth a thread.
        guard changes.count > chunkSize else {
            try meanwhile()
            for (number, change) in changes.enumerated() { try body(number, Self.parse(change, in: store)) }
            return
        }
        let chunks = stride(from: 0, to: changes.count, by: chunkSize).map { $0..<min($0 + chunkSize, changes.count) }
        let shared = SharedChunks()
        // The reader thread is the only user of the store's repository until `forEach` returns.
        let context = UncheckedBox((store, changes, chunks))
        let reader = Thread {
            let (store, changes, chunks) = context.value
            for (index, range) in chunks.enumerated() {
                guard shared.waitForRoom() else { return }
                shared.put(index, changes[range].map { RecordReader.parse($0, in: store) })
            }
        }
        reader.start()
        defer { shared.finish() }
        try meanwhile()
        for (index, range) in chunks.enumerated() {
            for (offset, parsed) in shared.take(index).enumerated() { try body(range.lowerBound + offset, parsed) }
        }
    }
}

/// Parsed chunks handed from the reader thread to the writer, at most two ahead.
private final class SharedChunks: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [Int: [RecordReader.Parsed]] = [:]
    private var cancelled = false
    private let room = DispatchSemaphore(value: 2)

    /// Blocks until fewer than two chunks wait; `false` once the consumer has gone.
    func waitForRoom() -> Bool {
        room.wait()
        condition.lock(); defer { condition.unlock() }
        return !cancelled
    }

    func put(_ index: Int, _ chunk: [RecordReader.Parsed]) {
        condition.lock()
        ready[index] = chunk
        condition.broadcast()
        condition.unlock()
    }

    func take(_ index: Int) -> [RecordReader.Parsed] {
        condition.lock()
        while ready[index] == nil { condition.wait() }
        let chunk = ready.removeValue(forKey: index)!
        condition.unlock()
        room.signal()
        return chunk
    }

    /// Lets the reader thread stop if the consumer failed part way.
    func finish() {
        condition.lock()
        cancelled = true
        condition.unlock()
        room.signal()
        room.signal()
    }
}

/// Carries a value the compiler cannot prove safe into a thread that is its only user.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
