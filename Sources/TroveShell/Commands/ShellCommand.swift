import ArgumentParser
import Foundation

/// `trove shell`: the interactive shell on a terminal; a script when standard input is not one.
struct ShellCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell", abstract: "Run commands one per line (what trove does with no command).",
        discussion: """
            On a terminal this is the interactive shell: Tab completes, Up and Ctrl-R recall,
            Ctrl-C drops the line or stops the command, Ctrl-D or exit leaves. History is kept in
            $XDG_STATE_HOME/trove/history ($TROVE_HISTORY overrides); a line typed with a leading
            space is not kept.

            Otherwise standard input is read as a script: '#' starts a comment, ';' separates
            commands, and the first failing command stops the run with its exit code, naming the line.

            Examples:
              trove                                   (the shell)
              trove -c 'status; record list dog'
              trove shell --keep-going < nightly.trove
            """)

    @Option(name: .customShort("c"), help: ArgumentHelp("Run these commands (separated by ';') and exit.", valueName: "line"))
    var line: String?

    @Flag(help: "In a script, go on after a failing command (the exit code still reports it).")
    var keepGoing = false

    @OptionGroup var storeOptions: StoreOptions

    func run(_ env: CommandEnvironment) throws {
        let lines = env.adding(carriedOptions)
        // A group the machine does not know is refused here, as by every command.
        let storePath = try storeOptions.path(lines)
        let script = ScriptRunner(keepGoing: keepGoing, env: lines)
        let code: Int32
        if let line {
            var given = [line][...]
            code = script.run { given.popFirst() }
        } else if env.terminal.inputIsTerminal {
            code = InteractiveShell(storePath: storePath, env: lines).run()
        } else {
            code = script.run { env.input.readLine() }
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// The shell's `--store` and `--in-group`, for every line's command: as the variables `TROVE_STORE` and
    /// `TROVE_GROUP` of its environment (appended to each line as options they broke the commands that take no
    /// store, such as help and completions), so that a line's own `--store` or `--in-group` wins.
    var carriedOptions: [String: String] {
        var variables: [String: String] = [:]
        if let store = storeOptions.store {
            variables["TROVE_STORE"] = store
            // A store chosen here is the personal one unless --in-group says otherwise, whatever the shell inherited.
            variables["TROVE_GROUP"] = ""
        }
        if let group = storeOptions.group { variables["TROVE_GROUP"] = group }
        return variables
    }
}
