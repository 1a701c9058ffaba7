import Foundation
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// Brings a Day One export into the store as one commit.
///
/// Each entry's id is derived from its Day One uuid (`RecordID.derived`), so importing the same export
/// again finds every entry in place and adds nothing; an entry whose `modifiedDate` is newer than the one
/// recorded in its `origin` is updated. Journals are matched by name.
public struct DayOneImport {
    public let store: Store
    public var options: ImportOptions

    public init(store: Store, options: ImportOptions = ImportOptions()) {
        self.store = store
        self.options = options
    }

    /// Imports every valid entry of `export`; any invalid one refuses the whole import unless `skipInvalid`.
    public func run(_ export: DayOneExport, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: "Day One export \((export.path as NSString).lastPathComponent)")
        report.warnings = export.warnings.map(\.description)
        let total = export.journals.reduce(0) { $0 + $1.entryCount }
        guard total > 0 || !export.problems.isEmpty else { throw ImportError.nothingToImport(report.source) }
        return try ImportRun.perform(on: store, report, options: options, invalid: export.invalidEntries) { transaction, report in
            var writer = EntryWriter(store: store, export: export, skipInvalid: options.skipInvalid, report: report)
            var done = 0
            try export.forEachEntry { journal, entry in
                try writer.write(entry, journal: journal, in: &transaction)
                done += 1
                progress?(done, total)
            }
            report = writer.report
        }
    }
}

/// Turns Day One entries into entry records inside one transaction, keeping count in a report.
private struct EntryWriter {
    let store: Store
    let export: DayOneExport
    let skipInvalid: Bool
    var report: ImportReport
    /// Journal ids by Day One journal name, found or made once.
    var journals: [String: String] = [:]
    /// Day One uuids already written by this import: the first journal that has one keeps it.
    var seen: [String: String] = [:]
    /// Media already stored by this import, by md5, so a file shared by two entries is read once.
    var stored: [String: MediaReference] = [:]

    init(store: Store, export: DayOneExport, skipInvalid: Bool, report: ImportReport) {
        self.store = store
        self.export = export
        self.skipInvalid = skipInvalid
        self.report = report
    }

    mutating func write(_ entry: DayOneEntry, journal: DayOneJournal, in transaction: inout Transaction) throws {
        if let first = seen[entry.uuid] {
            report.skipped += 1
            report.warnings.append("\(journal.file): entry \(entry.uuid) is also in \(first): kept the one in \(first)")
            return
        }
        seen[entry.uuid] = journal.file
        let id = RecordID.derived(from: "dayone:" + entry.uuid, at: entry.creationDate)
        let existing = try transaction.record(id: id)
        let modified = entry.modifiedTimestamp ?? entry.creationTimestamp
        if let existing, let recorded = existing.value["origin"]?["modifiedAt"]?.stringValue, recorded >= modified {
            report.unchanged += 1
            return
        }
        // An unknown zone is not worth losing the entry over: it is imported without one (so shown in UTC), and said.
        if let zone = entry.timeZone, TimeZone(identifier: zone) == nil {
            report.warnings.append("\(journal.file): entry \(entry.creationTimestamp) (uuid \(entry.uuid)): unknown time zone \"\(zone)\"; imported in UTC")
        }
        var fields = try self.fields(of: entry, id: id, journal: journal, in: &transaction)
        fields["journalId"] = try existing?.value["journalId"] ?? .string(journalID(journal.name, in: &transaction))
        // An entry already here keeps what the user set on it in Trove that Day One does not know.
        if let kept = existing?.value["public"] { fields["public"] = kept }
        do {
            try transaction.put(.object(fields), type: RecordType.entry)
        } catch StoreError.invalidRecord(_, let violations) {
            let reason = violations.map(\.spoken).joined(separator: "; ")
            let source = "\(journal.file): entry \(entry.uuid)"
            guard skipInvalid else { throw ImportError.refusedEntry(source, reason: reason) }
            report.skipped += 1
            report.warnings.append("skipped \(source): \(reason)")
            return
        }
        if existing == nil { report.added += 1 } else { report.updated += 1 }
    }

    private mutating func fields(of entry: DayOneEntry, id: String, journal: DayOneJournal,
                                 in transaction: inout Transaction) throws -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "id": .string(id), "date": .string(entry.creationTimestamp), "createdAt": .string(entry.creationTimestamp),
            "origin": ["system": "dayone", "id": .string(entry.uuid), "modifiedAt": .string(entry.modifiedTimestamp ?? entry.creationTimestamp)],
        ]
        if let zone = entry.timeZone, TimeZone(identifier: zone) != nil { fields["timeZone"] = .string(zone) }
        let tags = entry.tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if !tags.isEmpty { fields["tags"] = .array(tags.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.map { .string($0) }) }
        if entry.starred { fields["starred"] = true }
        if let location = entry.location {
            var place: [String: JSONValue] = ["lat": .double(location.latitude), "lon": .double(location.longitude)]
            for (key, value) in [("place", location.placeName), ("locality", location.localityName),
                                 ("region", location.administrativeArea), ("country", location.country)] {
                if let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty { place[key] = .string(String(value.prefix(200))) }
            }
            fields["location"] = .object(place)
        }
        if let weather = entry.weather, weather.objectValue != nil { fields["weather"] = weather }

        var photos: [JSONValue] = [], attachments: [JSONValue] = []
        var references: [String: String] = [:]
        for media in entry.media {
            guard let reference = try store(media, in: &transaction) else { continue }
            references[media.identifier] = reference.sha256
            let itemID = RecordID.derived(from: "dayone-media:" + media.identifier, at: entry.creationDate)
            if media.kind == .photo {
                photos.append(["id": .string(itemID), "media": .string(reference.sha256)])
            } else {
                attachments.append(["id": .string(itemID), "media": .string(reference.sha256), "kind": .string(reference.kind.family.rawValue)])
            }
        }
        if !photos.isEmpty { fields["photos"] = .array(photos) }
        if !attachments.isEmpty { fields["attachments"] = .array(attachments) }
        // Moments the export has files for point at the stored media. The others would be broken images in every
        // export, so a readable placeholder takes their place (the missing file itself is warned of when read).
        let kinds = Dictionary(entry.media.map { ($0.identifier, $0.kind) }, uniquingKeysWith: { first, _ in first })
        fields["text"] = .string(DayOneText.rewritingMoments(in: entry.text) { identifier -> DayOneText.MomentRewrite in
            if let sha256 = references[identifier] { return .url("trove-media:" + sha256) }
            guard let kind = kinds[identifier] else {
                report.warnings.append("\(journal.file): entry \(entry.creationTimestamp) (uuid \(entry.uuid)): its text shows media "
                                       + "\(identifier), which the entry does not list; replaced by [media missing from the export]")
                return .text("[media missing from the export]")
            }
            return .text("[\(kind.placeholderName) missing from the export]")
        })
        return fields
    }

    /// Stores one media file, once per import; a missing or unreadable one is a warning.
    private mutating func store(_ media: DayOneMedia, in transaction: inout Transaction) throws -> MediaReference? {
        if let reference = stored[media.md5 + media.kind.rawValue] { return reference }
        guard media.isPresent, let bytes = try export.bytes(of: media) else { return nil }
        let families: Set<MediaKind.Family> = media.kind == .photo ? [.image] : [.audio, .video, .pdf]
        do {
            let reference = try transaction.addMedia(bytes, source: media.filePath ?? media.md5, accepting: families)
            stored[media.md5 + media.kind.rawValue] = reference
            report.mediaStored += 1
            return reference
        } catch let error as StoreError {
            report.warnings.append("\(error.description): left out")
            return nil
        }
    }

    /// The journal called `name`: found by name (ignoring case), else made.
    private mutating func journalID(_ name: String, in transaction: inout Transaction) throws -> String {
        if let id = journals[name] { return id }
        let (id, made) = try JournalBook(store: store).journalID(named: name, in: &transaction)
        if made { report.journalsMade.append(name) }
        journals[name] = id
        return id
    }
}

extension DayOneExport {
    /// The entries left out as invalid, counted once each however many problems they have.
    var invalidEntries: InvalidEntries {
        let invalid = Set(problems.map { "\($0.file)\u{1F}\($0.entryIndex)" }).count
        let valid = journals.reduce(0) { $0 + $1.entryCount }
        return InvalidEntries(problems.map(\.description), count: invalid, total: valid + invalid, file: path, format: "Day One")
    }
}
