import Foundation
import Testing
import TroveTestSupport
@testable import TroveShell

/// An import brings the SQLite index up to its own commit, so the first command after it waits for nothing.
@Suite("an import brings the index up to date")
struct InProcessImportIndexTests {
    /// The commit the index reflects, read from its file with Python's sqlite3 (not through Trove).
    func indexedCommit(_ fixture: InProcessFixture) throws -> String {
        let read = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("select value from meta where key = 'commit'").fetchone()[0])
            """, fixture.store + "/.git/trove/index.sqlite"], environment: ["PATH": "/usr/bin:/bin"])
        try #require(read.status == 0, "\(read.stderr)")
        return read.trimmed
    }

    func head(_ fixture: InProcessFixture) throws -> String {
        try ProcessRunner.run("/usr/bin/env", ["git", "-C", fixture.store, "rev-parse", "HEAD"], environment: ["PATH": "/usr/bin:/bin"]).trimmed
    }

    @Test("after a jrnl import the index holds its commit; a dry run and an import that adds nothing leave it as it was")
    func importIndexes() throws {
        let fixture = try InProcessFixture()
        fixture.trove("search", "anything")  // the index exists, at init's commit
        let before = try indexedCommit(fixture)
        let file = fixture.folder.child("journal.json")
        let entries = (0..<30).map { #"{"date": "2026-11-0\#($0 % 9 + 1)", "time": "07:\#(10 + $0)", "title": "Walk \#($0)", "body": "canal \#($0)", "tags": [], "starred": false}"# }
        try (#"{"tags": {}, "entries": ["# + entries.joined(separator: ",") + "]}").write(toFile: file, atomically: true, encoding: .utf8)

        let dry = fixture.trove("import", "jrnl", file, "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(try indexedCommit(fixture) == before)

        let imported = fixture.trove("import", "jrnl", file)
        try #require(imported.status == 0, "\(imported.stderr)")
        let commit = try head(fixture)
        #expect(commit != before)
        #expect(try indexedCommit(fixture) == commit, "the import's commit is indexed before the command ends")

        let again = fixture.trove("import", "jrnl", file)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try head(fixture) == commit && indexedCommit(fixture) == commit)
        #expect(fixture.trove("search", "canal").stdout.contains("Walk 0"))
    }
}
