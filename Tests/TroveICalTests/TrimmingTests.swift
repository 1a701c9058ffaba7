import Foundation
import Testing
import TroveICal

/// The trimming iCalendar text goes through trims what Foundation's `trimmingCharacters(in:)` trims.
@Suite("trimming white space")
struct TrimmingTests {
    /// Scalars at the edge of the sets: every White_Space scalar, the zero-width space (which Foundation trims too),
    /// ones that are not (joiner, BOM), a combining mark that follows a space, letters, and an emoji.
    static let pieces: [String] = [
        " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{301}",
        "a", "É", "[", "]", "\u{1F600}", "\r\n",
    ]

    @Test("random text trims as Foundation trims it, with and without line ends")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("every scalar is trimmed alone exactly when Foundation trims it")
    func everyScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), value % 7 == 0 || value < 0x3100 else { continue }
            let text = String(Character(scalar))
            #expect(text.trimmingWhitespace().isEmpty == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(String(value, radix: 16))")
            #expect(text.trimmingSpaces().isEmpty == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(String(value, radix: 16))")
        }
    }

    @Test("a substring trims too, and text of white space alone becomes empty")
    func substrings() {
        let text = "  Essay 2 \u{A0}[ENGL101] \n"
        #expect(text.dropLast(2).trimmingSpaces() == "Essay 2 \u{A0}[ENGL101]")
        #expect(" \t\n\u{3000}".trimmingWhitespace().isEmpty)
        #expect("".trimmingSpaces().isEmpty)
    }
}
