import ArgumentParser
import Foundation

/// `trove reindex`: rebuild the SQLite index from the records.
struct ReindexCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex", abstract: "Rebuild the search and listing index from the records.",
        discussion: """
            The index (.git/trove/index.sqlite) is a cache: trove keeps it current by itself and rebuilds
            it when it is damaged. Run this if 'trove check' reports a difference.
            Example: trove reindex
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let store = try storeOptions.open(env)
        let start = Date()
        let count = try StoreOptions.index(of: store, rebuilding: true, announcing: false, env: env).recordCount()
        let seconds = Date().timeIntervalSince(start)
        if output.json {
            env.out.json(["records": .integer(count), "seconds": .double((seconds * 1000).rounded() / 1000)])
        } else {
            env.out.line("Indexed \(count) record\(count == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s.")
        }
    }
}
