import ArgumentParser
import Foundation

/// `trove shell`: the interactive shell on a terminal; a script when standard input is not one.
struct ShellCommand: ParsableCommand {
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

    func run() throws {
        // The shell's --store reaches every command as TROVE_STORE: appended to each line as `--store PATH`
        // it broke the commands that take no store (help, completions), and a line's own --store wins.
        if let store = storeOptions.store { setenv("TROVE_STORE", store, 1) }
        // A group the machine does not know is refused here, as by every command (its store is not yet carried
        // into the lines' commands, which work in the personal store).
        let storePath = try storeOptions.path
        let script = ScriptRunner(keepGoing: keepGoing)
        let code: Int32
        if let line {
            var lines = [line][...]
            code = script.run { lines.popFirst() }
        } else if isatty(STDIN_FILENO) == 1 {
            code = InteractiveShell(storePath: storePath).run()
        } else {
            code = script.run { readLine(strippingNewline: true) }
        }
        if code != 0 { throw ExitCode(code) }
    }
}
