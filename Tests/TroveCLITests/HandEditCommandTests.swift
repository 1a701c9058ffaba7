import Foundation
import Testing
import TroveTestSupport

@Suite("trove check, commit, and hand edits")
struct HandEditCommandTests {
    @Test("commit -m commits a record edit and names the foreign files it left alone, in text and JSON")
    func commitLeavesForeignFilesAlone() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let path = try fixture.path(of: id)
        let record = try String(contentsOfFile: fixture.store + "/" + path, encoding: .utf8)
        try fixture.handEdit(path, record.replacingOccurrences(of: "Rex", with: "Max"))
        try fixture.handEdit("notes.txt", "my own notes\n")
        let text = try fixture.trove("commit", "-m", "Rename by hand")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Committed") && text.stdout.contains("Left alone (not a Trove file): notes.txt"))
        #expect(try fixture.trove("record", "get", id).stdout.contains(#""name": "Max""#))
        #expect(FileManager.default.fileExists(atPath: fixture.store + "/notes.txt"))
        let json = try #require(parseJSON(try fixture.trove("commit", "-m", "nothing", "--json").stdout) as? [String: Any])
        #expect(json["commit"] is NSNull)
        #expect(json["leftAlone"] as? [String] == ["notes.txt"])
    }

    @Test("check exits 0 on a clean store")
    func checkClean() throws {
        let fixture = try CLIFixture()
        try fixture.put("dog", #"{"name": "Rex"}"#)
        let output = try fixture.trove("check")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("intact"))
        let json = try fixture.trove("check", "--json")
        #expect(json.status == 0)
        #expect((parseJSON(json.stdout) as? [Any])?.isEmpty == true)
    }

    @Test("check exits 1 naming a record file corrupted by hand and committed with git; other records stay usable")
    func checkNamesCorruptFile() throws {
        let fixture = try CLIFixture()
        let bad = try fixture.put("dog", #"{"name": "Bad"}"#)
        let good = try fixture.put("dog", #"{"name": "Good"}"#)
        let path = try fixture.path(of: bad)
        try fixture.handEdit(path, "{ this is not json\n")
        #expect(try fixture.git("commit", "-q", "-am", "Corrupt a record").status == 0)

        let output = try fixture.trove("check")
        #expect(output.status == 1)
        #expect(output.stdout.contains(path), "\(output.stdout)")
        #expect(output.stderr.contains("1 problem"))
        let json = try #require(parseJSON(try fixture.trove("check", "--json").stdout) as? [[String: Any]])
        #expect(json.map { $0["path"] as? String } == [path])

        #expect(try fixture.trove("record", "get", good).status == 0)
        #expect(try fixture.list().compactMap { $0["id"] as? String } == [good])
        #expect(try fixture.trove("status").status == 0)
        #expect(try fixture.trove("record", "get", bad).status == 1)
        try fixture.put("dog", #"{"name": "New"}"#)
    }

    @Test("commit -m validates and commits a hand edit canonically")
    func commitHandEdit() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let path = try fixture.path(of: id)
        var record = try #require(parseJSON(try fixture.trove("record", "get", id).stdout) as? [String: Any])
        record["name"] = "Rex, edited by hand"
        let compact = try JSONSerialization.data(withJSONObject: record)
        try fixture.handEdit(path, String(decoding: compact, as: UTF8.self))
        try fixture.handEdit("notes.txt", "mine\n")

        let status = try fixture.trove("status")
        #expect(status.stdout.contains(path), "status lists the hand edit: \(status.stdout)")
        #expect(status.stdout.contains("trove commit"))

        let commit = try fixture.trove("commit", "-m", "Fix the name")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout.contains("Fix the name"))
        #expect(commit.stdout.contains("notes.txt"), "foreign files are reported as left alone")
        #expect(try fixture.git("log", "-1", "--format=%s").trimmed == "Fix the name")
        let stored = try fixture.trove("record", "get", id)
        #expect((parseJSON(stored.stdout) as? [String: Any])?["name"] as? String == "Rex, edited by hand")
        #expect(try String(contentsOfFile: fixture.store + "/" + path, encoding: .utf8) == stored.stdout, "rewritten canonically")
        #expect(try fixture.git("status", "--porcelain").stdout == "?? notes.txt\n")
        #expect(try fixture.trove("commit", "-m", "again").stdout.contains("Nothing to commit"))
    }

    @Test("a hand edit of createdAt, which the store manages, is put back and trove commit says so")
    func createdAtPutBack() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let path = try fixture.path(of: id)
        var record = try #require(parseJSON(try fixture.trove("record", "get", id).stdout) as? [String: Any])
        let created = try #require(record["createdAt"] as? String)
        record["createdAt"] = "2001-01-01T00:00:00.000Z"
        record["name"] = "Rex the Second"
        try fixture.handEdit(path, String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self))
        let commit = try fixture.trove("commit", "-m", "Rename and backdate")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(commit.stdout.contains("Put back: \(path): createdAt is kept as \(created)"), "\(commit.stdout)")
        let stored = try #require(parseJSON(try fixture.trove("record", "get", id).stdout) as? [String: Any])
        #expect(stored["createdAt"] as? String == created && stored["name"] as? String == "Rex the Second")
    }

    @Test("commit -m refuses an invalid hand edit, naming the file and field, and commits nothing")
    func commitRefusesInvalidEdit() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let path = try fixture.path(of: id)
        let original = try String(contentsOfFile: fixture.store + "/" + path, encoding: .utf8)
        try fixture.handEdit(path, original.replacingOccurrences(of: "\"name\": \"Rex\"", with: "\"name\": \"Rex\",\n  \"sex\": \"sometimes\""))
        let log = try fixture.gitLog()

        let output = try fixture.trove("commit", "-m", "Bad edit")
        #expect(output.status == 1)
        #expect(output.stderr.contains(path) && output.stderr.contains("the sex is \"sometimes\""), "\(output.stderr)")
        #expect(try fixture.gitLog() == log)

        let check = try fixture.trove("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains(path) && check.stdout.contains("uncommitted hand edit"), "\(check.stdout)")

        try fixture.handEdit(path, "{\"name\": \n")
        let broken = try fixture.trove("commit", "-m", "Broken edit")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(path) && broken.stderr.contains("line 2"), "\(broken.stderr)")
        #expect(try fixture.gitLog() == log)
    }

    @Test("a command that would overwrite a hand edit refuses and says why")
    func refusesToOverwrite() throws {
        let fixture = try CLIFixture()
        let id = try fixture.put("dog", #"{"name": "Rex"}"#)
        let path = try fixture.path(of: id)
        try fixture.handEdit(path, "{\"name\": \"mine\"}\n")
        let log = try fixture.gitLog()

        let put = try fixture.trove("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Theirs"}"#)
        #expect(put.status == 1)
        #expect(put.stderr.contains(path) && put.stderr.contains("uncommitted hand edits"), "\(put.stderr)")
        #expect(put.stderr.contains("trove commit") && put.stderr.contains("git checkout"))
        let rm = try fixture.trove("record", "rm", id, "--yes")
        #expect(rm.status == 1)
        #expect(rm.stderr.contains("uncommitted hand edits"))
        let undo = try fixture.trove("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("uncommitted hand edits"))

        #expect(try fixture.gitLog() == log)
        #expect(try String(contentsOfFile: fixture.store + "/" + path, encoding: .utf8) == "{\"name\": \"mine\"}\n")
        // Restoring the file with git clears the way.
        #expect(try fixture.git("checkout", "--", path).status == 0)
        #expect(try fixture.trove("record", "rm", id, "--yes").status == 0)
    }

    @Test("a second writer waits a bounded time for the lock, then says another process is writing")
    func lockTimeout() throws {
        let fixture = try CLIFixture()
        let lockFile = fixture.store + "/.git/trove/lock"
        let descriptor = open(lockFile, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        fixture.cli.extraEnvironment["TROVE_LOCK_TIMEOUT"] = "0.5"
        let started = Date()
        let output = try fixture.trove("record", "put", "dog", "--json", #"{"name": "Waiting"}"#)
        let waited = Date().timeIntervalSince(started)
        #expect(output.status == 1)
        #expect(output.stderr.contains("another trove process is writing"), "\(output.stderr)")
        #expect(waited >= 0.5 && waited < 10)
        #expect(try fixture.commitCount() == 1)
        // Reading does not need the lock.
        #expect(try fixture.trove("status").status == 0)
        flock(descriptor, LOCK_UN)
        #expect(try fixture.trove("record", "put", "dog", "--json", #"{"name": "Now"}"#).status == 0)
    }

    @Test("a stale git lock file left by a killed writer is cleared by the next writer")
    func staleLockCleared() throws {
        let fixture = try CLIFixture()
        // What a writer killed mid-commit leaves: its pid in the trove lock file and git's index.lock.
        try Data("999999\n".utf8).write(to: URL(fileURLWithPath: fixture.store + "/.git/trove/lock"))
        try Data().write(to: URL(fileURLWithPath: fixture.store + "/.git/index.lock"))
        let output = try fixture.trove("record", "put", "dog", "--json", #"{"name": "After a crash"}"#)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.store + "/.git/index.lock"))
        try fixture.expectClean()
    }
}
