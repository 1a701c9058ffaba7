import Testing
@testable import TroveIndex

/// An untitled entry's label: its first line that says something, found among the bytes.
struct HeadingTests {
    @Test func skipsBlankLinesImagesAndRules() {
        #expect(IndexedFields.heading("\n  \n![](dayone-moment://ABC)\n---\nFrost on the canal.\nMore") == "Frost on the canal.")
        #expect(IndexedFields.heading("![photo](media/ab.jpg)\r\n\r\nWindows lines\r\nnext") == "Windows lines")
        #expect(IndexedFields.heading("# A heading\nbody") == "A heading")
        #expect(IndexedFields.heading("> quoted\nbody") == "quoted")
        #expect(IndexedFields.heading("  spaced out  \nbody") == "spaced out  ")
    }

    @Test func nothingToSayIsNil() {
        #expect(IndexedFields.heading("") == nil)
        #expect(IndexedFields.heading("![](a.jpg)") == nil)
        #expect(IndexedFields.heading("\n\n---\n") == nil)
        #expect(IndexedFields.heading("###") == nil)
    }

    @Test func longLinesAreCutAt200CharactersEvenInMultibyteText() {
        let long = String(repeating: "é", count: 500)
        #expect(IndexedFields.heading(long) == String(repeating: "é", count: 200) + "…")
        // 799 ASCII bytes then two-byte characters: the 800-byte cut falls inside one and must not split it.
        let mixed = String(repeating: "a", count: 150) + String(repeating: "€", count: 300)
        #expect(IndexedFields.heading(mixed) == String(repeating: "a", count: 150) + String(repeating: "€", count: 50) + "…")
        #expect(IndexedFields.heading(String(repeating: "x", count: 799) + "ü") == String(repeating: "x", count: 200) + "…")
    }
}

/// A name's or title's label: its first line, cut to a number of characters, not bytes.
struct FirstLineTests {
    @Test func endsAtALineFeedAndTakesACarriageReturnBeforeIt() {
        #expect(IndexedFields.firstLine("one\ntwo", limit: 200) == "one")
        #expect(IndexedFields.firstLine("one\r\ntwo", limit: 200) == "one")
        #expect(IndexedFields.firstLine("one\rtwo", limit: 200) == "one\rtwo")
        #expect(IndexedFields.firstLine("\nlater", limit: 200) == "")
        #expect(IndexedFields.firstLine("", limit: 200) == "")
    }

    @Test func cutsAtTheLimitCountingCharacters() {
        #expect(IndexedFields.firstLine("abcdef", limit: 6) == "abcdef")
        #expect(IndexedFields.firstLine("abcdefg", limit: 6) == "abcdef…")
        // Six characters in twelve bytes: not cut.
        #expect(IndexedFields.firstLine("éééééé", limit: 6) == "éééééé")
        #expect(IndexedFields.firstLine("ééééééé\nx", limit: 6) == "éééééé…")
        // A letter with a combining accent is one character: never cut between the two.
        #expect(IndexedFields.firstLine("abcde" + "e\u{301}" + "f", limit: 6) == "abcde" + "e\u{301}" + "…")
        #expect(IndexedFields.firstLine("abcdef" + "\u{301}", limit: 6) == "abcdef\u{301}")
        #expect(IndexedFields.firstLine("👩‍👩‍👧 family outing", limit: 3) == "👩‍👩‍👧 f…")
    }
}
