import Foundation
import Testing
@testable import TroveSchema
import TroveTestSupport

/// The byte matcher for simple patterns agrees with `NSRegularExpression` wherever it answers.
@Suite struct BytePatternTests {
    static let patterns = [
        "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
        "^[a-z0-9][a-z0-9._-]{0,63}$", "^[a-z0-9-]{1,32}$", "^[A-Z]{2}$", "^[a-z][a-z-]*$",
        "^[a-z0-9][a-z0-9_.-]{2,31}$", "^[0-9a-z][0-9a-z-]{0,63}$", "^a+b?c*$", "^[ab]*a[ab]{2}$",
        // Groups, open counts, negated classes, class escapes and unanchored patterns.
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z/[0-9]{4,}/[0-9a-z][0-9a-z-]{0,63}$",
        "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$", "\\S", "^\\S([^\\n\\r]*\\S)?$", "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
        "[0-9]", "a$", "^(?:ab)+$", "^(ab)?$", "^\\d{2,}\\w*\\W?\\D$", "^.{3}$", "^(a(b)*)*c?$",
        "^\\$[a-z0-9-]{1,32}(\\$v=[0-9]+)?(\\$[a-z0-9-]{1,32}=[A-Za-z0-9/+.-]+(,[a-z0-9-]{1,32}=[A-Za-z0-9/+.-]+)*)?\\$[A-Za-z0-9+/]+\\$[A-Za-z0-9+/]+$",
        "^ssh-ed25519 [A-Za-z0-9+/]+={0,2}( [^\\n\\r]*)?$", "^#[0-9a-f]{6}$", "x\\$", "^$", "^", "$", "(^|;)FREQ=(DAILY|WEEKLY)(;|$)", "^a|b$", "a^b", "a$b", "^(a|bc|)+d?$", "$^", "(a|^)b$",
        // Too many deterministic states (the twelfth letter from the end): the first automaton is simulated.
        "[ab]*a[ab]{11}$",
    ]

    @Test("every schema pattern of the simple shape is taken; others are left to the regular expression")
    func shapes() {
        for source in Self.patterns { #expect(BytePattern(source) != nil, "\(source)") }
        for source in ["^a{2,1}$", "^^*$", "^a$+", "^a**$", "^a+?$", "^a++$", "^(?=a)a$", "^\\bx$", "^(a)\\1$",
                       "", "^[\\d-z]$", "^[a-c-e]$", "^[-z09_+--]+$", "^[-z&-9_+-]+$", "^[A-z]$", "^[a{b}]$", "^[--]$", "^[]a]$", "^[a-z&&[^b]]$", "^[[:alpha:]]$", "^a{99999}$", "^a{1000}b{1000}c{1000}$", "^(ab$", "^ab)$", "\\"] {
            #expect(BytePattern(source) == nil, "\(source)")
        }
    }

    @Test("the same answers as NSRegularExpression on 20,000 strings near the patterns")
    func agreesWithRegex() throws {
        var random = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789abcdefABXYZ-_.:TZ7 /@$=,+#".utf8)
        for source in Self.patterns {
            let fast = try #require(BytePattern(source))
            let regex = try NSRegularExpression(pattern: Pattern.icu(source))
            var samples = ["", "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "2026-11-22T10:15:30.123Z", "c4-7f-51-0a-9e-22", "US", "aab", "abab",
                           "2026-11-22T10:15:30.123Z/0000/ee320a0a7fcd", "Europe/Paris", "America/Argentina/Buenos_Aires", " a b ", "me@example.org",
                           "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", "ssh-ed25519 AAAAC3Nza== me@host", "#a0b1c2", "12ab_!x", "abbabc", "x$",
                           "FREQ=DAILY;INTERVAL=2", "BYDAY=MO;FREQ=WEEKLY", "XFREQ=DAILY", "FREQ=WEEKLYX", "bcbcad",
                           "abababababababab", "bbbbabbbbbbbbbbb", "ab", "b"]
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

    @Test("every pattern of the bundled schemas is taken, so that no command compiles a regular expression for them")
    func bundledPatternsAreTaken() throws {
        var found = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: Fixtures.schemasDirectory.path) where file.hasSuffix(".json") {
            let text = try String(contentsOf: Fixtures.schemasDirectory.appendingPathComponent(file), encoding: .utf8)
            let schema = try JSONSerialization.jsonObject(with: Data(text.utf8))
            func visit(_ value: Any) {
                if let object = value as? [String: Any] {
                    if let source = object["pattern"] as? String {
                        found += 1
                        #expect(BytePattern(source)?.isDeterministic == true, "\(file): \(source)")
                    }
                    object.values.forEach(visit)
                } else if let array = value as? [Any] {
                    array.forEach(visit)
                }
            }
            visit(schema)
        }
        #expect(found >= 20)
    }

    @Test("a pattern whose deterministic automaton would pass the limit is simulated, and still answers")
    func simulatedPastTheLimit() throws {
        let large = try #require(BytePattern("[ab]*a[ab]{11}$"))
        #expect(!large.isDeterministic)
        #expect(large.matches("bba" + String(repeating: "b", count: 11)) == true)
        #expect(large.matches("bba" + String(repeating: "b", count: 10)) == false)
        #expect(try #require(BytePattern("^[0-9a-f]{8}$")).isDeterministic)
    }

    @Test("nested quantifiers on hostile text take steps in proportion to its length, not exponential time")
    func noCatastrophicBacktracking() throws {
        let nested = try #require(BytePattern("^(a+)+$"))
        let text = String(repeating: "a", count: 20_000)
        #expect(nested.matches(text + "b") == false)
        #expect(nested.matches(text) == true)
        let stars = try #require(BytePattern("^(a*)*(a*)*b$"))
        #expect(stars.matches(text) == false)
    }

    @Test("text with a newline or beyond ASCII is left to the regular expression")
    func leftToRegex() throws {
        let fast = try #require(BytePattern("^[a-z]+$"))
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
