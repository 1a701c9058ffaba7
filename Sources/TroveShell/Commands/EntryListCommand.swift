import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// `trove entry list`: entries newest first, a page at a time.
struct EntryListCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List entries, newest first.",
        discussion: """
            Examples:
              trove entry list
              trove entry list --journal Travels --tag paris
              trove entry list --from 2026-01-01 --to 2026-03-31 --starred
              trove entry list --limit 20 --offset 20        (the second page of 20)
            """)
    @Option(name: .shortAndLong, help: ArgumentHelp("Only this journal's entries.", valueName: "name"), completion: DataCompletion.names(of: ["journal"]))
    var journal: String?
    @Option(help: ArgumentHelp("Only entries with this tag.", valueName: "tag"), completion: DataCompletion.tags) var tag: String?
    @Option(help: ArgumentHelp("Only entries on or after this day.", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("Only entries on or before this day.", valueName: "date")) var to: String?
    @Flag(help: "Only starred entries.") var starred = false
    @Option(help: "At most this many (default 50).") var limit = 50
    @Option(help: "Skip this many first.") var offset = 0
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        if offset < 0 { throw ValidationError("--offset must not be negative") }
    }

    func run(_ env: CommandEnvironment) throws {
        var query = RecordQuery(type: RecordType.entry, tag: tag.map(EntryChanges.tag), starredOnly: starred)
        query.from = try from.map { Timestamp.string(try DateInput.dayStart($0)) }
        query.before = try to.map { Timestamp.string(try DateInput.dayStart($0).addingTimeInterval(86_400)) }
        try env.out.paged {
            let index = try storeOptions.openIndex(env)
            let book = JournalBook(store: index.store)
            let journals = try book.all()
            if let journal { query.parent = try book.journal(named: journal).id }
            // One row more than the page tells whether there is a next page, without counting every match.
            var rows = try index.records(matching: query, sort: .start, descending: true, page: IndexPage(offset: offset, limit: limit + 1))
            let hasMore = rows.count > limit
            rows = Array(rows.prefix(limit))
            if output.json {
                return env.out.json(.array(rows.compactMap(index.value(of:))))
            }
            guard !rows.isEmpty else {
                return env.out.line(offset > 0 ? "No entries after the first \(offset)." : "No entries\(query == RecordQuery(type: RecordType.entry) ? " yet: trove entry new \"…\"" : " match").")
            }
            let names = Dictionary(journals.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            env.out.table(rows.map { row in
                let entry = index.value(of: row).map { Record($0) }.flatMap(Entry.init)
                return [String(row.id.prefix(13)), entry.map { EntryCard.day($0, withTime: true) } ?? row.start ?? "",
                        row.starred ? "★" : " ", names[row.parent ?? ""] ?? "",
                        (row.label ?? "") + (entry.map { $0.tags.isEmpty ? "" : "  #" + $0.tags.joined(separator: " #") } ?? "")]
            })
            if hasMore {
                // Only an unfiltered listing has its total at hand (the index keeps a count per type).
                let total = query == RecordQuery(type: RecordType.entry) ? " of \(try index.count(matching: query))" : ""
                env.error("showing \(offset + 1)-\(offset + rows.count)\(total); --offset \(offset + rows.count) for the next page")
            }
        }
    }
}
