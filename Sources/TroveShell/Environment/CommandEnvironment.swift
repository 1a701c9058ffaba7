import Foundation

/// What a command reads, writes and asks of its surroundings: standard input, standard output and
/// standard error, the terminal's properties and the environment variables. Commands get one passed in
/// (`TroveCommand.run(_:)`) instead of reaching for the process's, so that a test can run them in process,
/// many at once, each over its own buffers (git-bug's `execenv.Env` does the same).
///
/// The real process's is `CommandEnvironment.process`; a test builds one over memory:
///
///     let env = CommandEnvironment.capturing(input: "Walked by the river.\n",
///                                            variables: ["TROVE_STORE": folder])
///     let code = CommandLineRunner.run(["entry", "new", "-"], env: env)
///     #expect(code == 0)
///     #expect(env.out.text.hasPrefix("Wrote entry"))
///     #expect(env.err.text.isEmpty)
///
/// The shell passes its own options to the lines it runs by deriving an environment with more
/// variables (`adding(_:)`): `--store` as `TROVE_STORE`, `--in-group` as `TROVE_GROUP`.
public final class CommandEnvironment: Sendable {
    /// Standard input.
    public let input: InputReader
    /// Standard output: what the command was asked for.
    public let out: OutputWriter
    /// Standard error: errors, warnings, progress and questions.
    public let err: OutputWriter
    /// Which of the three are terminals, and what the terminal can do.
    public let terminal: TerminalTraits
    /// The environment variables commands read (`TROVE_STORE`, `PAGER`, `EDITOR`, `XDG_…`).
    public let variables: [String: String]
    /// The groups' stores this command opened (`--in-group`): changed ones are pushed to their hubs when it ends.
    let openedGroups = GroupContext.Opened()

    public init(input: InputReader, out: OutputWriter, err: OutputWriter, terminal: TerminalTraits, variables: [String: String]) {
        self.input = input
        self.out = out
        self.err = err
        self.terminal = terminal
        self.variables = variables
    }

    /// This process's standard input, output and error, terminal and environment.
    public static let process: CommandEnvironment = {
        // Read once, for the terminal's traits and the commands alike.
        let variables = processVariables()
        let terminal = TerminalTraits.process(environment: variables)
        return CommandEnvironment(input: .standardInput,
                                  out: OutputWriter(descriptor: STDOUT_FILENO, terminal: terminal),
                                  err: OutputWriter(descriptor: STDERR_FILENO, terminal: terminal),
                                  terminal: terminal, variables: variables)
    }()

    /// This process's environment variables, read from `environ` (the first of a name repeated, as `getenv` reads):
    /// `ProcessInfo`'s copy cost every command's start 0.19 ms, most of it Swift's runtime searching its conformance
    /// tables (issue 25, `perf`).
    static func processVariables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            defer { entry += 1 }
            let text = String(cString: pointer)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[..<equals])
            if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
        }
        return variables
    }

    /// An environment over memory, for tests: `input` is standard input, and what the command writes is kept
    /// in `out.text` and `err.text`. No terminal unless `terminal` says so.
    public static func capturing(input: String = "", terminal: TerminalTraits = .none, variables: [String: String] = [:]) -> CommandEnvironment {
        CommandEnvironment(input: InputReader(bytes: Array(input.utf8)), out: OutputWriter(terminal: terminal),
                           err: OutputWriter(terminal: terminal), terminal: terminal, variables: variables)
    }

    /// The same input, output and terminal, with `variables` set over these (the shell's options for its lines).
    func adding(_ variables: [String: String]) -> CommandEnvironment {
        CommandEnvironment(input: input, out: out, err: err, terminal: terminal,
                           variables: self.variables.merging(variables) { $1 })
    }

    /// Says what went wrong on standard error, after `trove: `.
    func error(_ text: String) {
        err.line("trove: " + text)
    }
}
