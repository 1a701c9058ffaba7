import Foundation
import TroveJSON
import TroveParallel
import TroveStore

/// What the last import of each record read from its source, before any merge with the user's edits: the base
/// of the three-way merge when the record is imported again (see `ICSImport`).
///
/// It lives in the clone's local folder (`.git/trove/imported/<format>.json`: the HEAD commit it was written at,
/// and an object of record id to the fields as imported), is never synced, and is rewritten after each import
/// that commits, or finds nothing to change. The notes are dropped when that commit is no longer on HEAD's
/// first-parent chain or an undo came since (an undone import must not count as imported). A clone without a
/// note of a record (imported on another machine, or before these notes were kept, or after an undo) takes
/// the version the last import committed in the file's form (`Store.lastWritten`: an import that merged a record
/// with edits made in the store names it in its commit, and an earlier import's version counts for it). A record
/// no import wrote has no base, so the merge treats each differing field as changed on both sides and keeps the
/// loser in `conflicts`.
struct ImportedForms {
    let path: String
    private(set) var forms: [String: JSONValue] = [:]
    private var head: String?
    private var changed = false

    /// The forms `store` last imported in `format` (e.g. `ics`); none when the file is missing, unreadable or stale.
    init(store: Store, format: String) throws {
        path = store.localFolder + "/imported/\(format).json"
        guard let data = FileManager.default.contents(atPath: path), let notes = try? JSONValue(parsing: Array(data)),
              let head = notes["head"]?.stringValue, let forms = notes["records"]?.objectValue
        else { return }
        self.head = head
        if try store.isCurrentWithoutUndo(since: head) { self.forms = forms } else { changed = true }
    }

    subscript(id: String) -> JSONValue? { forms[id] }

    /// Remembers `fields` as the form record `id` was last imported in.
    mutating func remember(_ fields: JSONValue, for id: String) {
        guard forms[id] != fields else { return }
        forms[id] = fields
        changed = true
        ahead = nil
    }

    /// Starts encoding the notes on other threads, for a `save` after the commit: the commit leaves a core idle
    /// for much of its time, and encoding 10,000 notes after it took 35 ms of a 1-second import.
    mutating func encodeAhead() {
        guard changed else { return }
        ahead = EncodedRecords(forms)
    }

    /// Writes the notes as of HEAD `head` when they or the head changed, replacing the file whole (a killed
    /// process leaves the old one).
    func save(head newHead: String?) throws {
        guard changed || newHead != head, let newHead else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var bytes = Array(#"{"head":"#.utf8) + CanonicalJSON.compactLine(.string(newHead)).dropLast() + Array(#","records":"#.utf8)
        bytes += ahead?.bytes ?? Self.encode(forms)
        bytes += Array("}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The records' object, `{"id":{…},…}`: the same bytes as `CanonicalJSON.compactLine` of it, with each
    /// record's member encoded on every core (encoding 10,000 notes on one took 4 % of an import).
    static func encode(_ forms: [String: JSONValue]) -> [UInt8] {
        let lines = CanonicalJSON.sortedKeys(forms).concurrentMap(minimumChunk: 1_024) { id in
            CanonicalJSON.compactLine(.object([id: forms[id]!])).dropFirst().dropLast(2)
        }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 } + 2)
        for (number, line) in lines.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += line
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private var ahead: EncodedRecords?

    /// `encode(forms)` made on another thread; `bytes` waits for it.
    private final class EncodedRecords: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: [UInt8] = []

        init(_ forms: [String: JSONValue]) {
            DispatchQueue.global(qos: .userInitiated).async {
                self.result = ImportedForms.encode(forms)
                self.done.signal()
            }
        }

        var bytes: [UInt8] {
            done.wait()
            defer { done.signal() }
            return result
        }
    }
}
