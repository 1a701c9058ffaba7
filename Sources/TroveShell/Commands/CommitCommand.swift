import ArgumentParser
import TroveJSON
import TroveStore

/// `trove commit -m MSG`: validate and commit hand edits.
struct CommitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit", abstract: "Validate the records you edited by hand and commit them.",
        discussion: "Example: trove commit -m \"Fix a typo in Tuesday's entry\"")

    @Option(name: .shortAndLong, help: "The commit message.")
    var message: String

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try storeOptions.open()
        let result = try store.commitHandEdits(message: message)
        let foreign = result.leftAlone
        if output.json {
            Output.json([
                "commit": result.commit.map { .string($0.hex) } ?? .null, "summary": .string(result.summary),
                "leftAlone": .array(foreign.map { .string($0) }),
            ])
            return
        }
        Output.line(result.commit == nil ? "Nothing to commit." : "Committed \(result.commit!.short): \(result.summary)")
        for path in foreign { Output.line("Left alone (not a Trove file): \(path)") }
    }
}
