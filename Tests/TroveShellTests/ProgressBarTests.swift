import Testing
@testable import TroveShell

@Suite("the progress bar's line")
struct ProgressBarTests {
    @Test("fills in proportion, shows the percentage and the counts, and fits the width")
    func line() {
        #expect(ProgressBar.line(label: "Indexing", done: 5, total: 10, width: 80)
            == "Indexing [####################....................]  50%  5/10")
        #expect(ProgressBar.line(label: "Indexing", done: 0, total: 0, width: 80).contains("100%"), "nothing to do is done")
        #expect(ProgressBar.line(label: "x", done: 20, total: 10, width: 80).contains("100%"), "never past the end")
        #expect(ProgressBar.line(label: "x", done: -3, total: 10, width: 80).contains("  0%"))
        for width in [30, 60, 120] {
            #expect(ProgressBar.line(label: "Receiving", done: 1, total: 3, width: width).count <= max(width, 42))
        }
    }
}
