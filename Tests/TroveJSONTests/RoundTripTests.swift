import TroveTestSupport
import Testing
import TroveJSON

/// Parsing what the writer wrote gives the value back, for many generated values.
@Suite struct RoundTripTests {
    static let seeds: [UInt64] = [1, 2, 3, 0xC0FFEE]
    static let perSeed = 100

    @Test("parse(encode(v)) == v and the bytes are stable", arguments: seeds)
    func canonicalRoundTrip(seed: UInt64) throws {
        var generator = JSONGenerator(seed: seed)
        for number in 0..<Self.perSeed {
            let value = generator.value()
            let bytes = CanonicalJSON.encode(value)
            let parsed = try JSONValue(parsing: bytes)
            #expect(parsed == value, "seed \(seed) value \(number): \(CanonicalJSON.compact(value))")
            #expect(CanonicalJSON.encode(parsed) == bytes, "seed \(seed) value \(number) changed bytes on a second write")
        }
    }

    @Test("parse(compact(v)) == v", arguments: seeds)
    func compactRoundTrip(seed: UInt64) throws {
        var generator = JSONGenerator(seed: seed)
        for number in 0..<Self.perSeed {
            let value = generator.object()
            let text = CanonicalJSON.compact(value)
            #expect(!text.contains("\n"), "compact output must stay on one line")
            #expect(try JSONValue(parsing: text) == value, "seed \(seed) value \(number): \(text)")
        }
    }

    @Test("strings keep their exact scalars, including ones Swift treats as equal")
    func exactScalars() throws {
        // NFC "é" and NFD "e\u{301}" compare equal as Swift Strings, so compare bytes.
        for text in ["é", "e\u{301}", "\r\n", "\u{1F1EB}\u{1F1F7}", "\u{FEFF}x", "a\u{0}b"] {
            let parsed = try JSONValue(parsing: CanonicalJSON.encode(.string(text)))
            #expect(Array(parsed.stringValue!.unicodeScalars) == Array(text.unicodeScalars))
        }
    }

    @Test("the generator produces every kind of value, so the round trip covers them")
    func generatorCoverage() {
        var generator = JSONGenerator(seed: 1)
        var kinds: Set<String> = []
        func collect(_ value: JSONValue) {
            kinds.insert(value.typeName)
            value.arrayValue?.forEach(collect)
            value.objectValue?.values.forEach(collect)
        }
        for _ in 0..<Self.perSeed { collect(generator.value()) }
        #expect(kinds == ["null", "boolean", "integer", "number", "string", "array", "object"])
    }
}
