import TroveTestSupport
import Testing
import TroveJSON
import TroveMerge

@Suite("Text strategy: line-based diff3")
struct TextMergeTests {
    let base = """
        First paragraph, line one.
        First paragraph, line two.

        Second paragraph, line one.
        Second paragraph, line two.

        Third paragraph.

        """

    @Test func editsInDifferentParagraphsMerge() {
        let ours = base.replacingFirst("First paragraph, line two.", with: "First paragraph, line 2 (ours).")
        let theirs = base.replacingFirst("Third paragraph.", with: "Third paragraph, longer (theirs).\nWith a new line.")
        let merged = TextMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged == """
            First paragraph, line one.
            First paragraph, line 2 (ours).

            Second paragraph, line one.
            Second paragraph, line two.

            Third paragraph, longer (theirs).
            With a new line.

            """)
        #expect(merged == TextMerge.merge(base: base, ours: theirs, theirs: ours))
    }

    @Test func insertionsAndDeletionsInSeparateRegionsMerge() {
        let ours = "Title\n\n" + base                                        // insert at top
        let theirs = base.replacingFirst("Second paragraph, line two.\n", with: "")  // delete a line
        let merged = TextMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(merged == "Title\n\n" + theirs)
    }

    @Test func sameLineEditedOnBothSidesOverlaps() {
        let ours = base.replacingFirst("Second paragraph, line one.", with: "Ours.")
        let theirs = base.replacingFirst("Second paragraph, line one.", with: "Theirs.")
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs) == nil)
    }

    @Test func adjacentLinesEditedOnBothSidesOverlap() {
        let ours = base.replacingFirst("Second paragraph, line one.", with: "Ours.")
        let theirs = base.replacingFirst("Second paragraph, line two.", with: "Theirs.")
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs) == nil)
    }

    @Test func identicalChangesOnBothSidesAreNotAConflict() {
        let both = base.replacingFirst("Third paragraph.", with: "Same edit.")
        let ours = both.replacingFirst("First paragraph, line one.", with: "Only ours.")
        #expect(TextMerge.merge(base: base, ours: ours, theirs: both) == ours)
    }

    @Test func noTrailingNewlineAndEmptyTexts() {
        #expect(TextMerge.merge(base: "", ours: "", theirs: "") == "")
        #expect(TextMerge.merge(base: "a\nb", ours: "a\nb", theirs: "A\nb") == "A\nb")
        #expect(TextMerge.merge(base: "a\nb\nc", ours: "x\nb\nc", theirs: "a\nb\nz") == "x\nb\nz")
        #expect(TextMerge.merge(base: "", ours: "a", theirs: "b") == nil)   // add/add at the same place
        #expect(TextMerge.merge(base: "", ours: "same\n", theirs: "same\n") == "same\n")
    }

    @Test func distantEditsInALongTextMerge() {
        let lines = (0..<3_000).map { "line \($0)\n" }
        let base = lines.joined()
        var oursLines = lines
        oursLines[10] = "ours\n"
        var theirsLines = lines
        theirsLines[2_990] = "theirs\n"
        theirsLines.remove(at: 1_500)
        var expected = oursLines
        expected[2_990] = "theirs\n"
        expected.remove(at: 1_500)
        #expect(TextMerge.merge(base: base, ours: oursLines.joined(), theirs: theirsLines.joined()) == expected.joined())
    }

    @Test func veryDifferentTextsFallBackToOneHunkAndStillMerge() {
        // Every other line rewritten: more edits than the diff searches, so the changed middle
        // becomes one block; an append after an unchanged last line still merges.
        let lines = (0..<2_501).map { "line \($0)\n" }
        let base = lines.joined()
        let ours = lines.enumerated().map { $0.offset % 2 == 0 && $0.offset < 2_500 ? "new \($0.offset)\n" : $0.element }.joined()
        let theirs = base + "appended\n"
        #expect(TextMerge.merge(base: base, ours: ours, theirs: theirs) == ours + "appended\n")
        #expect(TextMerge.merge(base: base, ours: ours, theirs: base) == ours)
        #expect(TextMerge.merge(base: base, ours: ours, theirs: base.replacingFirst("line 7\n", with: "")) == nil)
    }

    @Test func randomEditsInSeparateRegionsMergeExactly() {
        var random = SeededGenerator(seed: 42)
        for round in 0..<200 {
            let count = Int.random(in: 2...30, using: &random)
            let base = (0..<count).map { "b\($0)\n" }
            let split = Int.random(in: 1..<count, using: &random)   // base[split - 1] stays untouched
            var ours = Array(base[..<(split - 1)])
            var theirs = Array(base[split...])
            scramble(&ours, tag: "o", using: &random)
            scramble(&theirs, tag: "t", using: &random)
            let oursText = (ours + base[(split - 1)...]).joined()
            let theirsText = (base[..<split] + theirs).joined()
            let expected = (ours + [base[split - 1]] + theirs).joined()
            #expect(TextMerge.merge(base: base.joined(), ours: oursText, theirs: theirsText) == expected, "round \(round)")
            #expect(TextMerge.merge(base: base.joined(), ours: theirsText, theirs: oursText) == expected, "round \(round)")
        }
    }

    /// A few random line replacements, insertions and deletions.
    func scramble(_ lines: inout [String], tag: String, using random: inout SeededGenerator) {
        for step in 0..<Int.random(in: 0...4, using: &random) {
            let action = Int.random(in: 0..<3, using: &random)
            if action == 0 || lines.isEmpty {
                lines.insert("\(tag)\(step) added\n", at: Int.random(in: 0...lines.count, using: &random))
            } else if action == 1 {
                lines[Int.random(in: lines.indices, using: &random)] = "\(tag)\(step) changed\n"
            } else {
                lines.remove(at: Int.random(in: lines.indices, using: &random))
            }
        }
    }

    // MARK: in records

    func entry(_ text: String, clock: String) -> JSONValue {
        ["id": "e1", "type": "entry", "text": .string(text), "clock": .string(clock)]
    }

    @Test func recordTextMergesCleanlyWithoutNotes() {
        let ours = base.replacingFirst("First paragraph, line one.", with: "Ours.")
        let theirs = base.replacingFirst("Third paragraph.", with: "Theirs.")
        let (result, symmetric) = mergeBothWays(entry(base, clock: "0"), entry(ours, clock: clockA), entry(theirs, clock: clockB))
        #expect(symmetric)
        #expect(result.value["text"]?.stringValue == theirs.replacingFirst("First paragraph, line one.", with: "Ours."))
        #expect(result.conflicts.isEmpty)
    }

    @Test func overlappingRecordTextFallsBackToLWWAndKeepsTheLoser() {
        let ours = base.replacingFirst("Second paragraph, line one.", with: "Ours.")
        let theirs = base.replacingFirst("Second paragraph, line one.", with: "Theirs.")
        let (result, symmetric) = mergeBothWays(entry(base, clock: "0"), entry(ours, clock: clockA), entry(theirs, clock: clockB))
        #expect(symmetric)
        #expect(result.value["text"]?.stringValue == theirs)
        #expect(result.conflicts == [MergeConflict(field: "text", value: .string(ours), clock: clockA, peer: "peerA")])
        let encoded = CanonicalJSON.string(result.value)
        #expect(!encoded.contains("<<<<<<<") && !encoded.contains(">>>>>>>"))
    }

    @Test func addAddTextWithNilBase() {
        let (same, _) = mergeBothWays(nil, entry("hello\n", clock: clockA), entry("hello\n", clock: clockB))
        #expect(same.value["text"] == "hello\n")
        #expect(same.conflicts.isEmpty)
        let (different, symmetric) = mergeBothWays(nil, entry("hello\n", clock: clockA), entry("bonjour\n", clock: clockB))
        #expect(symmetric)
        #expect(different.value["text"] == "bonjour\n")
        #expect(different.conflicts.map(\.value) == ["hello\n"])
    }
}

extension String {
    /// This text with the first occurrence of `target` replaced (test helper, no Foundation).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
