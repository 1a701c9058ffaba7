import Foundation
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// Brings a jrnl journal (its JSON export or its plain-text file) into one Trove journal, as one commit.
///
/// jrnl has no ids, so each entry's id derives from its `sourceKey` (date, time and title): importing
/// the same file again adds nothing, and an entry whose text, tags or star changed is updated.
public struct JrnlImport {
    public let store: Store
    public var options: ImportOptions

    public init(store: Store, options: ImportOptions = ImportOptions()) {
        self.store = store
        self.options = options
    }

    /// Imports `journal` into the Trove journal called `journalName` (made if missing).
    ///
    /// A JSON export is read one entry at a time (`JrnlExport`), and the transaction writes its records out in
    /// batches: the import's memory does not grow with the file.
    public func run(_ journal: any JrnlSource, into journalName: String, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        let report = ImportReport(source: "jrnl \(journal.format == .json ? "export" : "journal") \((journal.file as NSString).lastPathComponent)")
        guard journal.entryCount > 0 || !journal.problems.isEmpty else { throw ImportError.nothingToImport(report.source) }
        return try ImportRun.perform(on: store, report, options: options, invalid: journal.invalidEntries) { transaction, report in
            var journalID: String?
            // Put in batches, checked and encoded on every core (`Transaction.put(batch:)`). Each put is noted with
            // what the report and a refusal need of it.
            var batch: [(fields: JSONValue, type: String)] = [], notes: [(isNew: Bool, source: String)] = []
            var batched = Set<String>()
            func putBatch(_ transaction: inout Transaction, _ report: inout ImportReport) throws {
                try transaction.put(batch: batch) { position, error in
                    guard case .invalidRecord(_, let violations) = error else { throw error }
                    let reason = violations.map(\.spoken).joined(separator: "; ")
                    guard options.skipInvalid else { throw ImportError.refusedEntry(notes[position].source, reason: reason) }
                    if notes[position].isNew { report.added -= 1 } else { report.updated -= 1 }
                    report.skipped += 1
                    report.warnings.append("skipped \(notes[position].source): \(reason)")
                }
                batch.removeAll(keepingCapacity: true)
                notes.removeAll(keepingCapacity: true)
                batched.removeAll(keepingCapacity: true)
            }
            var number = 0
            try journal.forEachEntry { entry in
                defer { number += 1 }
                let id = RecordID.derived(from: "jrnl:" + entry.sourceKey, at: entry.date)
                // An id already in the batch is put first, so that its record is read back as it now is.
                if batched.contains(id) || batch.count == Self.batchSize { try putBatch(&transaction, &report) }
                let existing = try transaction.record(id: id)
                var fields = existing?.value.objectValue ?? [:]
                let before = fields
                fields["id"] = .string(id)
                fields["createdAt"] = fields["createdAt"] ?? .string(entry.timestamp)
                fields["date"] = .string(entry.timestamp)
                fields["title"] = entry.title.isEmpty ? nil : .string(String(entry.title.prefix(500)))
                fields["text"] = .string(entry.body)
                fields["tags"] = entry.tags.isEmpty ? nil : .array(entry.tags.map { .string($0) })
                fields["starred"] = entry.starred ? true : nil
                fields["origin"] = ["system": "jrnl", "id": .string(entry.sourceKey)]
                if existing == nil {
                    if journalID == nil { journalID = try self.journalID(journalName, in: &transaction, report: &report) }
                    fields["journalId"] = .string(journalID!)
                }
                if existing != nil && fields == before {
                    report.unchanged += 1
                } else {
                    batch.append((.object(fields), RecordType.entry))
                    notes.append((existing == nil, "\(journal.file): entry \(number + 1) (\(entry.localDateTime) \(entry.title))"))
                    batched.insert(id)
                    if existing == nil { report.added += 1 } else { report.updated += 1 }
                }
                progress?(number + 1, journal.entryCount)
            }
            try putBatch(&transaction, &report)
        }
    }

    /// How many entries are put at once: enough for `put(batch:)` to keep both cores busy, few enough that their
    /// records are a small part of the import's memory (about 1 MB).
    static let batchSize = 1_024

    private func journalID(_ name: String, in transaction: inout Transaction, report: inout ImportReport) throws -> String {
        let (id, made) = try JournalBook(store: store).journalID(named: name, in: &transaction)
        if made { report.journalsMade.append(name) }
        return id
    }
}

extension JrnlSource {
    /// The entries left out as invalid, counted once each however many problems they have; text before the first
    /// entry counts as one.
    var invalidEntries: InvalidEntries {
        let entryProblems = Set(problems.compactMap(\.entryIndex)).count
        let count = entryProblems + (problems.contains { $0.entryIndex == nil } ? 1 : 0)
        return InvalidEntries(problems.map(\.description), count: count, total: entryCount + count,
                              file: file, format: "jrnl")
    }
}
