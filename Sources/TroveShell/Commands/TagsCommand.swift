import ArgumentParser
import TroveJSON

/// `trove tags`: every tag on entries, with how many carry it.
struct TagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "List entry tags with their counts, most used first.",
        discussion: "Examples:\n  trove tags\n  trove entry list --tag walk      (the entries with one)")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.paged {
            let tags = try storeOptions.openIndex().tags(type: "entry")
            if output.json { return Output.json(.array(tags.map { ["tag": .string($0.tag), "count": .integer($0.count)] })) }
            if tags.isEmpty { return Output.line("No tags yet: trove entry new \"…\" --tag walk") }
            Output.table(tags.map { [$0.tag, String($0.count)] })
        }
    }
}
