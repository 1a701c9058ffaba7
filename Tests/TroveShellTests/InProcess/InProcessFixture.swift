import Foundation
import Testing
import TroveTestSupport
@testable import TroveShell

/// What one command run in process did: its exit code and what it wrote.
struct InProcessOutput {
    var status: Int32
    var stdout: String
    var stderr: String
    /// What it sent through the pager, one list of lines for each time it paged.
    var paged: [[String]]

    /// Standard output without its trailing newline.
    var trimmed: String { stdout.trimmingCharacters(in: .newlines) }
}

/// A store made by `trove init` in its own temporary folder, driven in process through
/// `CommandLineRunner.run(_:env:)`: each command gets its own environment over memory, so
/// tests run side by side without a binary, and see exactly what each command wrote where.
final class InProcessFixture: @unchecked Sendable {
    let folder = TemporaryFolder("trove-in-process")

    /// Creates the store unless `initialise` is false.
    init(initialise: Bool = true) throws {
        if initialise {
            let output = trove("init")
            #expect(output.status == 0, "trove init failed: \(output.stderr)")
        }
    }

    /// Variables set over the usual ones (an empty `TROVE_STORE`, say).
    var extraVariables: [String: String] = [:]

    var store: String { folder.child("store") }
    var home: String { folder.child("home") }

    /// The variables every command sees: an isolated home and XDG folders, and the store as `TROVE_STORE`.
    var variables: [String: String] {
        ProcessRunner.isolatedEnvironment(home: home).merging(["TROVE_STORE": store]) { $1 }.merging(extraVariables) { $1 }
    }

    /// An environment over memory with `input` on standard input.
    func environment(input: String = "", terminal: TerminalTraits = .none, variables more: [String: String] = [:]) -> CommandEnvironment {
        .capturing(input: input, terminal: terminal, variables: variables.merging(more) { $1 })
    }

    /// Runs `trove ARGUMENTS` in process.
    @discardableResult
    func trove(_ arguments: String..., input: String = "", terminal: TerminalTraits = .none) -> InProcessOutput {
        run(arguments, input: input, terminal: terminal)
    }

    /// Runs `trove ARGUMENTS` in process, in `env` if given.
    @discardableResult
    func run(_ arguments: [String], input: String = "", terminal: TerminalTraits = .none,
             variables: [String: String] = [:]) -> InProcessOutput {
        let env = environment(input: input, terminal: terminal, variables: variables)
        // With no command, `trove` is the shell (as `main` has it).
        let status = CommandLineRunner.run(arguments.isEmpty ? ["shell"] : arguments, env: env)
        return InProcessOutput(status: status, stdout: env.out.text, stderr: env.err.text, paged: env.out.paged)
    }

    /// Puts one record and returns its id.
    @discardableResult
    func put(_ type: String = "dog", _ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let output = run(["record", "put", type, "--json", json])
        #expect(output.status == 0, "record put failed: \(output.stderr)", sourceLocation: sourceLocation)
        return output.trimmed
    }

    /// The records of a type, through `record list TYPE --json`.
    func list(_ type: String = "dog", sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let output = run(["record", "list", type, "--json"])
        #expect(output.status == 0, "record list failed: \(output.stderr)", sourceLocation: sourceLocation)
        return try #require(parseJSON(output.stdout) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// Runs the git program in the store (for checks only).
    @discardableResult
    func git(_ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: store, environment: variables.merging([
            "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { $1 })
    }

    /// The number of commits reachable from HEAD, by the git program.
    func commitCount() throws -> Int { Int(try git("rev-list", "--count", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }

    /// The full `git log` text, to compare before and after a refused command.
    func gitLog() throws -> String { try git("log", "--format=%H %s").stdout }

    /// The store path of a record file, found by the git program.
    func path(of id: String) throws -> String {
        try git("ls-tree", "-r", "--name-only", "HEAD").stdout.split(separator: "\n").map(String.init)
            .first { $0.hasSuffix("/\(id).json") } ?? "(no file for \(id))"
    }

    /// Overwrites a checked-out file, as a person editing by hand would.
    func handEdit(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: store + "/" + relative))
    }

    /// Asserts `git status --porcelain` is empty: the checked-out files and index match HEAD.
    func expectClean(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let status = try git("status", "--porcelain")
        #expect(status.stdout.isEmpty, "git status is not clean:\n\(status.stdout)", sourceLocation: sourceLocation)
    }
}

/// Parses JSON with Foundation, independently of the product's parser.
func parseJSON(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Whether `text` is a lowercase UUIDv7.
func isUUIDv7(_ text: String) -> Bool {
    text.wholeMatch(of: #/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/#) != nil
}

extension TerminalTraits {
    /// Standard output on a terminal of `columns` by `rows`, which pages long output unless `pager` is false.
    /// Standard input is not one: nothing asks, and the test process's own terminal is never touched.
    static func outputTerminal(columns: Int = 80, rows: Int = 24, pager: Bool = true) -> TerminalTraits {
        TerminalTraits(outputIsTerminal: true, colorAllowed: false, pagerAllowed: pager, size: { (columns, rows) })
    }
}
