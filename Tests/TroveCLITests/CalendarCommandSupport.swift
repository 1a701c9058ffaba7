import Foundation
import Testing
import TroveTestSupport

/// A store for the calendar commands, read in New York time so that absolute dates give the same days anywhere.
final class CalendarFixture: @unchecked Sendable {
    let base: CLIFixture

    init() throws {
        base = try CLIFixture()
        base.cli.extraEnvironment["TZ"] = "America/New_York"
    }

    var store: String { base.store }
    var folder: TemporaryFolder { base.folder }

    /// HEAD's commit id, by the git program.
    func head() throws -> String { try base.head() }

    /// Runs `trove ARGUMENTS` and expects it to succeed.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutput {
        try ok(arguments, sourceLocation: sourceLocation)
    }

    /// Runs `trove ARGUMENTS`, with `input` on standard input, and expects it to succeed.
    @discardableResult
    func ok(_ arguments: [String], input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutput {
        let output = try base.cli.run(arguments, input: input)
        #expect(output.status == 0, "trove \(arguments.joined(separator: " ")) failed (\(output.status)): \(output.stderr)", sourceLocation: sourceLocation)
        return output
    }

    /// Runs `trove ARGUMENTS --json` and parses its output.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let output = try base.cli.run(arguments + ["--json"])
        #expect(output.status == 0, "trove \(arguments.joined(separator: " ")) --json failed: \(output.stderr)", sourceLocation: sourceLocation)
        return try #require(parseJSON(output.stdout), "not JSON: \(output.stdout)", sourceLocation: sourceLocation)
    }

    /// The id `trove … add … --json` printed.
    @discardableResult
    func add(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = try base.cli.run(arguments + ["--json"])
        #expect(output.status == 0, "trove \(arguments.joined(separator: " ")) failed: \(output.stderr)", sourceLocation: sourceLocation)
        let object = try #require(parseJSON(output.stdout) as? [String: Any], "not JSON: \(output.stdout)", sourceLocation: sourceLocation)
        return try #require(object["id"] as? String, sourceLocation: sourceLocation)
    }

    /// Runs `trove ARGUMENTS`, expects exit status 1, an error on standard error and no new commit; returns the error text.
    @discardableResult
    func refused(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = try head()
        let output = try base.cli.run(arguments)
        #expect(output.status == 1, "trove \(arguments.joined(separator: " ")) returned \(output.status): \(output.stdout)\(output.stderr)", sourceLocation: sourceLocation)
        #expect(!output.stderr.isEmpty, "no message for trove \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        #expect(try head() == before, "trove \(arguments.joined(separator: " ")) made a commit", sourceLocation: sourceLocation)
        try base.expectClean(sourceLocation: sourceLocation)
        return output.stderr
    }

    /// `agenda --from --to --json`'s items.
    func agenda(_ from: String, _ to: String, _ more: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let output = try base.cli.run(["agenda", "--from", from, "--to", to, "--json"] + more)
        #expect(output.status == 0, "agenda failed: \(output.stderr)", sourceLocation: sourceLocation)
        return try #require(parseJSON(output.stdout) as? [[String: Any]], "not JSON: \(output.stdout)", sourceLocation: sourceLocation)
    }

    /// Writes a file in the fixture's folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.child(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The shared iCalendar fixtures (`shared/fixtures/ics` beside the package).
enum CalendarCLIFixtures {
    static let folder = StoreAudit.packageRoot + "/../shared/fixtures/ics"

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    static func path(_ name: String) -> String { folder + "/" + name }
}

extension String {
    /// The blocks of text between blank lines, each as its lines.
    var blocks: [[String]] {
        components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }.filter { !$0.isEmpty }
    }
}
