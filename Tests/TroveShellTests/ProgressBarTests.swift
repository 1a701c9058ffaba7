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

    @Test("a transfer's bar says how many bytes have moved, in units people read")
    func bytes() {
        #expect(ProgressBar.bytes(0) == "0 B")
        #expect(ProgressBar.bytes(999) == "999 B")
        #expect(ProgressBar.bytes(12_345) == "12.3 KB")
        #expect(ProgressBar.bytes(4_500_000) == "4.5 MB")
        #expect(ProgressBar.bytes(1_234_567_890) == "1.2 GB")
        #expect(ProgressBar.line(label: "Sending to hub", done: 3, total: 4, width: 100, detail: "4.5 MB").hasSuffix("75%  3/4, 4.5 MB"))
    }
}
