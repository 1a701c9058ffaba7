import TroveTestSupport
import Testing
import TroveJSON

/// What the parser makes of valid JSON text.
@Suite struct ParserValueTests {
    @Test("every kind of value parses to the matching case")
    func allKinds() throws {
        let value = try JSONValue(parsing: #"""
        {"n": null, "t": true, "f": false, "i": -42, "d": 0.5, "s": "text",
         "a": [1, "two", [], {}], "o": {"nested": {"deep": [null]}}}
        """#)
        #expect(value == .object([
            "n": .null, "t": .bool(true), "f": .bool(false), "i": .integer(-42), "d": .double(0.5),
            "s": .string("text"),
            "a": .array([.integer(1), .string("two"), .array([]), .object([:])]),
            "o": .object(["nested": .object(["deep": .array([.null])])]),
        ]))
    }

    @Test("a bare scalar is a whole document", arguments: [
        ("null", JSONValue.null), ("true", .bool(true)), ("false", .bool(false)),
        ("7", .integer(7)), ("-0", .integer(0)), ("\"x\"", .string("x")), ("[]", .array([])), ("{}", .object([:])),
    ])
    func scalarDocuments(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test("whitespace of all four kinds is allowed between tokens")
    func whitespace() throws {
        let value = try JSONValue(parsing: " \t\r\n[ 1 ,\t2\r\n,\n3 ] \n")
        #expect(value == [1, 2, 3])
    }

    @Test("a UTF-8 byte order mark at the start is skipped")
    func byteOrderMark() throws {
        let value = try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(value == ["a": 1])
    }

    @Test("a byte order mark anywhere but the start is an error")
    func byteOrderMarkInside() {
        #expect(parseError(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("1".utf8)) != nil)
    }

    // MARK: numbers

    @Test("whole numbers written with a fraction or exponent are integers", arguments: [
        ("2.0", 2), ("-2.0", -2), ("1e2", 100), ("1E+2", 100), ("2.50e1", 25), ("-0.0", 0), ("0e10", 0),
    ])
    func wholeNumbersAreIntegers(text: String, expected: Int) throws {
        #expect(try JSONValue(parsing: text) == .integer(expected))
    }

    @Test("fractional numbers are doubles", arguments: [
        ("0.5", 0.5), ("-1.25", -1.25), ("1e-2", 0.01), ("1.5E-07", 1.5e-07), ("123.456", 123.456),
        ("48.8566140", 48.856614),
    ])
    func fractionalNumbers(text: String, expected: Double) throws {
        #expect(try JSONValue(parsing: text) == .double(expected))
    }

    @Test("integers at the edges of Int64 stay integers")
    func int64Edges() throws {
        #expect(try JSONValue(parsing: "9223372036854775807") == .integer(Int.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .integer(Int.min))
        #expect(try JSONValue(parsing: "9007199254740993") == .integer(9_007_199_254_740_993))
    }

    @Test("integers beyond Int64 become doubles")
    func bigIntegers() throws {
        #expect(try JSONValue(parsing: "9223372036854775808") == .double(9_223_372_036_854_775_808.0))
        #expect(try JSONValue(parsing: "-9223372036854775809") == .double(-9_223_372_036_854_775_809.0))
        #expect(try JSONValue(parsing: "123456789012345678901234567890") == .double(1.2345678901234568e29))
    }

    @Test("a whole double too large for an exact integer stays a double")
    func largeWholeDouble() throws {
        #expect(try JSONValue(parsing: "1e16") == .double(1e16))
        #expect(try JSONValue(parsing: "8.9e15") == .integer(8_900_000_000_000_000))
    }

    @Test("numbers that overflow a double are rejected", arguments: ["1e400", "-1e400", "1.0e309"])
    func overflow(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.reason.contains("out of range"))
        #expect((error.line, error.column) == (1, 1))
    }

    @Test("malformed numbers are rejected", arguments: ["-", "1.", ".5", "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "-Infinity", "1.e3"])
    func malformedNumbers(text: String) {
        #expect(parseError(text) != nil)
    }

    // MARK: strings

    @Test("every two-character escape decodes")
    func simpleEscapes() throws {
        let value = try JSONValue(parsing: #""\" \\ \/ \b \f \n \r \t""#)
        #expect(value == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
    }

    @Test("\\u escapes decode in either case, including NUL")
    func unicodeEscapes() throws {
        #expect(try JSONValue(parsing: #""\u00e9\u00E9\u0041\u0000\u20AC""#) == .string("ééA\u{0}€"))
    }

    @Test("a surrogate pair decodes to one scalar outside the BMP")
    func surrogatePairs() throws {
        let value = try JSONValue(parsing: #""\ud83d\ude00 \uD834\uDD1E""#)
        #expect(value == .string("😀 𝄞"))
        #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x1F600, 0x20, 0x1D11E])
    }

    @Test("raw UTF-8 of every length passes through unchanged")
    func rawUTF8() throws {
        let text = "é ß 日本語 😀 🇫🇷 \u{2028} \u{7F}"
        let value = try JSONValue(parsing: "\"\(text)\"")
        #expect(value == .string(text))
        #expect(Array(value.stringValue!.utf8) == Array(text.utf8))
    }

    @Test("escaped and raw forms of a character give the same string")
    func escapedEqualsRaw() throws {
        #expect(try JSONValue(parsing: #""\u65e5\u672c""#) == JSONValue(parsing: "\"日本\""))
    }

    @Test("member names may be empty and may need escapes")
    func memberNames() throws {
        let value = try JSONValue(parsing: #"{"": 1, "a\"b": 2, "\u00e9": 3, "é2": 4}"#)
        #expect(value == ["": 1, "a\"b": 2, "é": 3, "é2": 4])
    }

    @Test("deep nesting up to 512 levels parses")
    func depthLimit() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONValue(parsing: text)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
        let objects = String(repeating: #"{"a":"#, count: 511) + "[]" + String(repeating: "}", count: 511)
        #expect(parseError(objects) == nil)
    }
}
