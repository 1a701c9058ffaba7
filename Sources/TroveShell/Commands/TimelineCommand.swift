import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON
import TroveKit
import TroveStore

/// `trove timeline`: the home view, journals and the latest entries across them.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline", abstract: "The home view: your journals and the latest entries across them.",
        discussion: "Examples:\n  trove timeline\n  trove timeline --limit 30\n  trove entry list --offset 10     (older entries)")
    @Option(help: "How many latest entries (default 10).") var limit = 10
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.paged {
            let index = try storeOptions.openIndex()
            let journals = try JournalBook(store: index.store).all()
            let counts = try journals.map { try index.count(matching: RecordQuery(type: "entry", parent: $0.id)) }
            let latest = try index.records(matching: RecordQuery(type: "entry"), sort: .start, descending: true, page: IndexPage(limit: max(1, limit)))
            if output.json {
                return Output.json([
                    "journals": .array(zip(journals, counts).map { ["id": .string($0.id), "name": .string($0.name), "entries": .integer($1)] }),
                    "entries": .array(latest.compactMap(index.value(of:))),
                ])
            }
            if journals.isEmpty {
                return Output.line("Nothing here yet. Write a first entry: trove entry new \"…\"  (or bring your history: trove import dayone EXPORT.zip)")
            }
            let color = Terminal.supportsColor()
            Output.line(SGR.apply([.bold], to: "Journals", color: color))
            Output.table(zip(journals, counts).map { ["  " + $0.name, "\($1) \($1 == 1 ? "entry" : "entries")", $0.isPublic ? "public" : "private"] })
            Output.line()
            Output.line(SGR.apply([.bold], to: "Latest entries", color: color))
            let names = Dictionary(journals.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            Output.table(latest.map { row in
                let entry = index.value(of: row).map { Record($0) }.flatMap(Entry.init)
                return ["  " + (entry.map { EntryCard.day($0) } ?? row.start ?? ""), row.starred ? "★" : " ", names[row.parent ?? ""] ?? "", row.label ?? ""]
            })
        }
    }
}
