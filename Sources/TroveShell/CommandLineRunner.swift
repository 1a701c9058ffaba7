import ArgumentParser
import Foundation
import TroveGit
import TroveIndex
import TroveInterchange
import TroveKit
import TroveStore

/// Runs one command line and turns every outcome into an exit code: 0 ok, 1 error, 2 usage.
public enum CommandLineRunner {
    /// Parses and runs `arguments` (without the program name) in `env`: its input, output, terminal and
    /// variables; returns the exit code.
    public static func run(_ arguments: [String], env: CommandEnvironment) -> Int32 {
        let arguments = movingGlobalOptions(arguments)
        var command: ParsableCommand
        do {
            command = try Trove.parse(arguments)
        } catch {
            // Only a line that does not parse is worth a look through the whole command tree
            // (`--help` and `--version` end parsing too, successfully).
            if Trove.exitCode(for: error) != .success, let message = UnknownCommand.message(for: arguments) {
                env.error(message)
                return 2
            }
            return report(error, env: env)
        }
        // The user's key, if they made one, signs every commit from here on (see `KeySigner`). The store keeps the
        // signer process-wide: commands run at once in one process (tests) must share one user's key, or none.
        Store.defaultCommitSigner = KeySigner.forCurrentUser(env.variables)
        StoreWarnings.routeToRunningCommand()
        return StoreWarnings.$environment.withValue(env) {
            do {
                if let command = command as? TroveCommand {
                    try command.run(env)
                } else {
                    // A command that only groups others: ArgumentParser's run asks for a subcommand.
                    try command.run()
                }
                // Changes made in a group's store (--in-group) go to its hub, so the members see them.
                env.openedGroups.pushChanged(env)
                return 0
            } catch {
                return report(error, env: env)
            }
        }
    }

    /// Prints what went wrong (`ErrorText`) to `env.err` and returns the exit code: 1 for errors, 2 for usage.
    private static func report(_ error: Error, env: CommandEnvironment) -> Int32 {
        if let text = ErrorText.text(for: error) {
            env.error(text)
            return 1
        }
        // ArgumentParser's own: help and version (success, to standard output), usage (2) and the rest.
        let code = Trove.exitCode(for: error)
        let message = Trove.fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { env.out.line(message) }
            return 0
        }
        if code == .validationFailure {
            env.err.line(message)
            return 2
        }
        if !message.isEmpty { env.error(message) }
        return code.rawValue
    }

    /// Moves `--store PATH`, `--in-group NAME` and `--json` written before the command name to its end, where the command parses them.
    /// `trove -c LINE` and `trove --keep-going` are the shell's options, so they mean `trove shell …`.
    static func movingGlobalOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first == "-c" || first == "--keep-going" {
                return ["shell"] + rest + leading.filter { $0 != "--json" }
            }
            if first == "--store" || first == "--in-group", rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--store=") || first.hasPrefix("--in-group=") || first == "--json" {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        // Only global options, as in `trove --store PATH` or `trove --in-group NAME`: the shell on that store, like `trove` alone.
        if rest.isEmpty && !leading.isEmpty { return ["shell"] + leading.filter { $0 != "--json" } }
        // `record put` still reads `--json VALUE` as its input (now `--fields`); its output is an id either way.
        if rest.starts(with: ["record", "put"]) { leading.removeAll { $0 == "--json" } }
        var moved = Array(rest)
        moved.insert(contentsOf: leading, at: moved.firstIndex(of: "--") ?? moved.endIndex)
        return moved
    }
}

/// A command that ran and failed, with the message to show.
struct CommandFailure: Error {
    var message: String
}
