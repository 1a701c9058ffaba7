import Foundation
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// Brings items in from CSV rows as one commit: names, photos, notes and tracker bindings.
///
/// An item is matched by name (ignoring case), so importing the same file again changes
/// nothing; a row whose notes or photo differ updates the item. A tracker given for an item is
/// registered unpaired (`trove tracker activate` pairs it).
public struct ItemImport {
    public let store: Store
    public var options: ImportOptions

    public init(store: Store, options: ImportOptions = ImportOptions()) {
        self.store = store
        self.options = options
    }

    /// Imports `rows` read from the file at `path`; photo paths are relative to its folder.
    public func run(_ rows: [ItemRow], problems readProblems: [String], path: String) throws -> ImportReport {
        let report = ImportReport(source: "item file \((path as NSString).lastPathComponent)")
        let folder = (path as NSString).deletingLastPathComponent
        var problems = readProblems
        let items = try ItemBook(store: store).all()
        let trackers = try TrackerBook(store: store).all()
        var byName = Dictionary(items.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: String] = [:]
        // A photo's path only: its bytes are read when the item is written, one photo at a time.
        var ready: [(row: ItemRow, name: String, photo: String?, tracker: String?)] = []
        for row in rows {
            do {
                let name = try ItemName.checked(row.name, others: [])
                if let earlier = seen[name.lowercased()] { throw ImportProblem("the name '\(name)' is also on \(earlier)") }
                seen[name.lowercased()] = row.position
                let photo = try row.photo.map { try Self.photo($0, folder: folder) }
                let tracker = try row.tracker.map { try Tracker.normalizedID($0) }
                if let tracker, let bound = trackers.first(where: { $0.trackerID == tracker }),
                   bound.itemID != byName[name.lowercased()]?.id {
                    let owner = items.first { $0.id == bound.itemID }?.name ?? bound.itemID
                    throw ItemError.trackerBound(tracker, item: owner)
                }
                ready.append((row, name, photo, tracker))
            } catch {
                problems.append("\(row.position): \(error)")
            }
        }
        return try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(problems)) { transaction, report in
            for entry in ready {
                var fields = try byName[entry.name.lowercased()].flatMap { try transaction.record(id: $0.id)?.value.objectValue }
                    ?? ["name": .string(entry.name), "origin": ["system": "csv", "id": .string(entry.name.lowercased())]]
                let before = fields
                if let photo = entry.photo {
                    // Checked to be an image before the import began; `addMedia` checks these bytes again.
                    guard let bytes = FileManager.default.contents(atPath: photo) else {
                        throw ImportProblem("the photo \(ProblemList.excerpt(photo)) can no longer be read")
                    }
                    let reference = try transaction.addMedia(Array(bytes), source: photo)
                    if fields["photo"] == nil { report.mediaStored += 1 }
                    fields["photo"] = .string(reference.sha256)
                }
                if let notes = entry.row.notes { fields["notes"] = .string(notes) }
                var itemID = fields["id"]?.stringValue
                if fields["id"] == nil {
                    let record = try transaction.put(.object(fields), type: RecordType.item)
                    itemID = record.id
                    byName[entry.name.lowercased()] = Item(record)
                    report.added += 1
                } else if fields != before {
                    try transaction.put(.object(fields), type: RecordType.item)
                    report.updated += 1
                } else {
                    report.unchanged += 1
                }
                if let tracker = entry.tracker, let itemID, !trackers.contains(where: { $0.trackerID == tracker }) {
                    try transaction.put(["trackerId": .string(tracker), "itemId": .string(itemID), "paired": false], type: RecordType.tracker)
                }
            }
        }
    }

    /// The full path of the image at `path` (relative to `folder`), judged by its first bytes; refused when it is
    /// missing or not an image.
    private static func photo(_ path: String, folder: String) throws -> String {
        let full = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
        // An empty file reads as no bytes (not an image); a folder, or a read that fails, cannot be read.
        let head: Data
        do {
            guard let file = FileHandle(forReadingAtPath: full) else { throw CocoaError(.fileReadNoSuchFile) }
            defer { try? file.close() }
            head = try file.read(upToCount: MediaKind.magicLength) ?? Data()
        } catch {
            throw ImportProblem("the photo \(ProblemList.excerpt(path)) cannot be read")
        }
        guard MediaKind(magic: Array(head))?.family == .image else {
            throw ImportProblem("the photo \(ProblemList.excerpt(path)) is not an image (JPEG, PNG, GIF, WebP or HEIC)")
        }
        return full
    }
}

/// A row's problem, worded for the report.
private struct ImportProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
