import TroveTestSupport
import Testing
import TroveJSON

/// The exact bytes of Trove's canonical form: the same value must give the same blob everywhere.
@Suite struct CanonicalWriterTests {
    @Test("the bytes come in a buffer of their size, not one grown to twice it (an import holds thousands)")
    func bufferOfItsSize() {
        for length in [10, 300, 1_100, 5_000, 70_000] {
            let bytes = CanonicalJSON.encode(["text": .string(String(repeating: "w", count: length)), "n": 1])
            #expect(bytes.count > length)
            #expect(bytes.capacity - bytes.count <= 64, "\(length): \(bytes.count) bytes in \(bytes.capacity)")
        }
    }

    @Test("objects and arrays use 2-space indent, \": \" and a trailing newline")
    func layout() {
        let value: JSONValue = ["b": 1, "a": [1, "x", ["k": nil, "j": true]], "c": [:], "d": []]
        #expect(CanonicalJSON.string(value) == """
        {
          "a": [
            1,
            "x",
            {
              "j": true,
              "k": null
            }
          ],
          "b": 1,
          "c": {},
          "d": []
        }

        """)
    }

    @Test("encode and string give the same UTF-8 bytes")
    func bytesMatchString() {
        let value: JSONValue = ["name": "Zoë 🐕", "n": [1.5]]
        #expect(CanonicalJSON.encode(value) == Array(CanonicalJSON.string(value).utf8))
    }

    @Test("scalars at the top level are one line with a newline", arguments: [
        (JSONValue.null, "null\n"), (.bool(false), "false\n"), (.integer(-3), "-3\n"),
        (.string("s"), "\"s\"\n"), (.array([]), "[]\n"), (.object([:]), "{}\n"),
    ])
    func scalarDocuments(value: JSONValue, expected: String) {
        #expect(CanonicalJSON.string(value) == expected)
    }

    @Test("the compact form has no spaces and no newline")
    func compact() {
        let value: JSONValue = ["b": [1, 2, [:], []], "a": ["x": "y z"]]
        #expect(CanonicalJSON.compact(value) == #"{"a":{"x":"y z"},"b":[1,2,{},[]]}"#)
    }

    @Test("keys sort by UTF-8 bytes (code points), not UTF-16 units or Swift's canonical ordering")
    func keyOrder() {
        // "ｚ" (U+FF5A) precedes "😀" in UTF-8 but follows it in UTF-16; "Ç" (U+00C7) precedes the
        // Angstrom sign U+212B in bytes, but Swift's String < compares it as its NFC form "Å" (U+00C5).
        let keys = ["😀", "ｚ", "\u{212B}", "Ç", "é", "z", "b", "aa", "a b", "a", "B", ""]
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.integer(0)) }))
        let expected = ["", "B", "a", "a b", "aa", "b", "z", "Ç", "é", "\u{212B}", "ｚ", "😀"]
        #expect(CanonicalJSON.sortedKeys(value.objectValue!) == expected)
        let lines = CanonicalJSON.string(value).split(separator: "\n").dropFirst().dropLast()
        #expect(lines.map { String($0.dropFirst(3).prefix { $0 != "\"" }) } == expected)
    }

    @Test("the same members inserted in any order give the same bytes")
    func insertionOrder() {
        let keys = (0..<50).map { "key\($0)" }
        var forward: [String: JSONValue] = [:], backward: [String: JSONValue] = [:]
        for key in keys { forward[key] = .string(key) }
        for key in keys.reversed() { backward[key] = .string(key) }
        #expect(CanonicalJSON.encode(.object(forward)) == CanonicalJSON.encode(.object(backward)))
    }

    @Test("a slash is written raw, never as \\/")
    func slashes() {
        #expect(CanonicalJSON.compact(["url": "https://example.invalid/a/b"]) == #"{"url":"https://example.invalid/a/b"}"#)
    }

    @Test("quote, backslash and the short control escapes use their two-character forms")
    func shortEscapes() {
        #expect(CanonicalJSON.compact("\" \\ \n \r \t \u{08} \u{0C}") == #""\" \\ \n \r \t \b \f""#)
    }

    @Test("other control characters are written as lowercase \\u00XX")
    func controlCharacters() {
        #expect(CanonicalJSON.compact("\u{00}\u{01}\u{0B}\u{1B}\u{1F}") == #""\u0000\u0001\u000b\u001b\u001f""#)
        #expect(CanonicalJSON.compact(.object(["\u{07}": 1])) == #"{"\u0007":1}"#)
    }

    @Test("non-ASCII, DEL and the line separators are written as raw UTF-8")
    func rawNonASCII() {
        let text = "é 日本 😀 \u{7F} \u{2028} \u{2029} \u{FEFF}"
        #expect(CanonicalJSON.encode(.string(text)) == Array("\"\(text)\"\n".utf8))
    }

    @Test("integers are written in full across the Int64 range")
    func integers() {
        #expect(CanonicalJSON.compact([.integer(Int.min), .integer(Int.max), 0, -1]) == "[-9223372036854775808,9223372036854775807,0,-1]")
    }

    @Test("fractional doubles use the shortest digits that read back exactly", arguments: [
        (0.1, "0.1"), (1.5e-07, "1.5e-07"), (123.456, "123.456"), (-0.25, "-0.25"), (0.1 + 0.2, "0.30000000000000004"),
        (0.0001, "0.0001"), (0.00001, "1e-05"), (Double.leastNonzeroMagnitude, "5e-324"), (48.8566140, "48.856614"),
    ])
    func doubles(number: Double, expected: String) {
        #expect(CanonicalJSON.compact(.double(number)) == expected)
        #expect((try? JSONValue(parsing: expected)) == .double(number))
    }

    @Test("a whole double too large to be an exact integer keeps exponent form")
    func largeWholeDoubles() {
        #expect(CanonicalJSON.compact(.double(1e16)) == "1e+16")
        #expect(CanonicalJSON.compact(.double(9.5e15)) == "9.5e+15")
        #expect(CanonicalJSON.compact(.double(9_223_372_036_854_775_808.0)) == "9.223372036854776e+18")
    }

    @Test("a whole-valued double is written as the integer the parser reads back", arguments: [2.0, -7.0, 0.0, -0.0, 48.0, 8.9e15])
    func wholeDoubles(number: Double) throws {
        // The parser turns 2.0 into .integer(2); the writer must not give .double(2.0) other bytes,
        // or a record built in code changes its blob after one read and write.
        let written = CanonicalJSON.encode(.double(number))
        #expect(written == CanonicalJSON.encode(.integer(Int(number))))
        #expect(try JSONValue(parsing: written) == .integer(Int(number)))
    }

    @Test("JSONValue.number stores whole values as integers")
    func numberNormalizes() {
        #expect(JSONValue.number(2.0) == .integer(2))
        #expect(JSONValue.number(2.5) == .double(2.5))
        #expect(JSONValue.number(1e16) == .double(1e16))
    }

    @Test("non-finite doubles, which JSON cannot hold, are written as null")
    func nonFinite() {
        #expect(CanonicalJSON.compact([.double(.nan), .double(.infinity), .double(-.infinity)]) == "[null,null,null]")
    }
}
