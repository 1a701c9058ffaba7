import Foundation
import TroveIndex
import TroveKit
import TroveStore

/// What an import did, or with `--dry-run` would do: counts, journals made, and every warning.
public struct ImportReport: Sendable, Equatable {
    /// The source, e.g. `Day One export Journal.zip`.
    public var source: String
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    /// Entries left out because they were invalid (with `--skip-invalid`) or repeated.
    public var skipped = 0
    /// Entries deleted in the store since the last import and unchanged in the source since: they stay deleted.
    public var leftDeleted = 0
    /// Losing values a merging re-import kept in records' `conflicts` (a field both the user and the source changed).
    public var conflictsKept = 0
    /// Records a re-import wrote merged with edits made in the store, so not in the source's form: the commit
    /// names them (`ImportRun.mergedTrailer`) for a clone that looks in history for what the source said.
    public var mergedWithEdits: [String] = []
    public var journalsMade: [String] = []
    public var mediaStored = 0
    /// Problems that did not stop the import: missing media files, skipped entries.
    public var warnings: [String] = []
    /// The import's commit; `nil` for a dry run or when nothing changed.
    public var commit: String?
    public var dryRun = false

    public init(source: String) { self.source = source }

    /// The report as lines for the terminal: the first warnings (a file may give millions), then the counts.
    public var lines: [String] {
        var lines = ProblemList(warnings).lines(prefix: "warning: ") { "… and \($0) more (--json lists them all)" }
        let verb = dryRun ? "Would import" : "Imported"
        lines.append("\(verb) \(source): \(added) added, \(updated) updated, \(unchanged) unchanged"
                     + (skipped > 0 ? ", \(skipped) skipped" : "")
                     + (leftDeleted > 0 ? ", \(leftDeleted) left deleted" : "")
                     + (mediaStored > 0 ? "; \(mediaStored) media file\(mediaStored == 1 ? "" : "s") stored." : "."))
        if conflictsKept > 0 {
            lines.append("\(conflictsKept) field\(conflictsKept == 1 ? "" : "s") changed both here and in the source: "
                         + "the later change won, the other is kept in the record's conflicts.")
        }
        if !journalsMade.isEmpty { lines.append("New journal\(journalsMade.count == 1 ? "" : "s"): \(journalsMade.joined(separator: ", ")).") }
        if dryRun { lines.append("Dry run: nothing was written.") }
        else if commit == nil { lines.append("Nothing changed.") }
        return lines
    }
}

/// How an import runs: for real or as a dry run, and whether invalid entries refuse the whole file.
public struct ImportOptions: Sendable {
    /// Work out the report, and commit nothing.
    public var dryRun = false
    /// Import the valid entries of a file that has invalid ones, which are named in the report.
    public var skipInvalid = false

    public init(dryRun: Bool = false, skipInvalid: Bool = false) {
        self.dryRun = dryRun
        self.skipInvalid = skipInvalid
    }
}

/// The entries of a file that could not be read: how many, out of how many, and what is wrong with them.
///
/// An entry may have several problems (a jrnl entry without title, date and time has three), so the count of
/// entries is kept apart from the list of problems.
public struct InvalidEntries: Sendable, Equatable {
    /// Every problem, as the user reads it.
    public var problems: [String]
    /// How many entries the problems are about.
    public var count: Int
    /// How many entries the file has, readable or not; `nil` when the reader cannot tell.
    public var total: Int?
    /// The file's name and the format it was read as, like `work.csv` and `jrnl`, for saying that a file in
    /// the wrong format does not look like one; `nil` when not known.
    public var file: String?
    public var format: String?
    /// What an entry is called, singular and plural.
    public var noun = (one: "entry", many: "entries")

    /// One entry per problem.
    public init(_ problems: [String] = [], total: Int? = nil) {
        self.init(problems, count: problems.count, total: total)
    }

    public init(_ problems: [String], count: Int, total: Int?, file: String? = nil, format: String? = nil,
                noun: (one: String, many: String) = (one: "entry", many: "entries")) {
        self.problems = problems
        self.count = count
        self.total = total
        self.file = file
        self.format = format
        self.noun = noun
    }

    public var isEmpty: Bool { problems.isEmpty }

    /// Whether most entries failed, so the file is likely not in the format at all: more than half of them, and
    /// at least 3 (one bad entry of two says little about the file).
    public var looksLikeAnotherFormat: Bool {
        guard let total, format != nil else { return false }
        return count >= 3 && count * 2 > total
    }

    /// `work.csv does not look like a jrnl file: 50 of 50 entries could not be read`, when it does not.
    public var wrongFormatSummary: String? {
        guard looksLikeAnotherFormat, let total, let format else { return nil }
        return "\((file.map { ($0 as NSString).lastPathComponent }) ?? "the file") does not look like \(Self.article(format)) \(format) file: "
            + "\(ProblemList.grouped(count)) of \(ProblemList.grouped(total)) \(total == 1 ? noun.one : noun.many) could not be read"
    }

    /// "a" or "an" before a format's name, by its first letter as spoken (an iCalendar, an ICS, a jrnl).
    static func article(_ word: String) -> String {
        guard let first = word.first?.lowercased() else { return "a" }
        return "aeio".contains(first) || ["ICS", "HTML"].contains(where: word.hasPrefix) ? "an" : "a"
    }

    public static func == (a: InvalidEntries, b: InvalidEntries) -> Bool {
        a.problems == b.problems && a.count == b.count && a.total == b.total && a.file == b.file && a.format == b.format
            && a.noun == b.noun
    }
}

/// Why an import was refused as a whole; the store is left as it was.
public enum ImportError: Error, Equatable, CustomStringConvertible {
    /// Entries that break the format, the first few named; `--skip-invalid` imports the rest.
    case invalidEntries(InvalidEntries)
    /// An entry the store refused (a value out of the store's range), named by its source id.
    case refusedEntry(String, reason: String)
    case nothingToImport(String)
    /// A file with no pee or poo point, and what it held instead.
    case noPoints(String, notes: [String])

    public var description: String {
        switch self {
        case .invalidEntries(let invalid):
            var problems = ProblemList(invalid.problems)
            if invalid.looksLikeAnotherFormat {
                // A file in another format fails the same way throughout: three examples say it.
                problems = ProblemList(invalid.problems.prefix(3))
                problems.addUnnamed(invalid.problems.count - 3)
            }
            let list = problems.lines(prefix: "  ").joined(separator: "\n")
            // When every entry failed there are no others for --skip-invalid to import.
            let hint = invalid.total == invalid.count ? "" : "\n(--skip-invalid imports the others)"
            if let summary = invalid.wrongFormatSummary { return "\(summary), so nothing was imported:\n\(list)\(hint)" }
            let noun = invalid.count == 1 ? invalid.noun.one : invalid.noun.many
            return "the file has \(ProblemList.grouped(invalid.count)) invalid \(noun), so nothing was imported:\n\(list)\(hint)"
        case .refusedEntry(let source, let reason):
            return ProblemList.cut("\(source): \(reason)") + "; nothing was imported (--skip-invalid imports the others)"
        case .nothingToImport(let source):
            return "\(source) has no entries to import"
        case .noPoints(let source, let notes):
            return "\(source) has no pee or poo points to import" + (notes.isEmpty ? "" : ": " + notes.joined(separator: "; "))
        }
    }
}

/// The frame every importer shares: invalid entries against `--skip-invalid`, one transaction, and a dry run.
enum ImportRun {
    /// The commit trailer naming the records an import wrote merged with the store's edits (`mergedWithEdits`).
    static let mergedTrailer = "Merged-with-edits: "

    /// Refuses the import if the source had invalid entries (unless skipping them), then runs `body`
    /// as one commit, or with `dryRun` as a transaction that is thrown away; returns the report.
    static func perform(on store: Store, _ report: ImportReport, options: ImportOptions, invalid: InvalidEntries,
                        _ body: (inout Transaction, inout ImportReport) throws -> Void) throws -> ImportReport {
        var report = report
        report.dryRun = options.dryRun
        if !invalid.isEmpty {
            guard options.skipInvalid else { throw ImportError.invalidEntries(invalid) }
            report.skipped += invalid.count
            if let summary = invalid.wrongFormatSummary { report.warnings.append(summary) }
            report.warnings += invalid.problems.map { "skipped \($0)" }
        }
        // The index is written as the records are (on the second core) and committed with them: an import's first
        // search waits for nothing, and nothing is read back from git for it.
        var feed: IndexFeed?
        defer { feed?.finish(commit: nil) }
        do {
            let (_, result) = try store.transaction { transaction in
                // Here HEAD is the transaction's base, which the feed's index must reflect.
                feed = options.dryRun ? nil : IndexFeed.start(for: store)
                transaction.observer = feed?.observer
                try body(&transaction, &report)
                transaction.message = "Import \(report.source)\n\n\(report.added) added, \(report.updated) updated, \(report.unchanged) unchanged.\n"
                    + (report.mergedWithEdits.isEmpty ? "" : "\n\(mergedTrailer)\(report.mergedWithEdits.joined(separator: " "))\n")
                if options.dryRun { throw DryRunFinished(report: report) }
                feed?.endOfChanges()
            }
            report.commit = result.commit?.hex
            feed?.finish(commit: result.commit?.hex)
            feed = nil
        } catch let finished as DryRunFinished {
            return finished.report
        }
        return report
    }
}

/// Thrown out of a dry run's transaction so that nothing is committed, carrying the report.
private struct DryRunFinished: Error {
    var report: ImportReport
}
