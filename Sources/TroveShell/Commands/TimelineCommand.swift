import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// `trove timeline`: the home view, journals and the entries across them, newest first.
///
/// On a terminal it is the view a person scrolls: every entry, under its day, through the pager. A
/// pipe gets the short listing it always had (the latest 10), and `--json` the same document.
struct TimelineCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline", abstract: "The home view: your journals and every entry across them, newest first.",
        discussion: """
            On a terminal every entry is shown, newest first across journals, under a heading for each day
            (in your time zone), with its time, journal, a star if starred, and title; space scrolls, q leaves.
            Through a pipe, the latest 10.
            Examples:
              trove timeline
              trove timeline --limit 30
              trove entry list --offset 10     (older entries)
            """)
    @Option(help: "How many entries, newest first (default: all on a terminal, 10 through a pipe).") var limit: Int?
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        try env.out.paged {
            let index = try storeOptions.openIndex(env)
            let journals = try JournalBook(store: index.store).all()
            let counts = try journals.map { try index.count(matching: RecordQuery(type: RecordType.entry, parent: $0.id)) }
            let scrolling = !output.json && env.terminal.outputIsInteractive
            let count = max(1, limit ?? (scrolling ? Int(Int32.max) : 10))
            // By `start`, a UTC timestamp (the schema allows no other), so text order is time order.
            let latest = try index.records(matching: RecordQuery(type: RecordType.entry), sort: .start, descending: true, page: IndexPage(limit: count))
            if output.json {
                return env.out.json([
                    "journals": .array(zip(journals, counts).map { ["id": .string($0.id), "name": .string($0.name), "entries": .integer($1)] }),
                    "entries": .array(latest.compactMap(index.value(of:))),
                ])
            }
            if journals.isEmpty {
                return env.out.line("Nothing here yet. Write a first entry: trove entry new \"…\"  (or bring your history: trove import dayone EXPORT.zip)")
            }
            let color = env.terminal.color
            env.out.line(SGR.apply([.bold], to: "Journals", color: color))
            env.out.table(zip(journals, counts).map { ["  " + $0.name, "\($1) \($1 == 1 ? "entry" : "entries")", $0.isPublic ? "public" : "private"] })
            env.out.line()
            let names = Dictionary(journals.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            if scrolling {
                env.out.line(SGR.apply([.bold], to: limit == nil ? "Entries, newest first" : "Latest entries", color: color))
                let lines = latest.map { row in
                    TimelineView.Line(start: row.start, journal: names[row.parent ?? ""] ?? "", starred: row.starred, title: row.label ?? "")
                }
                return TimelineView().render(lines, width: env.terminal.width, color: color).forEach { env.out.line($0) }
            }
            env.out.line(SGR.apply([.bold], to: "Latest entries", color: color))
            env.out.table(latest.map { row in
                let entry = index.value(of: row).map { Record($0) }.flatMap(Entry.init)
                return ["  " + (entry.map { EntryCard.day($0) } ?? row.start ?? ""), row.starred ? "★" : " ", names[row.parent ?? ""] ?? "", row.label ?? ""]
            })
        }
    }
}
