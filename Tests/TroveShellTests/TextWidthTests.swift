import Testing
@testable import TroveShell

struct TextWidthTests {
    @Test func countsPlainCharactersOnce() {
        #expect(TextWidth.of("") == 0)
        #expect(TextWidth.of("hello") == 5)
        #expect(TextWidth.of("—…") == 2)
    }

    @Test func countsWideCharactersTwice() {
        #expect(TextWidth.of("漢字") == 4)
        #expect(TextWidth.of("한글") == 4)
        #expect(TextWidth.of("ＡＢ") == 4)
        #expect(TextWidth.of("ｶﾅ") == 2, "halfwidth katakana is narrow")
    }

    @Test func countsEmojiAsOneWideCharacter() {
        #expect(TextWidth.of("🎄") == 2)
        #expect(TextWidth.of("👍🏽") == 2)
        #expect(TextWidth.of("👨‍👩‍👧") == 2)
        #expect(TextWidth.of("🇯🇵") == 2)
        #expect(TextWidth.of("❤️") == 2, "U+FE0F asks for emoji presentation")
        #expect(TextWidth.of("❤") == 1, "text presentation by default")
        #expect(TextWidth.of("1️⃣") == 2)
    }

    @Test func countsCombiningMarksAndJoinersAsZero() {
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("\u{301}") == 0)
        #expect(TextWidth.of("\u{200D}") == 0)
        #expect(TextWidth.of("a\u{200B}b") == 2)
    }

    @Test func countsEscapeSequencesAsZero() {
        #expect(TextWidth.of("\u{1B}[1;31mred\u{1B}[0m") == 3)
        #expect(TextWidth.of("\u{1B}[38;5;208mx") == 1)
        #expect(TextWidth.of("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\") == 4)
        #expect(TextWidth.of("\u{1B}]0;title\u{07}ok") == 2)
        #expect(TextWidth.of("\u{1B}[31") == 0, "an unfinished sequence at the end")
        #expect(TextWidth.of("\u{1B}[12\u{1}ab") == 2, "a malformed sequence ends where it breaks")
    }

    @Test func splitsEscapeSequencesFromText() {
        #expect(TextWidth.pieces("a\u{1B}[1mb") == [.text("a"), .escape("\u{1B}[1m"), .text("b")])
        #expect(TextWidth.pieces("") == [])
    }

    @Test func truncatesWithAnEllipsis() {
        #expect(TextWidth.truncate("hello world", to: 8) == "hello w…")
        #expect(TextWidth.truncate("hello world", to: 11) == "hello world")
        #expect(TextWidth.truncate("hello", to: 1) == "…")
        #expect(TextWidth.truncate("hello", to: 0) == "")
        #expect(TextWidth.truncate("hello", to: -3) == "")
        #expect(TextWidth.truncate("", to: 3) == "")
    }

    @Test func neverSplitsAWideCharacter() {
        #expect(TextWidth.truncate("漢字漢字", to: 5) == "漢字…")
        #expect(TextWidth.truncate("漢字漢字", to: 4) == "漢…", "one column short rather than half a character")
        #expect(TextWidth.truncate("👨‍👩‍👧👨‍👩‍👧", to: 3) == "👨‍👩‍👧…")
        #expect(TextWidth.prefix("a漢", width: 2) == "a")
    }

    @Test func keepsEscapeSequencesWhenTruncating() {
        #expect(TextWidth.truncate("\u{1B}[31mhello\u{1B}[0m", to: 4) == "\u{1B}[31mhel…\u{1B}[0m")
    }

    @Test func padsOnTheSideAwayFromTheAlignment() {
        #expect(TextWidth.pad("ab", to: 4) == "ab  ")
        #expect(TextWidth.pad("ab", to: 4, alignment: .right) == "  ab")
        #expect(TextWidth.pad("漢", to: 3) == "漢 ")
        #expect(TextWidth.pad("\u{1B}[1mab\u{1B}[0m", to: 3) == "\u{1B}[1mab\u{1B}[0m ")
        #expect(TextWidth.pad("abcdef", to: 3) == "abcdef", "padding never shortens")
        #expect(TextWidth.fit("abcdef", to: 4, alignment: .right) == "abc…")
        #expect(TextWidth.fit("漢字", to: 3) == "漢…")
    }

    @Test func splitsAtAWidth() {
        #expect(TextWidth.split("abcdef", width: 4) == ("abcd", "ef"))
        #expect(TextWidth.split("a漢b", width: 2) == ("a", "漢b"))
        #expect(TextWidth.split("\u{1B}[1mab\u{1B}[0m", width: 1) == ("\u{1B}[1ma", "b\u{1B}[0m"))
    }

    @Test func makesTextOneLine() {
        #expect(TextWidth.singleLine("a\nb\tc\r\nd") == "a b c d")
        #expect(TextWidth.trimmingTrailingSpaces("a b  ") == "a b")
    }

    @Test func truncatedTextNeverExceedsTheWidth() {
        var generator = RenderingFixtures.Generator(seed: 1)
        for _ in 0..<300 {
            let text = RenderingFixtures.text(&generator)
            let natural = TextWidth.of(text)
            for width in 0...20 {
                let cut = TextWidth.truncate(text, to: width)
                #expect(TextWidth.of(cut) <= width, "\(text) at \(width)")
                if natural <= width { #expect(cut == text) }
                let fitted = TextWidth.fit(text, to: width)
                #expect(TextWidth.of(fitted) == width)
            }
        }
    }
}
