import Foundation
import Testing
import TroveInterchange
import TroveKit

/// Issue 26: a report of invalid input names the first few problems, counts the rest, and never echoes a huge value.
@Suite("import problem lists")
struct ImportProblemListTests {
    /// 5,000 rows, each quoting a 10,000-character value, as a bad file gives them.
    static let problems = (0..<5_000).map { "line \($0 + 2): '" + String(repeating: "x", count: 10_000) + "' is not a tracker id" }

    @Test("a refusal names the first 10 problems, each cut, and counts the other 4,990")
    func refusal() {
        let text = ImportError.invalidEntries(Self.problems).description
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
        #expect(ImportError.invalidEntries(["line 2: bad"]).description
                == "the file has 1 invalid entry, so nothing was imported:\n  line 2: bad\n(--skip-invalid imports the others)")
    }
}
