import Testing
@testable import TroveShell

struct TextWrapTests {
    @Test func wrapsAtWords() {
        #expect(TextWidth.wrap("the quick brown fox", to: 10) == ["the quick", "brown fox"])
        #expect(TextWidth.wrap("the quick brown fox", to: 9) == ["the quick", "brown fox"])
        #expect(TextWidth.wrap("the quick brown fox", to: 100) == ["the quick brown fox"])
    }

    @Test func keepsNewlinesAndEmptyLines() {
        #expect(TextWidth.wrap("a\n\nb", to: 10) == ["a", "", "b"])
        #expect(TextWidth.wrap("a\r\nb\n", to: 10) == ["a", "b", ""])
        #expect(TextWidth.wrap("", to: 10) == [""])
    }

    @Test func collapsesSpaces() {
        #expect(TextWidth.wrap("  a   b\tc  ", to: 10) == ["a b c"])
    }

    @Test func breaksLongWords() {
        #expect(TextWidth.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWidth.wrap("to abcdefghij x", to: 4) == ["to", "abcd", "efgh", "ij x"])
        #expect(TextWidth.wrap("漢字漢字", to: 3) == ["漢", "字", "漢", "字"])
    }

    @Test func showsACharacterTooWideForTheLineAsAnEllipsis() {
        #expect(TextWidth.wrap("a漢b", to: 1) == ["a", "…", "b"])
        #expect(TextWidth.wrap("漢", to: 0) == ["…"])
    }

    @Test func linesNeverExceedTheWidth() {
        var generator = RenderingFixtures.Generator(seed: 2)
        for _ in 0..<200 {
            let text = RenderingFixtures.text(&generator, words: 12) + "\n" + RenderingFixtures.text(&generator)
            for width in 1...24 {
                let lines = TextWidth.wrap(text, to: width)
                #expect(!lines.isEmpty)
                for line in lines { #expect(TextWidth.of(line) <= width, "\(text) at \(width)") }
            }
        }
    }
}
