import Foundation
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore
import TroveSystem

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

    /// Imports the rows of `file`, named `path` in the report (photo paths are relative to its folder).
    ///
    /// The file is read twice: once to check every row (nothing is written if one is bad, unless `--skip-invalid`),
    /// and once to write them; no more than one row, and one photo, is held at a time.
    public func run(_ file: ItemCSVFile, path: String, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        let report = ImportReport(source: "item file \((path as NSString).lastPathComponent)")
        let folder = FilePath.folder(of: path)
        var problems = file.problems
        let items = try ItemBook(store: store).all()
        let trackers = try TrackerBook(store: store).all()
        var byName = Dictionary(items.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var checks = RowChecks(folder: folder, items: items, trackers: trackers, byName: byName)
        // The rows found bad, so that the second reading leaves out the same ones.
        var refused: Set<String> = []
        var ready = 0
        try file.forEachRow { row in
            do {
                _ = try checks.check(row)
                ready += 1
            } catch {
                problems.append("\(row.position): \(error)")
                refused.insert(row.position)
            }
        }
        return try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(problems)) { transaction, report in
            var checks = RowChecks(folder: folder, items: items, trackers: trackers, byName: byName)
            var number = 0
            try file.forEachRow { row in
                let entry: RowChecks.Ready
                do { entry = try checks.check(row) } catch {
                    if refused.contains(row.position) { return }
                    // Only a photo can differ: the file itself reads as it did (`SecondReading`).
                    throw ImportProblem("\(row.position): \(error) (it changed while the file was being imported)")
                }
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
                if let notes = row.notes { fields["notes"] = .string(notes) }
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
                number += 1
                progress?(number, ready)
            }
        }
    }

    /// The checks of a row before it is written, made the same way in both readings of the file: the name (not empty,
    /// not on an earlier row), the photo (an image; only its path is kept, its bytes are read when the item is
    /// written) and the tracker (not bound to another item).
    private struct RowChecks {
        let folder: String
        let items: [Item]
        let trackers: [Tracker]
        /// The store's items by lower-case name, as they were before the import.
        let byName: [String: Item]
        /// The lower-case names of the rows checked so far, with their positions.
        var seen: [String: String] = [:]

        init(folder: String, items: [Item], trackers: [Tracker], byName: [String: Item]) {
            self.folder = folder
            self.items = items
            self.trackers = trackers
            self.byName = byName
        }

        struct Ready {
            var name: String
            var photo: String?
            var tracker: String?
        }

        mutating func check(_ row: ItemRow) throws -> Ready {
            let name = try ItemName.checked(row.name, others: [])
            if let earlier = seen[name.lowercased()] { throw ImportProblem("the name '\(name)' is also on \(earlier)") }
            seen[name.lowercased()] = row.position
            let photo = try row.photo.map { try ItemImport.photo($0, folder: folder) }
            let tracker = try row.tracker.map { try Tracker.normalizedID($0) }
            if let tracker, let bound = trackers.first(where: { $0.trackerID == tracker }),
               bound.itemID != byName[name.lowercased()]?.id {
                let owner = items.first { $0.id == bound.itemID }?.name ?? bound.itemID
                throw ItemError.trackerBound(tracker, item: owner)
            }
            return Ready(name: name, photo: photo, tracker: tracker)
        }
    }

    /// The full path of the image at `path` (relative to `folder`), judged by its first bytes; refused when it is
    /// missing or not an image.
    fileprivate static func photo(_ path: String, folder: String) throws -> String {
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
