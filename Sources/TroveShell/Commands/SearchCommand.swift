import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON

/// `trove search TEXT`: full-text search over every record, best match first.
struct SearchCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find records by their words, best match first.",
        discussion: """
            Every word must match, as a prefix, ignoring case and accents; titles and names weigh most.
            The stores of your groups are searched too, and their hits say which group they are in.
            Examples:
              trove search canal
              trove search creme brul --type entry
              trove search walk --limit 5 --json
            """)

    @Argument(help: "The words to find.")
    var words: [String]

    @Option(help: ArgumentHelp("Only records of this type, e.g. entry, event, dog.", valueName: "type"), completion: DataCompletion.recordTypes)
    var type: String?

    @Option(help: "At most this many hits.")
    var limit = 20

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        // Characters, not Foundation's trimming, whose `CharacterSet` had Swift's runtime search its conformance
        // tables at every search's start (issue 25).
        if words.allSatisfy({ $0.allSatisfy { $0.isWhitespace } }) { throw ValidationError("give the words to search for") }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run(_ env: CommandEnvironment) throws {
        try env.out.paged {
            let index = try storeOptions.openIndex(env)
            if let type { try index.store.recordFormat(type) }
            let color = !output.json && env.terminal.color
            let marks = color ? (SGR.start([.bold]), SGR.reset) : ("[", "]")
            let text = words.joined(separator: " ")
            // Hits from the personal store, then each group's; one list, best first.
            var hits = try index.search(text, type: type, limit: limit, highlight: marks).map { (place: nil as String?, hit: $0) }
            if storeOptions.group == nil {
                let personal = storeOptions.group(env) == nil ? index.store : nil
                for (name, groupIndex) in SharedStores.indexes(storeOptions, env, personal: personal) {
                    hits += try groupIndex.search(text, type: type, limit: limit, highlight: marks).map { (place: name, hit: $0) }
                }
                hits = Array(hits.sorted { $0.hit.rank < $1.hit.rank }.prefix(limit))
            }
            if output.json {
                env.out.json(.array(hits.map { place, hit in
                    ["id": .string(hit.record.id), "type": .string(hit.record.type), "label": hit.record.label.map(JSONValue.string) ?? .null,
                     "date": hit.record.start.map(JSONValue.string) ?? .null, "snippet": .string(hit.snippet), "rank": .double(hit.rank),
                     "group": place.map(JSONValue.string) ?? .null]
                }))
                return
            }
            guard !hits.isEmpty else {
                env.out.line("No records match '\(words.joined(separator: " "))'.")
                return
            }
            for (place, hit) in hits {
                let date = LocalTime.text(hit.record.start ?? hit.record.createdAt, dayOnly: true)
                let label = [hit.record.type, date, hit.record.label ?? "", hit.record.id, place.map { "(in \($0))" } ?? ""]
                env.out.line(label.filter { !$0.isEmpty }.joined(separator: "  "))
                env.out.line("    " + hit.snippet.replacingOccurrences(of: "\n", with: " "))
            }
        }
    }
}
