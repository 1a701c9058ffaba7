import TroveTestSupport
import Testing
import TroveJSON

/// Invalid JSON is rejected with the 1-based line and column of the offending character
/// (counted in characters, not bytes), so a person can find it in a hand-edited record.
@Suite struct ParserErrorTests {
    /// Expects `text` to fail at `line`:`column` with a reason containing `reason`.
    func expectError(_ bytes: [UInt8], line: Int, column: Int, reason: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = parseError(bytes) else {
            Issue.record("parsed, but should fail with \(reason)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.line == line && error.column == column,
                "at \(error.line):\(error.column), expected \(line):\(column) (\(error.reason))",
                sourceLocation: sourceLocation)
        #expect(error.reason.contains(reason), "reason: \(error.reason)", sourceLocation: sourceLocation)
    }

    func expectError(_ text: String, line: Int, column: Int, reason: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        expectError(Array(text.utf8), line: line, column: column, reason: reason, sourceLocation: sourceLocation)
    }

    @Test("the description names line, column and reason")
    func description() throws {
        let error = try #require(parseError("[1,]"))
        #expect(error.description == "invalid JSON at line 1, column 4: unexpected character ']'")
    }

    @Test("empty input is an error at its end")
    func emptyInput() {
        expectError("", line: 1, column: 1, reason: "end of input")
        expectError("  \n  ", line: 2, column: 3, reason: "end of input")
    }

    @Test("a trailing comma points at the closing bracket")
    func trailingComma() {
        expectError("[1, 2,]", line: 1, column: 7, reason: "unexpected character ']'")
        expectError("{\n  \"a\": 1,\n}", line: 3, column: 1, reason: "member name")
    }

    @Test("a missing colon points where the colon belongs")
    func missingColon() {
        expectError(#"{"a" 1}"#, line: 1, column: 6, reason: "':'")
        expectError("{\n  \"key\"\n    1\n}", line: 3, column: 5, reason: "':'")
    }

    @Test("a missing comma points at the next value")
    func missingComma() {
        expectError("[1 2]", line: 1, column: 4, reason: "','")
        expectError(#"{"a": 1 "b": 2}"#, line: 1, column: 9, reason: "','")
    }

    @Test("an unterminated string is an error at the end of input")
    func unterminatedString() {
        expectError(#"{"a": "abc"#, line: 1, column: 11, reason: "unterminated string")
        expectError(#""abc\"#, line: 1, column: 6, reason: "unterminated")
    }

    @Test("a raw control character in a string points at it")
    func controlCharacter() {
        expectError("\"a\tb\"", line: 1, column: 3, reason: "control character")
        expectError("[\n \"x\u{01}\"]", line: 2, column: 4, reason: "control character")
        expectError("\"line\nbreak\"", line: 1, column: 6, reason: "control character")
    }

    @Test("a leading zero points at the digit after it")
    func leadingZero() {
        expectError("01", line: 1, column: 2, reason: "leading zero")
        expectError(#"{"n": -007}"#, line: 1, column: 9, reason: "leading zero")
    }

    @Test("a duplicate member name points at the second occurrence")
    func duplicateKeys() {
        expectError(#"{"a":1,"a":2}"#, line: 1, column: 8, reason: #"duplicate member name "a""#)
        expectError("{\n  \"a\": 1,\n  \"b\": {\"x\": 1, \"x\": 2}\n}", line: 3, column: 17, reason: "duplicate")
    }

    @Test("text after the document points at its first character")
    func trailingGarbage() {
        expectError("{} x", line: 1, column: 4, reason: "after the JSON value")
        expectError("1 2", line: 1, column: 3, reason: "after the JSON value")
        expectError("[1]\n\n  ]", line: 3, column: 3, reason: "after the JSON value")
        expectError("0x10", line: 1, column: 2, reason: "after the JSON value")
    }

    @Test("columns count characters, not UTF-8 bytes")
    func columnsCountCharacters() {
        expectError(#"["日本", x]"#, line: 1, column: 8, reason: "unexpected character 'x'")
        expectError("[\"😀\",\n \"é\" ]]", line: 2, column: 7, reason: "after the JSON value")
    }

    @Test("CR LF line ends count as one line each")
    func crlf() {
        expectError("{\r\n  \"a\": 1,\r\n  x}", line: 3, column: 3, reason: "member name")
    }

    @Test("invalid UTF-8 in a string points at the bad sequence", arguments: [
        [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC3, 0x28],
    ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) {
        expectError(Array(#"["é", "a"#.utf8) + sequence + Array(#"b"]"#.utf8), line: 1, column: 9, reason: "invalid UTF-8")
    }

    @Test("a UTF-8 sequence cut off by the end of the string is invalid")
    func truncatedUTF8() {
        expectError([0x22, 0xE2, 0x82, 0x22], line: 1, column: 2, reason: "invalid UTF-8")
        expectError([0x22, 0xF0, 0x9F, 0x98], line: 1, column: 2, reason: "invalid UTF-8")
    }

    @Test("invalid UTF-8 outside a string is an unexpected character")
    func invalidUTF8OutsideString() {
        expectError([0x5B, 0xFF, 0x5D], line: 1, column: 2, reason: "unexpected character")
    }

    @Test("a lone or reversed surrogate escape points at its backslash")
    func loneSurrogates() {
        expectError(#""ab\ud800""#, line: 1, column: 4, reason: "surrogate")
        expectError(#""\udc00""#, line: 1, column: 2, reason: "surrogate")
        expectError(#""\ud800\u0041""#, line: 1, column: 2, reason: "surrogate")
        expectError(#""\ude00\ud83d""#, line: 1, column: 2, reason: "surrogate")
        expectError(#""\ud800x""#, line: 1, column: 2, reason: "surrogate")
    }

    @Test("a bad escape points at its backslash")
    func badEscapes() {
        expectError(#""ab\x""#, line: 1, column: 4, reason: "invalid escape")
        expectError(#""\u00G0""#, line: 1, column: 2, reason: "hex digit")
        expectError(#""\u12""#, line: 1, column: 2, reason: "\\u escape")
        expectError(#"["\'"]"#, line: 1, column: 3, reason: "invalid escape")
    }

    @Test("misspelt literals point at their first letter")
    func badLiterals() {
        expectError("[tru]", line: 1, column: 2, reason: "expected true")
        expectError("nul", line: 1, column: 1, reason: "expected null")
        expectError("[truex]", line: 1, column: 6, reason: "','")
        expectError("True", line: 1, column: 1, reason: "unexpected character 'T'")
        expectError("[1, // comment\n2]", line: 1, column: 5, reason: "unexpected character '/'")
    }

    @Test("nesting deeper than 512 levels points at the 513th bracket")
    func tooDeep() {
        expectError(String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                    line: 1, column: 513, reason: "deeper than 512")
        expectError(String(repeating: #"{"a":"#, count: 512) + "[1]" + String(repeating: "}", count: 512),
                    line: 1, column: 512 * 5 + 1, reason: "deeper than 512")
    }

    @Test("depth far beyond the limit fails cleanly instead of overflowing the stack")
    func farTooDeep() {
        expectError(String(repeating: "[", count: 100_000), line: 1, column: 513, reason: "deeper than 512")
    }
}

/// `JSONValue.members(_:ofObject:)` builds only the members asked for, and still checks the rest of the text.
@Suite struct RootMembersTests {
    @Test("only the named members are built, whatever comes around them")
    func namedMembers() throws {
        let text = #"{"skip": {"a": [1, {"b": "\u00e9\"x"}], "c": null}, "x-type": "entry", "more": [true, false, -1.5e3], "x-log": true}"#
        let members = try JSONValue.members(["x-type", "x-log", "absent"], ofObject: Array(text.utf8))
        #expect(members == ["x-type": "entry", "x-log": true])
        // The same text parsed whole has these values too.
        let whole = try JSONValue(parsing: text)
        #expect(whole["x-type"] == members["x-type"] && whole["x-log"] == members["x-log"])
        // JSON, but not an object.
        let notObject = #expect(throws: JSONParseError.self) { try JSONValue.members(["x-type"], ofObject: Array(#"["x-type"]"#.utf8)) }
        #expect(notObject?.reason == "expected an object" && notObject?.column == 1)
    }

    @Test("text that is not JSON is refused where the whole parse refuses it, in the members not built too", arguments: [
        #"{"skip": [1, 2,], "x-type": "entry"}"#,
        #"{"skip": {"a" 1}, "x-type": "entry"}"#,
        #"{"skip": "bad \q escape", "x-type": "entry"}"#,
        #"{"skip": "unterminated, "x-type": "entry"}"#,
        #"{"skip": [01], "x-type": "entry"}"#,
        #"{"skip": tru, "x-type": "entry"}"#,
        #"{"x-type": "entry"} extra"#,
        #"{"x-type": "entry", "x-type": "event"}"#,
        #"{"x-type": "entry", "x-type" "event"}"#,
        #"{"skip": {"a": 1, "a": 2}, "x-type": "entry"}"#,
        #"{"skip": [{"a": 1, "a" 2}], "x-type": "entry"}"#,
        // Past the names compared in turn: a repeat of one of them, and of one the set holds.
        #"{"skip": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "a": 10}, "x-type": "entry"}"#,
        #"{"skip": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10, "i": 11}, "x-type": "entry"}"#,
        #"{"x-type": "entry", "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "x-type": "event"}"#,
        "{\"skip\": \"\u{01}\", \"x-type\": \"entry\"}",
    ])
    func invalidText(text: String) throws {
        let whole = try #require(parseError(Array(text.utf8)), "the whole parse took it")
        #expect(throws: JSONParseError.self) { try JSONValue.members(["x-type"], ofObject: Array(text.utf8)) }
        do {
            _ = try JSONValue.members(["x-type"], ofObject: Array(text.utf8))
        } catch {
            #expect(error == whole)
        }
    }

    @Test("a value nested past the limit is refused even when it is not built")
    func depth() {
        let text = #"{"skip": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        #expect(throws: JSONParseError.self) { try JSONValue.members(["x-type"], ofObject: Array(text.utf8)) }
    }
}
