import Foundation
import TroveJSON
import TroveStore

/// What the last import of each record read from its source, before any merge with the user's edits: the base
/// of the three-way merge when the record is imported again (see `ICSImport`).
///
/// It lives in the clone's local folder (`.git/trove/imported/<format>.json`, one object of record id to the
/// fields as imported), is never synced, and is rewritten after each import that commits, or finds nothing
/// to change. A clone without a note of a record (imported on another machine, or before these notes were kept)
/// takes the version the last import committed (`Store.lastWritten`); a record no import wrote has no base,
/// so the merge treats each differing field as changed on both sides and keeps the loser in `conflicts`.
struct ImportedForms {
    let path: String
    private(set) var forms: [String: JSONValue]
    private var changed = false

    /// The forms `store` last imported in `format` (e.g. `ics`); none when the file is missing or unreadable.
    init(store: Store, format: String) {
        path = store.localFolder + "/imported/\(format).json"
        let data = FileManager.default.contents(atPath: path)
        forms = data.flatMap { try? JSONValue(parsing: Array($0)) }?.objectValue ?? [:]
    }

    subscript(id: String) -> JSONValue? { forms[id] }

    /// Remembers `fields` as the form record `id` was last imported in.
    mutating func remember(_ fields: JSONValue, for id: String) {
        guard forms[id] != fields else { return }
        forms[id] = fields
        changed = true
    }

    /// Writes the forms back when any changed, replacing the file whole (a killed process leaves the old one).
    func save() throws {
        guard changed else { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(CanonicalJSON.compactLine(.object(forms))).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
