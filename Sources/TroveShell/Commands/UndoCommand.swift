import ArgumentParser
import TroveStore

/// `trove undo`: revert the last action with a new commit.
struct UndoCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Undo your last action (a new commit; history is kept).",
        discussion: """
            It refuses to overwrite a file you edited by hand; 'trove log' shows what it would undo.
            Example: trove undo
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        env.out.commitResult(try storeOptions.open(env).undo(), json: output.json)
    }
}
