import Foundation
import TroveGit
import TroveJSON

/// The newest line of each log file, remembered by the file's blob id in `.git/trove/log-latest.json`.
///
/// Finding it means reading the whole monthly file (megabytes for a busy tracker), and `item
/// locate` asks for it every time. A blob id names exact content, so an entry is either right
/// or not used: a changed file has another id and is read again. Local only, never synced; a
/// missing or unreadable cache is an empty one.
struct LogLatestCache {
    let file: String

    init(local: LocalState) { file = local.folder + "/log-latest.json" }

    /// The newest line remembered for `blob`, if any.
    func line(for blob: ObjectID) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: file),
              let entries = try? JSONValue(parsing: Array(data)), let line = entries[blob.hex]?.stringValue
        else { return nil }
        return Array(line.utf8)
    }

    /// The most entries kept; past it the cache starts again (old entries are only ever unused, never wrong).
    static let limit = 1_024

    /// Remembers `line` for `blob`.
    func remember(_ line: [UInt8], for blob: ObjectID) {
        var entries = FileManager.default.contents(atPath: file).flatMap { try? JSONValue(parsing: Array($0)) }?.objectValue ?? [:]
        if entries.count >= Self.limit { entries = [:] }
        entries[blob.hex] = .string(String(decoding: line, as: UTF8.self))
        // A cache: failing to write it costs only speed.
        try? LocalState.writeAtomically(CanonicalJSON.encode(.object(entries)), to: file)
    }
}
