import ArgumentParser
import Foundation

/// `trove shell`: read commands line by line, from a terminal or a script.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell", abstract: "Run commands one per line (the default when trove is run with no command).",
        discussion: "In a script, '#' starts a comment and the first failing line stops the run.")

    @Flag(help: "In a script, go on after a failing line.")
    var keepGoing = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let code = LineShell(store: storeOptions.store, keepGoing: keepGoing).run()
        if code != 0 { throw ExitCode(code) }
    }
}
