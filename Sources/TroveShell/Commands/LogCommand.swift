import ArgumentParser
import TroveJSON
import TroveStore

/// `trove log [ID] [-n N]`: the store's history, or one record's.
struct LogCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Show the history of the store or of one record.",
        discussion: "Examples: trove log -n 5; trove log 0193f0a2-...")

    @Argument(help: "A record id: show only the commits that changed it.", completion: DataCompletion.recordIDs)
    var id: String?

    @Option(name: [.short, .customLong("max-count")], help: "Show at most N commits.")
    var n: Int?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let n, n < 1 { throw ValidationError("-n must be at least 1") }
    }

    func run(_ env: CommandEnvironment) throws {
        try env.out.paged {
            let store = try storeOptions.open(env)
            let entries = try store.history(id: id.map { try TypedRecordID.resolve($0, in: store) }, limit: n)
            if output.json {
                env.out.json(.array(entries.map { entry in
                    ["commit": .string(entry.commit.hex), "parents": .array(entry.parents.map { .string($0.hex) }),
                     "summary": .string(entry.summary), "message": .string(entry.message), "author": .string(entry.author),
                     "email": .string(entry.email), "date": .string(Timestamp.string(entry.date))]
                }))
                return
            }
            env.out.table(entries.map { [$0.commit.short, LocalTime.minutes($0.date), $0.author, $0.summary] })
        }
    }
}
