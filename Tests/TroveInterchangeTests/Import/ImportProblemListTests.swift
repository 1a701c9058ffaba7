import Foundation
import Testing
import TroveInterchange
import TroveKit
import TroveStore
import TroveTestSupport

/// Issue 26: a report of invalid input names the first few problems, counts the rest, and never echoes a huge value.
@Suite("import problem lists")
struct ImportProblemListTests {
    /// 5,000 rows, each quoting a 10,000-character value, as a bad file gives them.
    static let problems = (0..<5_000).map { "line \($0 + 2): '" + String(repeating: "x", count: 10_000) + "' is not a tracker id" }

    @Test("a refusal names the first 10 problems, each cut, and counts the other 4,990")
    func refusal() {
        let text = ImportError.invalidEntries(InvalidEntries(Self.problems)).description
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "the file has 5,000 invalid entries, so nothing was imported:")
        #expect(lines.count == 13)
        #expect(lines[1].hasPrefix("  line 2: 'xxx") && lines[10].hasPrefix("  line 11: 'xxx"))
        #expect(lines[1].hasSuffix("x…' is not a tracker id"), "\(lines[1])")
        #expect(lines[1...10].allSatisfy { $0.count <= 2 + ProblemList.longestProblem })
        #expect(lines[11] == "  … and 4,990 more")
        #expect(lines[12] == "(--skip-invalid imports the others)")
        #expect(text.utf8.count < 2_000)
    }

    @Test("skipped with --skip-invalid, the report's warnings are cut and counted the same way")
    func skipped() {
        var report = ImportReport(source: "item file many.csv")
        report.warnings = Self.problems.map { "skipped " + $0 }
        report.skipped = Self.problems.count
        let lines = report.lines
        #expect(lines.count == 10 + 1 + 2)
        #expect(lines[0].hasPrefix("warning: skipped line 2: 'xxx") && lines[0].count < 140)
        #expect(lines[10] == "warning: … and 4,990 more (--json lists them all)")
        #expect(lines[11] == "Imported item file many.csv: 0 added, 0 updated, 0 unchanged, 5000 skipped.")
    }

    @Test("a problem is one line: a long word is cut to 80 characters, a long text loses its middle, short ones stay")
    func cut() {
        #expect(ProblemList.cut("line 4: time \"soon\" does not read") == "line 4: time \"soon\" does not read")
        #expect(ProblemList.cut("line 4: note \"two\nlines\" is odd") == "line 4: note \"two⏎lines\" is odd")
        let word = ProblemList.cut("line 2: '" + String(repeating: "a", count: 1_000) + "' is bad")
        #expect(word == "line 2: '" + String(repeating: "a", count: 78) + "…' is bad")
        #expect(ProblemList.excerpt(String(repeating: "a", count: 1_000)).count == ProblemList.longestValue)
        let words = ProblemList.cut("line 9: note '" + String(repeating: "lorem ipsum ", count: 10_000) + "' is too long")
        #expect(words.count <= ProblemList.longestProblem && words.hasPrefix("line 9: note 'lorem") && words.hasSuffix("' is too long"))
    }

    @Test("a list with few problems names them all, with no count")
    func few() {
        #expect(ProblemList(["a", "b"]).lines(prefix: "  ") == ["  a", "  b"])
        #expect(ImportError.invalidEntries(InvalidEntries(["line 2: bad"])).description
                == "the file has 1 invalid entry, so nothing was imported:\n  line 2: bad\n(--skip-invalid imports the others)")
    }

    /// Issue 27: a file in another format (here jrnl's reader given 50 objects that are no jrnl entries) gives
    /// several problems per entry; the count is of entries, and the message says what the file is not.
    @Test("the wrong format: entries counted once, first problems named, and the file said not to look like one")
    func wrongFormat() throws {
        let objects = (1...50).map { "{\"uuid\": \"U\($0)\", \"text\": \"hello\"}" }.joined(separator: ",")
        let journal = try JrnlJournal(parsing: Array("{\"entries\": [\(objects)]}".utf8), file: "/tmp/Journal.json")
        #expect(journal.problems.count == 150, "title, date and time are missing from each")
        guard case .invalidEntries(let invalid)? = try? refusal(journal) else { Issue.record("not refused"); return }
        #expect(invalid.count == 50 && invalid.total == 50)
        let lines = ImportError.invalidEntries(invalid).description.split(separator: "\n").map(String.init)
        #expect(lines.first == "Journal.json does not look like a jrnl file: 50 of 50 entries could not be read, so nothing was imported:")
        #expect(lines.count == 5 && lines[4] == "  … and 147 more", "\(lines)")
        #expect(lines[1] == "  /tmp/Journal.json: entry 1: title: is required")

        // A few bad entries among many good ones are just invalid entries.
        var few = InvalidEntries(["entry 3: bad", "entry 3: worse", "entry 9: bad"], count: 2, total: 40, file: "j.txt", format: "jrnl")
        #expect(!few.looksLikeAnotherFormat)
        #expect(ImportError.invalidEntries(few).description.hasPrefix("the file has 2 invalid entries, so nothing was imported:"))
        few.count = 21
        #expect(few.wrongFormatSummary == "j.txt does not look like a jrnl file: 21 of 40 entries could not be read")
    }

    /// A CSV read as a jrnl journal: no line starts an entry, so the reader says so once.
    @Test("text with no entry header is not a jrnl file")
    func csvAsJrnl() {
        let csv = "date,title,body\n" + (1...50).map { "2024-01-\(String(format: "%02d", $0 % 28 + 1)) 10:00,Day \($0),Some text" }.joined(separator: "\n")
        #expect(throws: JrnlError.notAJrnlFile(file: "notes.csv", lines: 51)) {
            try JrnlJournal(parsing: Array(csv.utf8), file: "notes.csv")
        }
        #expect(JrnlError.notAJrnlFile(file: "notes.csv", lines: 51).description
                == "notes.csv does not look like a jrnl file: none of its 51 lines starts an entry (a line like \"[2020-01-02 09:30] Title.\"), so nothing was imported")
    }

    private func refusal(_ journal: JrnlJournal) throws -> ImportError? {
        let folder = TemporaryFolder("trove-wrong-format")
        let store = try Store.create(at: folder.child("store"))
        do {
            _ = try JrnlImport(store: store).run(journal, into: "J")
            return nil
        } catch let error as ImportError {
            return error
        }
    }
}
