import Foundation
import Testing
@testable import TroveSchema
import TroveTestSupport

/// The byte matcher for simple patterns agrees with `NSRegularExpression` wherever it answers.
@Suite struct AnchoredPatternTests {
    static let patterns = [
        "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
        "^[a-z0-9][a-z0-9._-]{0,63}$", "^[a-z0-9-]{1,32}$", "^[A-Z]{2}$", "^[a-z][a-z-]*$",
        "^[a-z0-9][a-z0-9_.-]{2,31}$", "^[0-9a-z][0-9a-z-]{0,63}$", "^a+b?c*$", "^[ab]*a[ab]{2}$",
    ]

    @Test("every schema pattern of the simple shape is taken; others are left to the regular expression")
    func shapes() {
        for source in Self.patterns { #expect(AnchoredPattern(source) != nil, "\(source)") }
        for source in ["\\S", "[0-9]", "^\\S([^\\n\\r]*\\S)?$", "(^|;)FREQ=(DAILY|WEEKLY)(;|$)", "^[^@\\s]+@[^@\\s]+$", "^a{2,1}$", "^a**$"] {
            #expect(AnchoredPattern(source) == nil, "\(source)")
        }
    }

    @Test("the same answers as NSRegularExpression on 20,000 strings near the patterns")
    func agreesWithRegex() throws {
        var random = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789abcdefABXYZ-_.:TZ7 /".utf8)
        for source in Self.patterns {
            let fast = try #require(AnchoredPattern(source))
            let regex = try NSRegularExpression(pattern: source)
            var samples = ["", "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "2026-11-22T10:15:30.123Z", "c4-7f-51-0a-9e-22", "US", "aab", "abab"]
            for _ in 0..<2_000 {
                var bytes = Array(samples[Int(random.next() % UInt64(samples.count))].utf8)
                for _ in 0..<Int(random.next() % 4) {
                    let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
                    let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                    switch random.next() % 3 {
                    case 0: bytes.insert(byte, at: position)
                    case 1: if position < bytes.count { bytes[position] = byte }
                    default: if position < bytes.count { bytes.remove(at: position) }
                    }
                }
                samples.append(String(decoding: bytes, as: UTF8.self))
            }
            for text in samples {
                let expected = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(fast.matches(text) == expected, "\(source) on \(text)")
            }
        }
    }

    @Test("text with a newline or beyond ASCII is left to the regular expression")
    func leftToRegex() throws {
        let fast = try #require(AnchoredPattern("^[a-z]+$"))
        #expect(fast.matches("abc\n") == nil && fast.matches("café") == nil && fast.matches("abc") == true)
    }

    /// Issue 26: JSON Schema patterns are ECMA-262, whose `$` (without the multiline flag) is the end of the input only;
    /// ICU's also matches before a final line break, which let an id ending in "\n" through.
    @Test("a pattern's $ matches only at the very end, not before a final line break; a $ escaped or in a class is a dollar")
    func dollarIsEndOfInput() throws {
        let id = try Pattern("^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
        #expect(id.matches("019a4c2e-8f10-7c3a-9b2d-4e5f60718293"))
        #expect(!id.matches("019a4c2e-8f10-7c3a-9b2d-4e5f60718293\n"))
        #expect(!id.matches("019a4c2e-8f10-7c3a-9b2d-4e5f60718293\r\n"))
        // Patterns the byte matcher does not take go to the regular expression, which must agree.
        let general = try Pattern("^(ab|cd)+$")
        #expect(general.matches("abcd") && !general.matches("abcd\n") && !general.matches("abcd\r"))
        let unanchored = try Pattern("x$")
        #expect(unanchored.matches("ax") && !unanchored.matches("ax\n"))
        let dollars = try Pattern("^[$]\\$(a|\\\\)$")
        #expect(dollars.matches("$$a") && dollars.matches("$$\\") && !dollars.matches("$$a\n"))
        #expect(Pattern.icu("^[$]\\$(a|\\\\)$") == "^[$]\\$(a|\\\\)\\z")
    }
}
