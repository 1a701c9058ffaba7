import ArgumentParser
import TroveJSON
import TroveStore

/// `trove show ID [--at COMMIT]`: one record, now or at a past commit.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a record, as it is now or as it was at a commit.",
        discussion: "Example: trove show 0193f0a2-... --at HEAD~3")

    @Argument(help: "The record id.", completion: DataCompletion.recordIDs)
    var id: String

    @Option(help: "A commit id (or HEAD~N) to read the record at.")
    var at: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try storeOptions.open()
        let commit = try at.map { try store.resolveCommit($0) }
        guard let record = try store.record(id: id, at: commit) else {
            throw CommandFailure(message: "no record with id \(id)" + (at.map { " at \($0)" } ?? ""))
        }
        Output.json(record.value)
    }
}
