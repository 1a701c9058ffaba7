import ArgumentParser
import TroveStore

/// `trove undo`: revert the last action with a new commit.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Undo your last action (a new commit; history is kept).")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        Output.commitResult(try storeOptions.open().undo(), json: output.json)
    }
}
