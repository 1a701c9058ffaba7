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
            var number = 0
            try journal.forEachEntry { entry in
                defer { number += 1 }
                let id = RecordID.derived(from: "jrnl:" + entry.sourceKey, at: entry.date)
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
                    do {
                        try transaction.put(.object(fields), type: RecordType.entry)
                        if existing == nil { report.added += 1 } else { report.updated += 1 }
                    } catch StoreError.invalidRecord(_, let violations) {
                        let source = "\(journal.file): entry \(number + 1) (\(entry.localDateTime) \(entry.title))"
                        let reason = violations.map(\.spoken).joined(separator: "; ")
                        guard options.skipInvalid else { throw ImportError.refusedEntry(source, reason: reason) }
                        report.skipped += 1
                        report.warnings.append("skipped \(source): \(reason)")
                    }
                }
                progress?(number + 1, journal.entryCount)
            }
        }
    }

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
