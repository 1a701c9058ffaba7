@testable import TroveShell

/// Fixtures for the rendering property tests: a seeded generator and awkward sample text.
enum RenderingFixtures {
    /// A small seeded random generator (SplitMix64), so property tests see the same cases every run.
    struct Generator: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Words mixing ASCII, accents, CJK, emoji and an escape sequence.
    static let words = [
        "a", "tea", "résumé", "e\u{301}te\u{301}", "漢字", "ｶﾀｶﾅ", "한국어",
        "🎄", "👨‍👩‍👧", "🇯🇵", "❤️",
        "supercalifragilistic", "x", "\u{1B}[31mred\u{1B}[0m", "—", "…", "",
    ]

    /// A random phrase of up to `count` sample words.
    static func text(_ generator: inout Generator, words count: Int = 6) -> String {
        (0..<Int.random(in: 0...count, using: &generator))
            .map { _ in words.randomElement(using: &generator) ?? "" }
            .joined(separator: " ")
    }

    /// Whether `text` holds an escape character.
    static func hasEscape(_ text: String) -> Bool {
        text.unicodeScalars.contains("\u{1B}")
    }
}
