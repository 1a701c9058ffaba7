import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveStore

/// `trove export markdown|html|geojson|gpx|ics|vcard`: journals and dogs' records in formats other tools read.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export journals (Markdown, a static HTML site), pee and poo records (GeoJSON, GPX) calendars (iCalendar) or contacts (vCard).",
        subcommands: [Markdown.self, HTML.self, ExportPoints.GeoJSON.self, ExportPoints.GPX.self, ICSCommands.Export.self, VCardCommands.Export.self])

    struct Markdown: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "markdown", abstract: "Write every entry as a Markdown file with YAML front matter, photos beside it.",
            discussion: """
                Writing into the same folder again replaces the files the last export wrote (listed in the folder's
                .trove-export.json) and removes those of entries now gone; other files are left alone, and one in the way stops the export.
                Example: trove export markdown ~/Notes/journal     (one folder per journal)
                """)
        @Argument(help: "The folder to write into (made if missing).", completion: .directory) var folder: String
        @Flag(help: "Overwrite files in the way that no earlier export wrote.") var force = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let source = try StoreExportSource(store: storeOptions.open(env))
            let report = try MarkdownExport.write(journals: source.journals, entries: source.entries,
                                                  to: URL(fileURLWithPath: folder), force: force, media: source.bytes)
            ExportCommand.show(report, kind: "Markdown", folder: folder, env)
        }
    }

    struct HTML: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "html", abstract: "Write a static site of your public entries (private ones never appear).",
            discussion: """
                An entry is public when it says so (entry new --public), or when its journal is public and it does
                not say otherwise. The site works offline: open index.html in a browser, or copy the folder to any web host.
                Exporting into the same folder again replaces the files the last export wrote (listed in the folder's
                .trove-export.json) and removes pages no longer public; other files are left alone, and one in the way stops the export.
                Example: trove export html ~/Sites/journal && xdg-open ~/Sites/journal/index.html
                """)
        @Argument(help: "The folder to write into (made if missing).", completion: .directory) var folder: String
        @Flag(help: "Overwrite files in the way that no earlier export wrote.") var force = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let (store, account) = try storeOptions.openSignedIn(env)
            let source = try StoreExportSource(store: store, account: account)
            let report = try HTMLSiteExport.write(profile: source.profile, journals: source.journals, entries: source.entries,
                                                  to: URL(fileURLWithPath: folder), force: force, media: source.bytes)
            ExportCommand.show(report, kind: "site", folder: folder, env)
            env.out.line("Open \(URL(fileURLWithPath: folder).appendingPathComponent("index.html").path) in a browser.")
        }
    }

    static func show(_ report: ExportReport, kind: String, folder: String, _ env: CommandEnvironment) {
        for warning in report.warnings { env.error("warning: \(warning)") }
        env.out.line("Wrote the \(kind) to \(folder): \(report.filesWritten.count) files, \(report.mediaCopied) media file\(report.mediaCopied == 1 ? "" : "s") copied"
                    + (report.filesRemoved.isEmpty ? "." : ", \(report.filesRemoved.count) from the last export removed."))
    }
}
