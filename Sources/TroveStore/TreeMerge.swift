import Foundation
import TroveGit
import TroveJSON
import TroveMerge

/// What a three-way merge of two store trees decided.
struct TreeMergePlan {
    /// Changes to apply to our tree: bytes to write, or `nil` to delete.
    var changes: [String: [UInt8]?] = [:]
    /// Records merged field by field.
    var mergedRecords = 0
    /// Losing values newly kept in records' `conflicts`.
    var conflictsKept = 0
    /// Files that came in unreadable or invalid, kept as they came.
    var invalidFiles: [String] = []
    /// Immutable fields that differ between the sides.
    var corruption: [String] = []

    /// Records the outcome for `path`; `nil` means delete (a plain subscript would drop the key instead).
    mutating func set(_ path: String, _ bytes: [UInt8]?) {
        changes.updateValue(bytes, forKey: path)
    }
}

/// A three-way merge of store trees, by path, from the two sides' diffs against their merge base.
///
/// Only paths changed on both sides need work; they go through the field-level
/// record merge, the union of log lines, or content-addressed identity. The result
/// is the same whichever side is "ours", so every peer reaches the same tree.
struct TreeMerge {
    let store: Store
    var repository: Repository { store.repository }

    func plan(base: Tree?, ours: Tree, theirs: Tree) throws -> TreeMergePlan {
        var plan = TreeMergePlan()
        let ourChanges = Dictionary(try repository.diff(from: base, to: ours).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for their in try repository.diff(from: base, to: theirs) {
            guard let our = ourChanges[their.path] else {
                plan.set(their.path, try their.newID.map { try repository.blob($0) })
                if let newID = their.newID { noteInvalid(their.path, try repository.blob(newID), into: &plan) }
                continue
            }
            if our.newID == their.newID { continue }
            try resolve(path: their.path, base: their.oldID, ours: our.newID, theirs: their.newID, into: &plan)
        }
        return plan
    }

    private func resolve(path: String, base: ObjectID?, ours: ObjectID?, theirs: ObjectID?, into plan: inout TreeMergePlan) throws {
        switch store.classify(path) {
        case .record(let type, _):
            guard let format = store.formats.format(for: type) else { fallthrough }
            let baseValue = base.flatMap { try? JSONValue(parsing: repository.blob($0)) }
            let ourBytes = try ours.map { try repository.blob($0) }
            let theirBytes = try theirs.map { try repository.blob($0) }
            let ourValue = ourBytes.flatMap { try? JSONValue(parsing: $0) }
            let theirValue = theirBytes.flatMap { try? JSONValue(parsing: $0) }
            switch (ourValue, theirValue) {
            case let (ourValue?, theirValue?):
                let result = format.merge(base: baseValue, ours: ourValue, theirs: theirValue)
                plan.set(path, CanonicalJSON.encode(result.value))
                if !format.validate(result.value).isEmpty { plan.invalidFiles.append(path) }
                plan.mergedRecords += 1
                plan.conflictsKept += result.conflicts.count
                plan.corruption += result.corruption.map { "\(path): \($0)" }
            case let (kept?, nil), let (nil, kept?):
                // Edit against delete: the edit wins; a side that is unreadable is kept as a note, never dropped.
                let lostBytes = ourValue == nil ? ourBytes : theirBytes
                plan.set(path, CanonicalJSON.encode(noting(lost: lostBytes, in: kept)))
                plan.conflictsKept += 1
                if lostBytes != nil { plan.invalidFiles.append(path) }
            case (nil, nil):
                // Neither side parses: keep both texts' winner by id order, deterministically.
                plan.set(path, [ourBytes, theirBytes].compactMap { $0 }.max { $0.lexicographicallyPrecedes($1) })
                plan.invalidFiles.append(path)
            }
        case .log:
            plan.set(path, try unionOfLines([ours, theirs].compactMap { $0 }.map { try repository.blob($0) }))
        case .media, .storeFile, .foreign:
            // Content-addressed or Trove-written: identical in practice; pick deterministically.
            let winner = [ours, theirs].compactMap { $0 }.max()
            plan.set(path, try winner.map { try repository.blob($0) })
        }
    }

    /// Keeps a record whose other side was deleted (`lost == nil`) or unreadable, with a note saying so.
    private func noting(lost: [UInt8]?, in record: JSONValue) -> JSONValue {
        var record = record
        let clock = record["clock"]?.stringValue ?? "1970-01-01T00:00:00.000Z/0000/unknown"
        var note: [String: JSONValue] = ["field": "record", "clock": .string(clock), "peer": "unknown"]
        if let lost { note["value"] = .string(String(decoding: lost, as: UTF8.self)) }
        let existing = record["conflicts"]?.arrayValue ?? []
        record["conflicts"] = .array(existing + [.object(note)])
        return record
    }

    private func noteInvalid(_ path: String, _ bytes: [UInt8], into plan: inout TreeMergePlan) {
        guard case .record(let type, _) = store.classify(path) else { return }
        guard let value = try? JSONValue(parsing: bytes), store.formats.format(for: type)?.validate(value).isEmpty == true else {
            plan.invalidFiles.append(path)
            return
        }
    }

    /// The union of JSON lines from every side, one per `id`, sorted by `id`.
    private func unionOfLines(_ files: [[UInt8]]) throws -> [UInt8] {
        var byKey: [String: String] = [:]
        for file in files {
            for line in file.split(separator: 0x0A) where !line.isEmpty {
                let text = String(decoding: line, as: UTF8.self)
                let key = (try? JSONValue(parsing: Array(line)))?["id"]?.stringValue ?? text
                byKey[key] = max(byKey[key] ?? text, text)
            }
        }
        let lines = byKey.keys.sorted().map { byKey[$0]! }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }
}
