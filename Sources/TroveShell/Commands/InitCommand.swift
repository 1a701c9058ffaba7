import ArgumentParser
import TroveIndex
import TroveStore

/// `trove init [PATH]`: create a store.
struct InitCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new store.",
        discussion: "PATH must not exist or be an empty folder. Example: trove init ~/notes")

    @Argument(help: "Where to create the store (default: the --store path).", completion: .directory)
    var path: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws { try storeOptions.refuseGroup(making: "init") }

    func run(_ env: CommandEnvironment) throws {
        let store = try Store.create(at: path ?? storeOptions.path(env))
        _ = try StoreOptions.index(of: store, announcing: false, env: env)
        if output.json {
            env.out.json(["path": .string(store.path), "storeId": try store.metadata()["storeId"] ?? .null])
        } else {
            env.out.line("Created a store at \(store.path)")
        }
    }
}
