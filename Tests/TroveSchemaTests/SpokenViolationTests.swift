import Testing
import TroveJSON
import TroveSchema

/// What a person reads when a record breaks its schema: the field named in words, what it is, and the rule,
/// never a JSON Pointer.
@Suite struct SpokenViolationTests {
    let catalog = FormatCatalog.bundled

    /// The spoken lines for the example of `type` after setting `path` to `value` (nil removes it).
    func spoken(_ type: String, _ path: String, _ value: JSONValue?) throws -> [String] {
        let format = try #require(catalog.format(for: type))
        return format.validate(try Fixtures.example(type).setting(path, to: value)).map(\.spoken)
    }

    @Test("a tag that is too long is named as a tag, with its length and the limit")
    func longTag() throws {
        let long = String(repeating: "x", count: 10_000)
        #expect(try spoken("entry", "tags/0", .string(long)) == ["a tag is 10,000 characters long: at most 100"])
    }

    @Test("a nested field reads as the owner's field; a list item deeper down by its position")
    func nested() throws {
        #expect(try spoken("entry", "location/lat", 123.5) == ["the location's lat is 123.5: at most 90"])
        let lon = try spoken("entry", "location/lon", nil)
        #expect(lon == ["the location's lon is missing"], "\(lon)")
        #expect(SchemaViolation(path: "/location/lon", message: "missing required field \"lon\" (needed with \"lat\")").spoken
                == "the location's lon is missing (needed with \"lat\")")
        #expect(SchemaViolation(path: "/photos/1/caption", message: "expected string, found integer", found: "is a whole number", limit: "it must be text").spoken
                == "photo 2's caption is a whole number: it must be text")
    }

    @Test("a wrong type, a missing field, an unknown field and a wrong choice each read as a sentence")
    func kinds() throws {
        #expect(try spoken("entry", "title", 42) == ["the title is a whole number: it must be text"])
        #expect(try spoken("entry", "text", nil) == ["the text is missing"])
        #expect(try spoken("entry", "titel", "Typo") == ["there is no field \"titel\""])
        #expect(try spoken("settings", "notifications/sound", true) == ["there is no field \"sound\" in the notifications"])
        #expect(try spoken("dog", "sex", "sometimes") == ["the sex is \"sometimes\": must be one of \"female\", \"male\""])
        #expect(try spoken("entry", "journalId", "nope") == ["the journal id is \"nope\": must be a lowercase UUIDv7 like 019a4c2e-8f10-7c3a-9b2d-4e5f60718293"])
    }

    @Test("a repeated tag is named with its value; a very long value is cut short")
    func repeatsAndLongValues() throws {
        #expect(try spoken("entry", "tags", ["walk", "walk"]) == ["a tag is \"walk\": it is already in the list"])
        let bad = try spoken("entry", "date", .string(String(repeating: "9", count: 200)))
        #expect(bad.count == 1)
        #expect(bad[0].hasPrefix("the date is \"999"), "\(bad)")
        #expect(bad[0].count < 160, "\(bad)")
    }

    @Test("no spoken line shows a JSON Pointer")
    func noPointers() throws {
        for (type, path, value) in [("entry", "tags/1", JSONValue.integer(3)), ("entry", "location/lat", 91.0), ("dog", "name", nil)] {
            for line in try spoken(type, path, value) {
                #expect(!line.contains("/"), "\(line)")
            }
        }
    }
}
