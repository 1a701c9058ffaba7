import Foundation
import TroveIndex
import TroveJSON
import TroveStore

extension Report {
    /// Issue 25's floor: `trove --version`, whole process, beside `sqlite3 -version` and `git --version` timed in
    /// the same loop (interleaved, so that a busy moment of the machine falls on all three alike).
    mutating func startup(trove: String?, work: String, runs: Int = 101) throws {
        guard let trove else {
            lines.append("startup: skipped (no trove binary beside trove-bench)")
            return
        }
        let programs: [(name: String, arguments: [String])] = [
            ("trove --version", [trove, "--version"]), ("sqlite3 -version", ["/usr/bin/sqlite3", "-version"]),
            ("git --version", ["/usr/bin/git", "--version"]),
        ]
        let medians = try Self.interleavedMedians(programs.map(\.arguments), runs: runs)
        lines.append(String(format: "startup (median of %d, whole process): %@ %@ (target <= 8 ms); %@ %@; %@ %@", runs,
                            programs[0].name, Measure.format(medians[0]), programs[1].name, Measure.format(medians[1]),
                            programs[2].name, Measure.format(medians[2])))
        try searchBesideFTS5(trove: trove, work: work, entries: 10_000, runs: runs)
        try entryNewBySize(trove: trove, work: work, sizes: [1_000, 100_000], runs: 31)
    }

    /// `trove search WORD` on a store of `entries` entries, beside the `sqlite3` program running one FTS5 query
    /// (best 20 by rank, with a snippet, as `trove search` prints) over the same texts in a database of its own.
    private mutating func searchBesideFTS5(trove: String, work: String, entries: Int, runs: Int) throws {
        let path = work + "/startup-search-\(entries)"
        let texts = try Self.indexedJournal(at: path, entries: entries, seed: 25)
        let database = work + "/startup-search-\(entries).fts5.sqlite"
        try? FileManager.default.removeItem(atPath: database)
        var sql = "CREATE VIRTUAL TABLE entries USING fts5(text);\nBEGIN;\n"
        for text in texts { sql += "INSERT INTO entries(text) VALUES('" + text.replacingOccurrences(of: "'", with: "''") + "');\n" }
        sql += "COMMIT;\n"
        let script = work + "/startup-search.sql"
        try sql.write(toFile: script, atomically: true, encoding: .utf8)
        try Measure.run(["sh", "-c", "/usr/bin/sqlite3 '\(database)' < '\(script)'"], in: work)
        Measure.settle()
        let word = "canal"
        let query = "SELECT rowid, snippet(entries, 0, '[', ']', '...', 12) FROM entries WHERE entries MATCH '\(word)' ORDER BY rank LIMIT 20;"
        let medians = try Self.interleavedMedians([[trove, "--store", path, "search", word], ["/usr/bin/sqlite3", database, query]], runs: runs)
        lines.append(String(format: "  trove search %@ on %d entries (whole process, median of %d): %@; sqlite3 running one FTS5 query on the same texts: %@; %.1f x (target <= 3 x)",
                            word, entries, runs, Measure.format(medians[0]), Measure.format(medians[1]), medians[0] / medians[1]))
    }

    /// `trove entry new TEXT` (whole process) on indexed stores of each size, interleaved.
    private mutating func entryNewBySize(trove: String, work: String, sizes: [Int], runs: Int) throws {
        var stores: [String] = []
        for size in sizes {
            let path = work + "/startup-entries-\(size)"
            _ = try Self.indexedJournal(at: path, entries: size, seed: 26)
            stores.append(path)
        }
        Measure.settle()
        var times = Array(repeating: [Double](), count: sizes.count)
        for run in 0..<runs {
            for (index, store) in stores.enumerated() {
                times[index].append(try Measure.spawned([trove, "--store", store, "entry", "new", "Entry \(run) by the canal.", "--tag", "walk"]))
            }
        }
        let medians = times.map(Measure.median)
        let figures = zip(sizes, medians).map { String(format: "%d entries %@", $0, Measure.format($1)) }.joined(separator: ", ")
        lines.append(String(format: "  trove entry new TEXT (whole process, median of %d): %@; %.2f x the smallest (targets <= 40 ms at 100,000, <= 1.2 x)",
                            runs, figures, (medians.last ?? 0) / max(medians.first ?? 1, 1e-9)))
    }

    /// Median wall time of each program, run in turn `runs` times (interleaved).
    private static func interleavedMedians(_ programs: [[String]], runs: Int) throws -> [Double] {
        var times = Array(repeating: [Double](), count: programs.count)
        for _ in 0..<runs {
            for (index, arguments) in programs.enumerated() { times[index].append(try Measure.spawned(arguments)) }
        }
        return times.map(Measure.median)
    }

    /// A store of `entries` generated entries in one journal, its index built; returns the entries' texts.
    private static func indexedJournal(at path: String, entries: Int, seed: UInt64) throws -> [String] {
        try? FileManager.default.removeItem(atPath: path)
        let store = try Store.create(at: path)
        let journal = try store.transaction { try $0.put(["name": "Morning pages"], type: "journal").id }.value
        var corpus = Corpus(seed: seed)
        var texts: [String] = []
        try store.transaction { transaction in
            for number in 0..<entries {
                let fields = corpus.entry(number, journalId: journal)
                if case .string(let text)? = fields["text"] { texts.append(text) }
                try transaction.put(fields, type: "entry")
            }
        }
        _ = try RecordIndex(store: store)
        return texts
    }
}
