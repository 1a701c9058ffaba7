import Foundation

/// Runs one shell command as a child `trove` process on the same terminal, so that Ctrl-C stops
/// the command and not the shell.
enum ChildCommand {
    /// Runs `trove ARGUMENTS` and waits; returns its exit code (130 when Ctrl-C stopped it).
    /// The child gets `env`'s variables (the shell's `--store` and `--in-group` among them).
    static func run(_ arguments: [String], _ env: CommandEnvironment) -> Int32 {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        // Input typed ahead while a command runs is kept for the next prompt: no restoring here.
        let outcome = TerminalChild.run(executable, arguments, environment: env.variables)
        switch outcome {
        case .notStarted(let error):
            env.error("cannot run \(executable): \(String(cString: strerror(error)))")
            return 1
        case .signalled:
            // Killed: the terminal showed ^C (or nothing); start the prompt on a fresh line.
            env.out.line()
        case .exited:
            break
        }
        return outcome.code
    }
}
