import Foundation
import Testing
import TroveTestSupport

@Suite("Interop with plain git")
struct InteropTests {
    /// A store with a few commits of every kind trove makes.
    func populated() throws -> (CLIFixture, ids: [String]) {
        let fixture = try CLIFixture()
        let journal = try fixture.put("journal", #"{"name": "Notes"}"#)
        let entry = try fixture.put("entry", #"{"journalId": "\#(journal)", "text": "Hello / world", "date": "2026-11-22T07:30:00.000Z", "location": {"lat": 48.123456789, "lon": 2.5}}"#)
        let dog = try fixture.put("dog", #"{"name": "Rex"}"#)
        try fixture.put("dog", #"{"id": "\#(dog)", "name": "Rex II"}"#)
        let bulk = (0..<300).map { #"{"name": "Bulk \#($0)"}"# }.joined(separator: "\n")
        #expect(try fixture.trove("record", "put", "dog", "--jsonl", "-", input: bulk).status == 0)
        #expect(try fixture.trove("record", "rm", dog, "--yes").status == 0)
        #expect(try fixture.trove("undo").status == 0)
        return (fixture, [journal, entry, dog])
    }

    @Test("git log, git show and git fsck --strict are clean on a store made by trove, and git status is empty")
    func gitReadsTheStore() throws {
        let (fixture, ids) = try populated()
        let log = try fixture.git("log", "--format=%H%x09%an <%ae>%x09%s")
        #expect(log.status == 0 && log.stderr.isEmpty, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.contains("Test User <test@example.invalid>") })
        let troveLog = try #require(parseJSON(try fixture.trove("log", "--json").stdout) as? [[String: Any]])
        #expect(troveLog.compactMap { $0["summary"] as? String } == lines.map { String($0.split(separator: "\t")[2]) })

        let show = try fixture.git("show", "HEAD")
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show.stderr)")
        #expect(show.stdout.contains("Undo"))
        #expect(show.stdout.contains("+  \"name\": \"Rex II\""), "git show has the restored record as a diff")
        let stat = try fixture.git("show", "--stat", "HEAD~2")
        #expect(stat.stdout.contains("300 files changed"), "\(stat.stdout)")
        let cat = try fixture.git("cat-file", "-p", "HEAD")
        #expect(cat.stdout.contains("author Test User <test@example.invalid>"))
        #expect(cat.stdout.contains("committer Test User <test@example.invalid>"))

        try fixture.expectFsck()
        try fixture.expectClean()
        #expect(try fixture.git("diff", "--stat", "HEAD").stdout.isEmpty)
        // What git shows is what trove stores.
        for id in ids {
            let path = try fixture.path(of: id)
            #expect(try fixture.git("show", "HEAD:\(path)").stdout == (try fixture.trove("record", "get", id).stdout))
            #expect(try fixture.git("check-attr", "merge", "--", path).stdout.contains("merge: trove"))
        }
        #expect(try fixture.git("show", "HEAD:\(try fixture.path(of: ids[1]))").stdout.contains("\"lat\": 48.1234568"))
    }

    @Test("commits made with the git program are read by trove, and trove keeps working after them")
    func gitCommitsAreFine() throws {
        let (fixture, ids) = try populated()
        try fixture.handEdit("README.txt", "my notes about this store\n")
        #expect(try fixture.git("add", "README.txt").status == 0)
        #expect(try fixture.git("commit", "-q", "-m", "Add a readme with git").status == 0)

        #expect(try fixture.trove("log", "-n", "1").stdout.contains("Add a readme with git"))
        let check = try fixture.trove("check")
        #expect(check.status == 1, "a foreign committed file is named by check")
        #expect(check.stdout.contains("README.txt"))
        let id = try fixture.put("dog", #"{"name": "After git"}"#)
        #expect(try fixture.trove("record", "get", id).status == 0)
        #expect(try fixture.trove("record", "get", ids[0]).status == 0)
        try fixture.expectClean()
        try fixture.expectFsck()
        #expect(FileManager.default.fileExists(atPath: fixture.store + "/README.txt"))
    }

    @Test("after git gc packs refs and objects and git rewrites the index as version 4, trove keeps working")
    func afterGitHousekeeping() throws {
        let (fixture, ids) = try populated()
        #expect(try fixture.git("update-index", "--index-version", "4").status == 0)
        #expect(try fixture.git("gc", "-q", "--aggressive", "--prune=now").status == 0)
        #expect(FileManager.default.fileExists(atPath: fixture.store + "/.git/packed-refs"))
        let head = try fixture.head()

        let id = try fixture.put("dog", #"{"name": "After gc"}"#)
        #expect(try fixture.git("rev-parse", "HEAD^").trimmed == head)
        try fixture.expectClean()
        #expect(try fixture.trove("record", "put", "dog", "--json", #"{"id": "\#(ids[2])", "name": "Rex III"}"#).status == 0)
        #expect(try fixture.trove("undo").status == 0)
        #expect(try fixture.trove("log", ids[2], "-n", "1").stdout.contains("Undo"))
        #expect(try fixture.trove("record", "get", id).status == 0)
        #expect(try fixture.trove("check").status == 0)
        try fixture.expectClean()
        try fixture.expectFsck()
    }

    @Test("a clone made by the git program has the same files as the store")
    func gitClone() throws {
        let (fixture, _) = try populated()
        let clone = fixture.folder.child("clone")
        let output = try ProcessRunner.run("/usr/bin/env", ["git", "clone", "-q", fixture.store, clone], environment: fixture.cli.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let diff = try ProcessRunner.run("/usr/bin/env", ["diff", "-r", "-x", ".git", fixture.store, clone], environment: fixture.cli.environment)
        #expect(diff.status == 0, "\(diff.stdout)")
    }
}
