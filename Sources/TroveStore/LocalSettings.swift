import Foundation
import TroveJSON
import TroveSystem

/// Small settings that belong to one clone and are never synced, in `.git/trove/state.json`:
/// the selected dog or journal, the last calendar view, the current location, and so on.
///
/// Reading needs no open store (the shell's prompt reads it before every line); writes replace
/// the file atomically, so a killed process leaves the old settings or the new, never half of them.
public struct LocalSettings: Sendable {
    /// The settings file.
    public let path: String

    /// The settings of the store at `storePath`.
    public init(storePath: String) {
        path = LocalState.folder(ofStoreAt: storePath) + "/state.json"
    }

    /// Every setting; an empty object when there is no file or it does not parse.
    public func all() -> [String: JSONValue] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONValue(parsing: Array(data)))?.objectValue ?? [:]
    }

    /// One setting, or nil.
    public func value(_ key: String) -> JSONValue? { all()[key] }

    /// Sets (or, with nil, removes) one setting.
    public func set(_ key: String, _ value: JSONValue?) throws {
        var settings = all()
        // Most writes repeat what is there (the journal of the last entry): no write, no fsync.
        guard settings[key] != value else { return }
        settings[key] = value
        let folder = FilePath.folder(of: path)
        guard FileManager.default.fileExists(atPath: folder) else { throw StoreError.notAStore(path: folder) }
        try LocalState.writeAtomically(CanonicalJSON.encode(.object(settings)), to: path)
    }
}
