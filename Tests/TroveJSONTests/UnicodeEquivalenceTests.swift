import TroveTestSupport
import Testing
import TroveJSON

/// Swift's String == treats canonically equivalent text as equal ("é" U+00E9 and "e" + U+0301),
/// while JSON, Python and the canonical bytes see different code points. These tests pin the
/// mismatch as known issues: they pass while it lasts and fail once it is fixed, to be updated then.
@Suite struct UnicodeEquivalenceTests {
    static let composed = "\u{E9}"       // é, NFC
    static let decomposed = "e\u{301}"   // é, NFD

    @Test("values that compare equal encode to the same bytes")
    func equalValuesSameBytes() {
        let one = JSONValue.string(Self.composed), two = JSONValue.string(Self.decomposed)
        #expect(CanonicalJSON.encode(one) != CanonicalJSON.encode(two))
        withKnownIssue("JSONValue == uses Swift String equality (canonical equivalence), not code points") {
            #expect(one != two, "equal values, different blobs: a normalization-only edit looks unchanged")
        }
    }

    @Test("member names that differ only in Unicode normalization are distinct members")
    func normalizationDistinctKeys() throws {
        let text = "{\"\(Self.composed)\": 1, \"\(Self.decomposed)\": 2}"
        withKnownIssue("[String: JSONValue] merges canonically equivalent keys, so the parser calls them duplicates") {
            let value = try JSONValue(parsing: text)
            #expect(value.objectValue?.count == 2)
        }
    }
}
