import Foundation
import Testing
import TroveTestSupport

/// `trove search`, `trove reindex`, and the index behind `status`, `record list` and `check`.
@Suite("the index through the trove command")
struct IndexCommandTests {
    static let journal = "01a19623-efe0-71a9-a718-6f22d3699524"

    /// Puts a journal entry and returns its id.
    @discardableResult
    static func entry(_ fixture: CLIFixture, title: String? = nil, text: String, date: String = "2026-11-22T07:30:00.000Z",
                      tags: [String] = []) throws -> String {
        var fields: [String: Any] = ["journalId": journal, "date": date, "text": text, "tags": tags]
        if let title { fields["title"] = title }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        return try fixture.put("entry", json)
    }

    /// The index file of the fixture's store.
    static func indexFile(_ fixture: CLIFixture) -> String { fixture.store + "/.git/trove/index.sqlite" }

    /// Runs the sqlite3 program on the index, to tamper with it as a test.
    @discardableResult
    static func sqlite(_ fixture: CLIFixture, _ commands: String...) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["sqlite3", indexFile(fixture)] + commands, environment: fixture.cli.environment)
    }

    @Test("readers keep answering while reindex rebuilds a smaller index under them (the file is read mapped)")
    func readersDuringRebuild() throws {
        let fixture = try CLIFixture()
        let lines = (0..<1500).map { "2026-01-\(String(format: "%02d", $0 % 28 + 1)) 09:\(String(format: "%02d", $0 % 60)) Walk \($0).\nAlong the canal, stop \($0).\n" }
        let file = try fixture.folder.write("walks.txt", lines.joined(separator: "\n"))
        try #require(fixture.trove("import", "jrnl", file, "--journal", "Walks").status == 0)
        try #require(fixture.trove("journal", "rm", "Walks", "--yes").status == 0)
        let size = { (try? FileManager.default.attributesOfItem(atPath: Self.indexFile(fixture))[.size] as? Int) ?? 0 }
        let before = size()

        // One process rebuilds (the fresh index is smaller: the backup shrinks the file) while another reads.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var rebuilds: [Int32] = []
        DispatchQueue.global().async {
            for _ in 0..<4 { rebuilds.append((try? fixture.trove("reindex").status) ?? -1) }
            done.signal()
        }
        var reads: [ProcessOutput] = []
        while done.wait(timeout: .now()) == .timedOut { reads.append(try fixture.trove("search", "canal")) }
        #expect(rebuilds == [0, 0, 0, 0])
        #expect(!reads.isEmpty && reads.allSatisfy { $0.status == 0 && $0.stdout.contains("No records match") },
                "\(reads.map { "\($0.status) \($0.stderr)" })")
        #expect(size() < before, "the rebuilt index is smaller: \(size()) against \(before)")
    }

    @Test("a search hit is dated by the local day: an entry late in the UTC evening is the next day in Tokyo")
    func searchHitLocalDay() throws {
        let fixture = try CLIFixture()
        try Self.entry(fixture, text: "Fireworks over the river.", date: "2026-11-20T23:30:00.000Z")
        fixture.cli.extraEnvironment["TZ"] = "UTC"
        #expect(try fixture.trove("search", "fireworks").stdout.hasPrefix("entry  2026-11-20"))
        fixture.cli.extraEnvironment["TZ"] = "Asia/Tokyo"
        let inTokyo = try fixture.trove("search", "fireworks").stdout
        #expect(inTokyo.hasPrefix("entry  2026-11-21"), "\(inTokyo)")
    }

    @Test("search ranks titles first, ignores accents, matches prefixes, and prints JSON")
    func search() throws {
        let fixture = try CLIFixture()
        let body = try Self.entry(fixture, text: "After the walk we shared a crème brûlée.")
        let title = try Self.entry(fixture, title: "Creme brulee night", text: "Dessert by the canal.")
        try Self.entry(fixture, text: "Nothing sweet today.")

        let text = try fixture.trove("search", "creme")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.isEmpty, "no notice expected: \(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "two hits of two lines each: \(text.stdout)")
        #expect(lines.first?.contains(title) == true && lines.dropFirst(2).first?.contains(body) == true, "title hit first: \(text.stdout)")
        #expect(text.stdout.contains("[crème]") && text.stdout.contains("[Creme]"), "matched words are marked: \(text.stdout)")
        #expect(!text.stdout.contains("\u{1B}"), "no escape codes when the output is not a terminal")

        let json = try fixture.trove("search", "bru", "--json")
        let hits = try #require(parseJSON(json.stdout) as? [[String: Any]])
        #expect(hits.map { $0["id"] as? String } == [title, body])
        #expect(hits.allSatisfy { $0["type"] as? String == "entry" && $0["snippet"] is String && $0["rank"] is Double })

        #expect(try fixture.trove("search", "creme", "--limit", "1", "--json").stdout.contains(title))
        #expect(parseJSON(try fixture.trove("search", "creme", "--type", "dog", "--json").stdout) as? [Any] != nil)
        #expect(try fixture.trove("search", "zebra").stdout.contains("No records match 'zebra'"))
        // Query syntax in the text is taken literally.
        #expect(try fixture.trove("search", #""canal AND NEAR(*"#).status == 0)

        let unknown = try fixture.trove("search", "creme", "--type", "unicorn")
        #expect(unknown.status == 1 && unknown.stderr.contains("unknown record type 'unicorn'"))
        #expect(try fixture.trove("search", " ").status == 2)
    }

    @Test("the index follows commits made by the git program, and undo")
    func followsGit() throws {
        let fixture = try CLIFixture()
        let id = try Self.entry(fixture, text: "A quiet morning.")
        #expect(try fixture.trove("search", "quiet", "--json").stdout.contains(id))

        // A hand edit committed with git, not trove.
        let path = try fixture.path(of: id)
        let original = try fixture.git("show", "HEAD:\(path)").stdout
        try fixture.handEdit(path, original.replacingOccurrences(of: "A quiet morning.", with: "A stormy morning."))
        #expect(try fixture.git("commit", "-qam", "by hand").status == 0)
        #expect(try fixture.trove("search", "quiet", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(try fixture.trove("search", "stormy", "--json").stdout.contains(id))

        // HEAD moved back by git: the index follows it backwards too.
        #expect(try fixture.git("reset", "-q", "--hard", "HEAD~1").status == 0)
        #expect(try fixture.trove("search", "quiet", "--json").stdout.contains(id))

        #expect(try fixture.trove("record", "rm", id, "--yes").status == 0)
        #expect(try fixture.trove("search", "quiet", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(try fixture.trove("undo").status == 0)
        #expect(try fixture.trove("search", "quiet", "--json").stdout.contains(id))
        #expect(try fixture.trove("check").status == 0)
    }

    @Test("a deleted or damaged index is rebuilt with a one-line notice, and answers correctly")
    func recovery() throws {
        let fixture = try CLIFixture()
        let id = try Self.entry(fixture, text: "Lighthouse at dusk.")
        let damages: [(String, () throws -> Void)] = [
            ("deleted", { try FileManager.default.removeItem(atPath: Self.indexFile(fixture)) }),
            ("garbage", { try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: Self.indexFile(fixture))) }),
            ("empty", { try Data().write(to: URL(fileURLWithPath: Self.indexFile(fixture))) }),
        ]
        for (name, damage) in damages {
            try damage()
            let search = try fixture.trove("search", "lighthouse", "--json")
            #expect(search.status == 0, "\(name): \(search.stderr)")
            #expect(search.stdout.contains(id), "\(name): the rebuilt index answers")
            let notice = search.stderr.split(separator: "\n")
            #expect(notice.count == 1 && notice.first?.contains("index") == true, "\(name): one notice line, got \(search.stderr)")
            let again = try fixture.trove("search", "lighthouse")
            #expect(again.stderr.isEmpty, "\(name): the notice is shown once")
        }
    }

    @Test("check reports an index that disagrees with the records; reindex repairs it")
    func checkAndReindex() throws {
        let fixture = try CLIFixture()
        let first = try Self.entry(fixture, text: "One.")
        try Self.entry(fixture, text: "Two.")
        #expect(try fixture.trove("check").status == 0)

        try Self.sqlite(fixture, "UPDATE records SET blob = '0000000000000000000000000000000000000000' WHERE id = '\(first)';")
        let check = try fixture.trove("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains(".git/trove/index.sqlite: record \(first) is out of date in the index"), "\(check.stdout)")
        #expect(check.stdout.contains("trove reindex"))

        let reindex = try fixture.trove("reindex", "--json")
        #expect(reindex.status == 0, "\(reindex.stderr)")
        #expect((parseJSON(reindex.stdout) as? [String: Any])?["records"] as? Int == 2)
        #expect(try fixture.trove("reindex").stdout.hasPrefix("Indexed 2 records in "))
        #expect(try fixture.trove("check").status == 0)
    }

    @Test("record list pages and sorts from the index; status counts from it")
    func listing() throws {
        let fixture = try CLIFixture()
        var ids: [String] = []
        for day in 1...5 {
            ids.append(try Self.entry(fixture, text: "Day \(day).", date: "2026-11-0\(6 - day)T08:00:00.000Z", tags: day % 2 == 1 ? ["odd"] : []))
        }
        func listed(_ arguments: String...) throws -> [String] {
            let output = try fixture.cli.run(["record", "list", "entry", "--json"] + arguments)
            #expect(output.status == 0, "\(output.stderr)")
            return (parseJSON(output.stdout) as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try listed() == ids)
        #expect(try listed("--limit", "2") == Array(ids.prefix(2)))
        #expect(try listed("--limit", "2", "--offset", "2") == Array(ids[2..<4]))
        #expect(try listed("--sort", "start") == ids.reversed())
        #expect(try listed("--sort", "start", "--reverse", "--limit", "1") == [ids[0]])
        #expect(try listed("--all") == ids)

        let page = try fixture.trove("record", "list", "entry", "--limit", "2")
        #expect(page.stdout.split(separator: "\n").count == 2)
        #expect(page.stderr.contains("showing 1-2 of 5; --offset 2 for the next page"), "\(page.stderr)")
        #expect(try fixture.trove("record", "list", "entry", "--limit", "0").status == 2)
        #expect(try fixture.trove("record", "list", "entry", "--sort", "colour").status == 2)

        #expect(try listed("--tag", "odd") == [ids[0], ids[2], ids[4]])
        #expect(try listed("--tag", "odd", "--sort", "start", "--limit", "1") == [ids[4]])
        #expect(try listed("--tag", "none").isEmpty)

        let status = try fixture.trove("status", "--json")
        #expect(((parseJSON(status.stdout) as? [String: Any])?["records"] as? [String: Any])?["entry"] as? Int == 5)
    }

    @Test("reindex of a missing index builds it once, quietly, ignores the log a deleted index left, and clears killed builds")
    func reindexMissing() throws {
        let fixture = try CLIFixture()
        let id = try Self.entry(fixture, text: "Harbour lights.")
        try Self.entry(fixture, text: "Foghorn at noon.")
        // A log that belonged to the deleted file must not be replayed into the new one (SQLite
        // drops a log found beside an empty file). The sqlite3 program, told to keep its log,
        // leaves one holding a valid committed write.
        let log = Self.indexFile(fixture) + "-wal"
        try Self.sqlite(fixture, ".filectrl persist_wal 1", "INSERT INTO meta VALUES ('stale', 'log');")
        let logSize = try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int ?? 0
        #expect(logSize > 0, "the test needs a log with a write in it")
        try FileManager.default.removeItem(atPath: Self.indexFile(fixture))
        // A build killed part way leaves its file behind; a build still running (this test process's pid) keeps it.
        let folder = fixture.store + "/.git/trove/"
        let dead = folder + "index.sqlite.new-999999999", live = folder + "index.sqlite.new-\(getpid())"
        for file in [dead, dead + "-journal", live] { try Data("half".utf8).write(to: URL(fileURLWithPath: file)) }
        let reindex = try fixture.trove("reindex")
        #expect(reindex.status == 0 && reindex.stdout.hasPrefix("Indexed 2 records in "), "\(reindex.stdout)\(reindex.stderr)")
        #expect(reindex.stderr.isEmpty, "a rebuild asked for is not announced: \(reindex.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dead) && !FileManager.default.fileExists(atPath: dead + "-journal"))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(try fixture.trove("search", "harbour", "--json").stdout.contains(id))
        #expect(try fixture.trove("check").status == 0)
    }

    @Test("commands started together on a missing or garbled index all answer right, while a put commits",
          arguments: ["missing", "garbled"])
    func concurrentRebuilds(_ damage: String) throws {
        let fixture = try CLIFixture()
        let id = try Self.entry(fixture, text: "Lantern by the quay.")
        if damage == "missing" {
            try FileManager.default.removeItem(atPath: Self.indexFile(fixture))
        } else {
            try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: Self.indexFile(fixture)))
        }
        let entry = #"{"journalId": "\#(Self.journal)", "date": "2026-11-22T08:00:00.000Z", "text": "Second lantern."}"#
        let commands = [["search", "lantern", "--json"], ["search", "quay", "--json"], ["record", "put", "entry", "--json", entry],
                        ["record", "list", "entry", "--json"], ["reindex"]]
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: commands.count) { number in
            results.set(number, try? fixture.cli.run(commands[number]))
        }
        for number in commands.indices {
            let output = try #require(results.get(number), "\(commands[number]) did not run")
            #expect(output.status == 0, "\(commands[number]): \(output.stderr)")
        }
        #expect(results.get(0)?.stdout.contains(id) == true && results.get(1)?.stdout.contains(id) == true)
        // Whatever order they ran in, the next command sees both entries and a consistent index.
        #expect(try fixture.list("entry").count == 2)
        #expect(try fixture.trove("check").status == 0)
    }
}

/// Outputs written by concurrent threads, one slot each.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var outputs: [Int: ProcessOutput] = [:]
    func set(_ number: Int, _ output: ProcessOutput?) { lock.lock(); outputs[number] = output; lock.unlock() }
    func get(_ number: Int) -> ProcessOutput? { lock.lock(); defer { lock.unlock() }; return outputs[number] }
}
