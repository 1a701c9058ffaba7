import ArgumentParser
import TroveJSON
import TroveSchema

/// `trove tags`: every tag on entries, with how many carry it.
struct TagsCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "List entry tags with their counts, most used first.",
        discussion: "Examples:\n  trove tags\n  trove entry list --tag walk      (the entries with one)")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        try env.out.paged {
            let tags = try storeOptions.openIndex(env).tags(type: RecordType.entry)
            if output.json { return env.out.json(.array(tags.map { ["tag": .string($0.tag), "count": .integer($0.count)] })) }
            if tags.isEmpty { return env.out.line("No tags yet: trove entry new \"…\" --tag walk") }
            env.out.table(tags.map { [$0.tag, String($0.count)] })
        }
    }
}
