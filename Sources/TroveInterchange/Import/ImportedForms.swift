import Foundation
import TroveJSON
import TroveParallel
import TroveStore
import TroveSystem

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
    /// Each record's form as its compact canonical JSON: 100,000 forms held as values took 120 MB of a 100,000-event
    /// import, as bytes about a quarter of that (issue 25).
    private var encoded: [String: [UInt8]] = [:]
    /// Forms remembered since the last `encodePending`, encoded a part at a time on every core.
    private var pending: [String: JSONValue] = [:]
    private var head: String?
    private var changed = false

    /// The forms `store` last imported in `format` (e.g. `ics`); none when the file is missing, unreadable or stale.
    init(store: Store, format: String) throws {
        path = store.localFolder + "/imported/\(format).json"
        guard let data = FileManager.default.contents(atPath: path), let notes = try? JSONValue(parsing: Array(data)),
              let head = notes["head"]?.stringValue, let forms = notes["records"]?.objectValue
        else { return }
        self.head = head
        if try store.isCurrentWithoutUndo(since: head) { encoded = Self.encode(forms) } else { changed = true }
    }

    subscript(id: String) -> JSONValue? {
        if let form = pending[id] { return form }
        return encoded[id].flatMap { try? JSONValue(parsing: $0) }
    }

    /// Every form, decoded (tests).
    var forms: [String: JSONValue] {
        var all = encoded.compactMapValues { try? JSONValue(parsing: $0) }
        all.merge(pending) { _, new in new }
        return all
    }

    /// Remembers `fields` as the form record `id` was last imported in.
    mutating func remember(_ fields: JSONValue, for id: String) {
        pending[id] = fields
        // A part's worth at a time: held as values no longer than that.
        if pending.count >= 4_096 { encodePending() }
    }

    /// Encodes the forms remembered since the last call, on every core.
    mutating func encodePending() {
        guard !pending.isEmpty else { return }
        for (id, bytes) in Self.encode(pending) where encoded[id] != bytes {
            encoded[id] = bytes
            changed = true
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes the notes as of HEAD `head` when they or the head changed, replacing the file whole (a killed
    /// process leaves the old one); the file is written a megabyte at a time, never held whole.
    mutating func save(head newHead: String?) throws {
        encodePending()
        guard changed || newHead != head, let newHead else { return }
        let folder = FilePath.folder(of: path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(getpid())"
        FileManager.default.createFile(atPath: temporary, contents: nil)
        guard let file = FileHandle(forWritingAtPath: temporary) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary])
        }
        do {
            var bytes = Array(#"{"head":"#.utf8) + CanonicalJSON.compactLine(.string(newHead)).dropLast() + Array(#","records":{"#.utf8)
            for (number, id) in encoded.keys.sorted(by: CanonicalJSON.precedesInUTF8).enumerated() {
                if number > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += CanonicalJSON.compactLine(.string(id)).dropLast()
                bytes.append(UInt8(ascii: ":"))
                bytes += encoded[id]!
                if bytes.count >= 1 << 20 {
                    try file.write(contentsOf: bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            bytes += Array("}}\n".utf8)
            try file.write(contentsOf: bytes)
            try file.close()
        } catch {
            try? file.close()
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: reason])
        }
    }

    /// Each form's compact canonical JSON, made on every core (encoding 10,000 on one took 4 % of an import).
    static func encode(_ forms: [String: JSONValue]) -> [String: [UInt8]] {
        let ids = Array(forms.keys)
        let encodings = ids.concurrentMap(minimumChunk: 1_024) { Array(CanonicalJSON.compactLine(forms[$0]!).dropLast()) }
        return Dictionary(uniqueKeysWithValues: zip(ids, encodings))
    }
}
