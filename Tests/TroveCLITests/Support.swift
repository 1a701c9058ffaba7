import Foundation
import Testing
import TroveTestSupport

/// A store made by `trove init` in its own temporary folder, driven through the binary.
final class CLIFixture: @unchecked Sendable {
    let folder = TemporaryFolder("trove-cli-test")
    var cli: TroveCLI

    /// Creates the store unless `initialise` is false.
    init(initialise: Bool = true) throws {
        cli = TroveCLI(home: folder.child("home"), store: folder.child("store"))
        if initialise {
            let output = try cli.run("init")
            #expect(output.status == 0, "trove init failed: \(output.stderr)")
        }
    }

    var store: String { cli.store }

    /// Runs `trove ARGUMENTS`.
    @discardableResult
    func trove(_ arguments: String..., input: String? = nil) throws -> ProcessOutput {
        try cli.run(arguments, input: input)
    }

    /// Runs the git program in the store.
    @discardableResult
    func git(_ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: store, environment: cli.environment.merging([
            "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        ]) { _, new in new })
    }

    /// HEAD's commit id, by the git program.
    func head() throws -> String { try git("rev-parse", "HEAD").trimmed }

    /// The number of commits reachable from HEAD, by the git program.
    func commitCount() throws -> Int { Int(try git("rev-list", "--count", "HEAD").trimmed) ?? -1 }

    /// The full `git log` text, to compare before and after a refused command.
    func gitLog() throws -> String { try git("log", "--format=%H %s").stdout }

    /// Puts one record and returns its id.
    @discardableResult
    func put(_ type: String = "dog", _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = try cli.run(["record", "put", type, "--json", json])
        #expect(output.status == 0, "record put failed: \(output.stderr)", sourceLocation: sourceLocation)
        return output.trimmed
    }

    /// The records of a type, through `record list TYPE --json`.
    func list(_ type: String = "dog", sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let output = try cli.run(["record", "list", type, "--json"])
        #expect(output.status == 0, "record list failed: \(output.stderr)", sourceLocation: sourceLocation)
        return try #require(parseJSON(output.stdout) as? [[String: Any]], sourceLocation: sourceLocation)
    }

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
        #expect(status.status == 0, "\(status.stderr)", sourceLocation: sourceLocation)
        #expect(status.stdout.isEmpty, "git status is not clean:\n\(status.stdout)", sourceLocation: sourceLocation)
    }

    /// Asserts `git fsck --strict` passes.
    func expectFsck(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fsck = try git("fsck", "--strict", "--no-dangling")
        #expect(fsck.status == 0, "git fsck --strict: \(fsck.stdout)\(fsck.stderr)", sourceLocation: sourceLocation)
        let complaints = (fsck.stdout + fsck.stderr).split(separator: "\n")
            .filter { $0.contains("error") || $0.contains("warning") || $0.contains("missing") || $0.contains("broken") }
        #expect(complaints.isEmpty, "\(complaints)", sourceLocation: sourceLocation)
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
