import Foundation

/// Runs shell lines that come from a script (standard input that is not a terminal) or `trove -c`:
/// no prompt, `#` comments, and a stop at the first failing command, which names its line.
struct ScriptRunner {
    /// Go on after a failing command (`--keep-going`); the exit code still says something failed.
    var keepGoing = false
    /// Where the lines' commands run: the shell's environment, with its options as variables.
    var env: CommandEnvironment

    /// Runs every line `next` gives; returns the exit code.
    func run(lines next: () -> String?) -> Int32 {
        var number = 0
        var failed: Int32 = 0
        while let line = next() {
            number += 1
            switch runLine(line, number: number) {
            case .ok: continue
            case .exit(let code): return failed != 0 && code == 0 ? failed : code
            case .failed(let code):
                failed = failed == 0 ? code : failed
                if !keepGoing {
                    env.error("stopped at line \(number) (--keep-going runs the rest)")
                    return code
                }
            }
        }
        return failed
    }

    /// What one line did.
    enum Outcome: Equatable {
        case ok
        case failed(Int32)
        /// `exit [N]`: stop here.
        case exit(Int32)
    }

    /// Runs the commands of one line, stopping at the first that fails (unless going on).
    func runLine(_ line: String, number: Int) -> Outcome {
        let commands: [[String]]
        do { commands = try ShellWords.commands(line) } catch {
            env.error("line \(number): \(error)")
            return .failed(2)
        }
        var outcome = Outcome.ok
        for words in commands {
            if let code = Self.exitCode(words) { return .exit(code) }
            let code = CommandLineRunner.run(Self.arguments(words), env: env)
            if code != 0 {
                outcome = .failed(code)
                if !keepGoing { return outcome }
            }
        }
        return outcome
    }

    /// The command's arguments: a leading `trove` is allowed, as if the line were typed at a system shell.
    static func arguments(_ words: [String]) -> [String] {
        words.first == "trove" ? Array(words.dropFirst()) : words
    }

    /// The exit code of an `exit` or `quit` line (`exit 3`), or nil for any other command.
    static func exitCode(_ words: [String]) -> Int32? {
        guard let first = words.first, first == "exit" || first == "quit", words.count <= 2 else { return nil }
        return words.count == 2 ? Int32(words[1]) ?? 2 : 0
    }
}
