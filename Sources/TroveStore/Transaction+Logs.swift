import TroveGit
import TroveJSON
import TroveParallel
import TroveSchema

/// What adding entries to append-only logs did.
public struct LogAppend: Sendable, Equatable {
    /// Entries that were new.
    public var added = 0
    /// Entries already in their log (the same `id`), left as they were.
    public var present = 0
    /// The log files that changed.
    public var files = 0

    public init() {}
}

extension Transaction {
    /// Adds entries to the append-only logs of `type`, each to the file its key and month pick.
    ///
    /// Every file stays sorted by `id` with one line per id, and a line already there is never
    /// changed. A long ingest calls this batch after batch in one transaction: the files the last
    /// batch touched stay in memory (appending to them is a copy), and the others go into the
    /// object database at once, leaving only their blob ids, so memory stays bounded.
    ///
    /// - Throws: `StoreError.invalidRecord` naming the first entry that breaks the schema; no file changes then.
    @discardableResult
    public mutating func appendToLog(_ entries: [JSONValue], type: String) throws -> LogAppend {
        let checker = try store.logEntryChecker(type: type)
        // Checking and encoding each entry is independent work: spread it over the cores.
        return try appendToLog(entries.concurrentMap(checker.check).map { try $0.get() })
    }

    /// Adds entries already checked (see `LogEntryChecker`), as `appendToLog(_:type:)` does.
    @discardableResult
    public mutating func appendToLog(_ entries: [CheckedLogEntry]) throws -> LogAppend {
        var byFile: [String: [(id: String, line: [UInt8])]] = [:]
        for entry in entries { byFile[entry.path, default: []].append((entry.id, entry.line)) }
        var result = LogAppend()
        for (path, new) in byFile.sorted(by: { $0.key < $1.key }) {
            var merged: [UInt8]
            var added: Int
            if let tail = logTails[path], case .write(var held)? = changes[path], new.allSatisfy({ $0.id > tail }) {
                // A file this transaction holds, and only later ids: appended in place, with no re-read.
                write(path: path, bytes: nil)  // so that `held` is the only reference and grows without a copy
                (merged, added) = Self.appending(new, to: &held)
            } else {
                let existing = try currentBytes(at: path)
                (merged, added) = Self.merge(existing: existing, new: new)
                guard added > 0 || merged != existing else { result.present += new.count; continue }
            }
            result.added += added
            result.present += new.count - added
            let body = merged.dropLast()
            let lastLine = body[((body.lastIndex(of: 0x0A) ?? -1) + 1)...]
            logTails[path] = lastLine.isEmpty ? nil : LogFile.id(of: lastLine)
            write(path: path, bytes: merged)
            result.files += 1
        }
        try storeIdleLogs(keeping: Set(byFile.keys))
        return result
    }

    /// The most bytes of log files held in memory between batches.
    static let heldLogLimit = 96 << 20

    /// Moves log files into the object database, keeping only their blob ids: every file the last
    /// batch did not touch (an ingest in time order is done with it), and all of them when the
    /// held ones pass `heldLogLimit`. So each file of a long ingest is compressed about once.
    private mutating func storeIdleLogs(keeping active: Set<String>) throws {
        let held = changes.compactMap { path, change -> (path: String, bytes: [UInt8])? in
            guard path.hasPrefix(LogFile.folder + "/"), case .write(let bytes) = change else { return nil }
            return (path, bytes)
        }
        let total = held.reduce(0) { $0 + $1.bytes.count }
        let leaving = held.filter { !active.contains($0.path) || total > Self.heldLogLimit }
        guard !leaving.isEmpty else { return }
        // As one pack: one fsync for them all, and a faster SHA-1 than loose objects get.
        let blobs = try store.repository.batchingObjectWrites { repository in try leaving.map { try repository.writeBlob($0.bytes) } }
        for (file, blob) in zip(leaving, blobs) {
            write(path: file.path, blob: blob)
            logTails[file.path] = nil
        }
    }

    /// `held` with `new` appended (every new id sorts after its last line), in id order, each id once.
    static func appending(_ new: [(id: String, line: [UInt8])], to held: inout [UInt8]) -> (bytes: [UInt8], added: Int) {
        var fresh = new
        if !zip(fresh, fresh.dropFirst()).allSatisfy({ $0.id < $1.id }) {
            var seen = Set<String>()
            fresh = fresh.sorted { $0.id < $1.id }.filter { seen.insert($0.id).inserted }
        }
        held.reserveCapacity(held.count + fresh.reduce(0) { $0 + $1.line.count })
        for entry in fresh { held.append(contentsOf: entry.line) }
        return (held, fresh.count)
    }

    /// The bytes at `path` as this transaction sees them; empty when there is no file.
    private func currentBytes(at path: String) throws -> [UInt8] {
        switch changes[path] {
        case .write(let bytes)?: return bytes
        case .stored(let blob)?: return try self.blob(blob)
        case .delete?: return []
        case nil: return try base?.entry(atPath: path).map { try store.repository.blob($0.id) } ?? []
        }
    }

    /// The lines of `existing` and `new`, one per id, sorted by id; and how many of `new` were not there.
    ///
    /// A sorted file (the normal state) is joined with the sorted new lines in one pass; a file a
    /// union merge left unsorted or doubled is sorted once first. Ids are compared as bytes,
    /// without making a string per line.
    static func merge(existing: [UInt8], new: [(id: String, line: [UInt8])]) -> (bytes: [UInt8], added: Int) {
        typealias Entry = (id: ArraySlice<UInt8>, line: ArraySlice<UInt8>)
        func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool { a.lexicographicallyPrecedes(b) }
        var old: [Entry] = []
        var sorted = true
        for line in existing.split(separator: 0x0A) where !line.isEmpty {
            let id = LogFile.idBytes(of: line) ?? line
            if let last = old.last, !precedes(last.id, id) { sorted = false }
            old.append((id, line))
        }
        if !sorted { old = uniqueByID(old) }
        var fresh: [Entry] = new.map { (Array($0.id.utf8)[...], $0.line.dropLast()) }
        fresh = uniqueByID(fresh)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(existing.count + fresh.reduce(0) { $0 + $1.line.count + 1 })
        var added = 0
        var i = 0, j = 0
        while i < old.count || j < fresh.count {
            let takeOld: Bool
            if j == fresh.count { takeOld = true } else if i == old.count { takeOld = false } else if old[i].id.elementsEqual(fresh[j].id) {
                j += 1  // already there: the line in the file stays as it is
                continue
            } else {
                takeOld = precedes(old[i].id, fresh[j].id)
            }
            let line = takeOld ? old[i].line : fresh[j].line
            if takeOld { i += 1 } else { j += 1; added += 1 }
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
        }
        return (bytes, added)
    }

    /// Sorted by id, keeping the first line of each id.
    private static func uniqueByID(_ lines: [(id: ArraySlice<UInt8>, line: ArraySlice<UInt8>)]) -> [(id: ArraySlice<UInt8>, line: ArraySlice<UInt8>)] {
        let order = lines.indices.sorted { a, b in
            lines[a].id.lexicographicallyPrecedes(lines[b].id) || (lines[a].id.elementsEqual(lines[b].id) && a < b)
        }
        var result: [(id: ArraySlice<UInt8>, line: ArraySlice<UInt8>)] = []
        result.reserveCapacity(lines.count)
        for index in order where result.last.map({ !$0.id.elementsEqual(lines[index].id) }) ?? true {
            result.append(lines[index])
        }
        return result
    }
}
