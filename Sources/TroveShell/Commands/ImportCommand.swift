import ArgumentParser
import Foundation
import TroveInterchange
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// `trove import dayone|jrnl|gpx|geojson|csv|items|ics|vcard`: bring a history in from another app, as one commit.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import journals (Day One, jrnl), pee and poo records (GPX, GeoJSON, CSV), items (CSV), calendars (iCalendar) or contacts (vCard); one commit, and again adds nothing.",
        subcommands: [DayOne.self, Jrnl.self, ImportPoints.GPX.self, ImportPoints.GeoJSON.self, ImportPoints.CSV.self, ImportItemsCommand.self, ICSCommands.Import.self, VCardCommands.Import.self])

    /// What both importers take.
    struct Options: ParsableArguments {
        @Flag(help: "Print the report without writing anything.") var dryRun = false
        @Flag(help: "Import the valid entries of a file that has invalid ones (which are named).") var skipInvalid = false
    }

    struct DayOne: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "dayone", abstract: "Import a Day One JSON export: its ZIP, its unzipped folder, or one journal's JSON file.",
            discussion: """
                Each Day One journal becomes a journal (matched by name if you have one already). Text, tags, star, dates,
                time zone, place and weather come along; photos, videos and audio are stored, and moments in the text
                point at them. Importing a newer export of the same journals updates the entries that changed.
                Examples:
                  trove import dayone ~/Downloads/Export-Journal.zip --dry-run
                  trove import dayone ~/Downloads/Export-Journal.zip
                  trove import dayone "Dev Journal.json" --skip-invalid
                """)
        @Argument(help: "The export: a .zip, a folder, or a journal's .json.", completion: .file()) var path: String
        @OptionGroup var options: Options
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let export: DayOneExport
            do { export = try DayOneExport.open(path, holdingEntries: false) } catch { throw CommandFailure(message: error.description) }
            try ImportCommand.run(options, json: output.json, store: store, env) { settings, progress in
                do {
                    return try DayOneImport(store: store, options: settings).run(export, progress: progress)
                } catch let error as DayOneError {
                    throw CommandFailure(message: error.description)
                }
            }
        }
    }

    struct Jrnl: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "jrnl", abstract: "Import a jrnl journal: its JSON export (jrnl --export json) or its plain-text file.",
            discussion: """
                Examples:
                  jrnl --export json > work.json && trove import jrnl work.json --journal Work
                  trove import jrnl ~/.local/share/jrnl/journal.txt
                  trove import jrnl journal.txt --tag-symbols @     (a jrnl config with tagsymbols: "@")
                """)
        @Argument(help: "The jrnl file.", completion: .file()) var path: String
        @Option(name: .shortAndLong, help: ArgumentHelp("The journal to import into (default: the file's name).", valueName: "name"),
                completion: DataCompletion.names(of: [RecordType.journal]))
        var journal: String?
        @Option(help: ArgumentHelp("The characters that start a tag in a plain-text journal, as jrnl's tagsymbols setting (default: #@).",
                                   valueName: "symbols"))
        var tagSymbols = JrnlJournal.defaultTagSymbols
        @OptionGroup var options: Options
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            if let problem = JrnlJournal.tagSymbolsProblem(tagSymbols) { throw ValidationError("--tag-symbols: " + problem) }
            let store = try storeOptions.open(env)
            let journal: any JrnlSource
            do { journal = try JrnlJournal.open(path, tagSymbols: tagSymbols) } catch { throw CommandFailure(message: error.description) }
            let name = self.journal ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            try ImportCommand.run(options, json: output.json, store: store, env) { settings, progress in
                try JrnlImport(store: store, options: settings).run(journal, into: name.isEmpty ? "jrnl" : name, progress: progress)
            }
        }
    }

    /// Runs one importer with a progress bar on a terminal, brings the index up to what it wrote, then prints its
    /// report.
    static func run(_ options: Options, json: Bool, store: Store, _ env: CommandEnvironment,
                    _ body: (ImportOptions, @escaping (Int, Int) -> Void) throws -> ImportReport) throws {
        let bar = ProgressBar(options.dryRun ? "Checking" : "Importing", on: env.err)
        defer { bar.finish() }
        let report = try body(ImportOptions(dryRun: options.dryRun, skipInvalid: options.skipInvalid)) { bar.update($0, of: $1) }
        bar.finish()
        // The import indexed its records as it wrote them (`IndexFeed`); when it could not (it deleted a record), the
        // index is brought up to its commit now, so that the next command does not wait for it (the first search
        // after 100,000 jrnl entries took 6 s). The import is committed whatever happens here.
        if report.commit != nil {
            do { _ = try StoreOptions.index(of: store, env: env) } catch {
                env.error("the import is saved; the index could not be brought up to date (\(ErrorText.text(for: error) ?? "\(error)")), and the next command will try again")
            }
        }
        show(report, json: json, env)
    }

    static func show(_ report: ImportReport, json: Bool, _ env: CommandEnvironment) {
        if json { return env.out.json(.object(fields(of: report))) }
        for line in report.lines {
            if line.hasPrefix("warning: ") { env.error(line) } else { env.out.line(line) }
        }
        if report.conflictsKept > 0 { env.out.line("'trove conflicts' lists them.") }
    }

    /// The report as `--json` gives it.
    static func fields(of report: ImportReport) -> [String: JSONValue] {
        [
            "added": .integer(report.added), "updated": .integer(report.updated), "unchanged": .integer(report.unchanged),
            "skipped": .integer(report.skipped), "leftDeleted": .integer(report.leftDeleted),
            "conflictsKept": .integer(report.conflictsKept), "media": .integer(report.mediaStored), "dryRun": .bool(report.dryRun),
            "journalsMade": .array(report.journalsMade.map { .string($0) }), "warnings": .array(report.warnings.map { .string(ProblemList.cut($0)) }),
            "commit": report.commit.map { .string($0) } ?? .null,
        ]
    }
}
