import Foundation
import Testing
import TroveJSON
import TroveTestSupport

/// `JSONObjectStream` against the parser it wraps: the same values and the same errors, wherever the file's
/// chunks happen to cut the text.
@Suite struct JSONObjectStreamTests {
    /// What streaming `bytes` from a file, `chunk` bytes at a time, hands over: the elements of `entries`, the
    /// other members, and whether an `entries` array was seen.
    struct Streamed: Equatable {
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        var sawArray = false
    }

    static func stream(_ bytes: [UInt8], chunk: Int, in folder: TemporaryFolder) throws -> Streamed {
        let file = try folder.write("stream.json", bytes)
        var stream = try JSONObjectStream(path: file, chunkSize: chunk)
        var streamed = Streamed()
        try stream.read(streaming: "entries", element: { streamed.elements.append($0) },
                        member: { streamed.members[$0] = $1 })
        streamed.sawArray = stream.sawArrayMember
        return streamed
    }

    /// What the parser makes of the same bytes, in the same shape.
    static func parsed(_ bytes: [UInt8]) throws -> Streamed {
        guard case .object(var members) = try JSONValue(parsing: bytes) else { throw JSONStreamError.notAnObject(found: "?") }
        var streamed = Streamed()
        if case .array(let elements)? = members["entries"] {
            streamed.elements = elements
            streamed.sawArray = true
            members["entries"] = nil
        }
        streamed.members = members
        return streamed
    }

    /// A document over several lines, with escapes, surrogate pairs and multi-byte characters for cuts to land in.
    static func document(seed: UInt64, entries: Int) -> String {
        var generator = JSONGenerator(seed: seed)
        let items = (0..<entries).map { number -> String in
            let value: JSONValue = ["title": .string("Entry \(number) é 日本 😀"), "body": .string(generator.string(maxLength: 30)),
                                    "more": generator.value(), "n": .integer(number * 1_000_003), "f": .double(-0.5e-3), "ok": .bool(number % 2 == 0)]
            return "    " + CanonicalJSON.compact(value)
        }
        return "{\n  \"tags\": {\"@walk\": 2, \"esc\\u00e9\\ud83d\\ude00\": [true, false, null]},\n  \"entries\": [\n"
            + items.joined(separator: ",\n") + "\n  ],\n  \"after\": \"the end\"\n}\n"
    }

    @Test(arguments: [1, 2, 3, 5, 7, 16, 64, 1 << 20])
    func handsOverWhatTheParserReadsWhereverChunksCut(chunk: Int) throws {
        let folder = TemporaryFolder()
        for seed in 1...4 {
            let bytes = Array(Self.document(seed: UInt64(seed), entries: 12).utf8)
            let streamed = try Self.stream(bytes, chunk: chunk, in: folder)
            #expect(streamed == (try Self.parsed(bytes)))
            #expect(streamed.elements.count == 12 && streamed.members.keys.sorted() == ["after", "tags"])
        }
    }

    /// Every truncation and every single-byte corruption of a document: the stream fails exactly when the parser
    /// does, with its reason at its line and column, and otherwise reads the same.
    @Test(arguments: [3, 64])
    func failsAsTheParserDoesAtTheSameLineAndColumn(chunk: Int) throws {
        let folder = TemporaryFolder()
        let good = Array(Self.document(seed: 9, entries: 3).utf8)
        var cases: [[UInt8]] = (0..<good.count).map { Array(good[..<$0]) }
        for position in good.indices {
            for replacement in [UInt8(ascii: "#"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), 0xFF] {
                var bytes = good
                bytes[position] = replacement
                cases.append(bytes)
            }
        }
        var failures = 0
        for bytes in cases {
            let expected = parseError(bytes)
            do {
                let streamed = try Self.stream(bytes, chunk: chunk, in: folder)
                #expect(expected == nil, "the stream read what the parser refused: \(String(decoding: bytes, as: UTF8.self))")
                if expected == nil { #expect(streamed == (try Self.parsed(bytes))) }
            } catch let error as JSONParseError {
                failures += 1
                #expect(error == expected, "\(String(decoding: bytes, as: UTF8.self))")
            } catch JSONStreamError.notAnObject {
                // A cut that leaves valid JSON other than an object, such as a bare number.
                #expect(expected == nil && (try? JSONValue(parsing: bytes))?.objectValue == nil)
            }
        }
        #expect(failures > good.count)
    }

    @Test func readsAnElementLongerThanTheWindowWhole() throws {
        let folder = TemporaryFolder()
        let long = String(repeating: "a quiet walk by the canal, é 😀 ", count: 100_000)
        let text = "{\"entries\": [\"short\", \(CanonicalJSON.compact(.string(long))), {\"n\": 1}]}"
        let streamed = try Self.stream(Array(text.utf8), chunk: JSONObjectStream.defaultChunkSize, in: folder)
        #expect(streamed.elements == ["short", .string(long), ["n": 1]])
    }

    @Test func saysWhenTheTopLevelIsNoObjectOrTheMemberNoArray() throws {
        let folder = TemporaryFolder()
        #expect(throws: JSONStreamError.notAnObject(found: "array")) { try Self.stream(Array("[1, 2]".utf8), chunk: 4, in: folder) }
        let notArray = try Self.stream(Array("{\"entries\": 3}".utf8), chunk: 4, in: folder)
        #expect(notArray == Streamed(elements: [], members: ["entries": 3], sawArray: false))
        let empty = try Self.stream(Array("\u{FEFF}{\"entries\": [ ]}".utf8), chunk: 4, in: folder)
        #expect(empty == Streamed(elements: [], members: [:], sawArray: true))
        #expect(throws: JSONStreamError.unreadable(reason: "No such file or directory")) {
            _ = try JSONObjectStream(path: folder.child("none.json"))
        }
    }

    /// A byte order mark is skipped even when the chunks are smaller than it, and nesting is limited as the parser
    /// limits it, counting the object and the array the elements are in.
    @Test func skipsAByteOrderMarkAndLimitsNestingAsTheParserDoes() throws {
        for chunk in [1, 2, 3] {
            var stream = JSONObjectStream(bytes: Array("\u{FEFF}{\"entries\": [1]}".utf8), chunkSize: chunk)
            var seen: [JSONValue] = []
            try stream.read(streaming: "entries", element: { seen.append($0) }, member: { _, _ in })
            #expect(seen == [1])
        }
        for depth in 508...511 {
            let bytes = Array(("{\"entries\": [" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]}").utf8)
            var stream = JSONObjectStream(bytes: bytes, chunkSize: 64)
            var streamed: JSONParseError?
            do { try stream.read(streaming: "entries", element: { _ in }, member: { _, _ in }) } catch let error as JSONParseError { streamed = error }
            #expect(streamed == parseError(bytes), "\(depth) levels")
        }
    }

    /// A repeated member name followed by no ':' is a duplicate where the name starts, for the stream and the parser
    /// alike: both judge the name before reading on (the fuzzer found them disagreeing once).
    @Test(arguments: [#"{"": 1, "" 2}"#, #"{"a": {"": 1, "" 2}}"#, #"{"entries": [{"x": 1, "x" }]}"#])
    func refusesARepeatedNameBeforeWhatFollowsIt(text: String) throws {
        let bytes = Array(text.utf8)
        let expected = try #require(parseError(bytes))
        #expect(expected.reason.hasPrefix("duplicate member name"))
        for chunk in [1, 3, 64] {
            var stream = JSONObjectStream(bytes: bytes, chunkSize: chunk)
            let streamed = #expect(throws: JSONParseError.self) {
                try stream.read(streaming: "entries", element: { _ in }, member: { _, _ in })
            }
            #expect(streamed == expected, "chunk \(chunk)")
        }
    }

    /// The elements before an error are handed over, so a caller can say how far a file was good.
    @Test func handsOverTheElementsBeforeAnError() throws {
        var stream = JSONObjectStream(bytes: Array("{\"entries\": [1, 2, 3 4]}".utf8))
        var seen: [JSONValue] = []
        let error = try #require(throws: JSONParseError.self) {
            try stream.read(streaming: "entries", element: { seen.append($0) }, member: { _, _ in })
        }
        #expect(error.line == 1 && error.column == 22 && error.reason == "expected ',' or ']' in an array")
        #expect(seen == [1, 2, 3])
    }
}
