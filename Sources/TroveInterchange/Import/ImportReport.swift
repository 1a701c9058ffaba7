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
                     + (mediaStored > 0 ? "; \(mediaStored) media file\(mediaStored == 1 ? "" : "s") stored." : "."))
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

/// Why an import was refused as a whole; the store is left as it was.
public enum ImportError: Error, Equatable, CustomStringConvertible {
    /// Entries that break the format, each named; `--skip-invalid` imports the rest.
    case invalidEntries([String])
    /// An entry the store refused (a value out of the store's range), named by its source id.
    case refusedEntry(String, reason: String)
    case nothingToImport(String)
    /// A file with no pee or poo point, and what it held instead.
    case noPoints(String, notes: [String])

    public var description: String {
        switch self {
        case .invalidEntries(let problems):
            let count = ProblemList.grouped(problems.count)
            return "the file has \(count) invalid entr\(problems.count == 1 ? "y" : "ies"), so nothing was imported:\n"
                + ProblemList(problems).lines(prefix: "  ").joined(separator: "\n") + "\n(--skip-invalid imports the others)"
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
    /// Refuses the import if the source had invalid entries (unless skipping them), then runs `body`
    /// as one commit, or with `dryRun` as a transaction that is thrown away; returns the report.
    static func perform(on store: Store, _ report: ImportReport, options: ImportOptions, problems: [String],
                        _ body: (inout Transaction, inout ImportReport) throws -> Void) throws -> ImportReport {
        var report = report
        report.dryRun = options.dryRun
        if !problems.isEmpty {
            guard options.skipInvalid else { throw ImportError.invalidEntries(problems) }
            report.skipped += problems.count
            report.warnings += problems.map { "skipped \($0)" }
        }
        do {
            let (_, result) = try store.transaction { transaction in
                try body(&transaction, &report)
                transaction.message = "Import \(report.source)\n\n\(report.added) added, \(report.updated) updated, \(report.unchanged) unchanged.\n"
                if options.dryRun { throw DryRunFinished(report: report) }
            }
            report.commit = result.commit?.hex
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
