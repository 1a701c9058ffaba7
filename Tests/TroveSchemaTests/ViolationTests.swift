import Testing
import TroveJSON
import TroveSchema

/// Invalid records give the right JSON Pointer and a message a person can act on.
@Suite struct ViolationTests {
    let catalog = FormatCatalog.bundled

    /// The violations of the example of `type` after setting `path` to `value` (nil removes it).
    func violations(_ type: String, _ path: String, _ value: JSONValue?) throws -> [SchemaViolation] {
        let format = try #require(catalog.format(for: type))
        return format.validate(try Fixtures.example(type).setting(path, to: value))
    }

    @Test func wrongType() throws {
        let found = try violations("entry", "tags/1", 3)
        #expect(found == [SchemaViolation(path: "/tags/1", message: "expected string, found integer")])
        #expect(found.first?.description == "/tags/1: expected string, found integer")
        #expect(try violations("dog", "sex", JSONValue.null) == [SchemaViolation(path: "/sex", message: "expected string, found null")])
        #expect(try violations("task", "estimateMinutes", 1.5) == [SchemaViolation(path: "/estimateMinutes", message: "expected integer, found number")])
        // An integer is a number: a whole coordinate is fine.
        #expect(try violations("entry", "location/lat", 48) == [])
    }

    @Test func missingRequiredField() throws {
        let found = try violations("entry", "text", nil)
        #expect(found == [SchemaViolation(path: "/text", message: "missing required field \"text\"")])
        #expect(found.first?.description == "text: missing required field")
        let nested = try violations("business", "location/lon", nil)
        #expect(nested == [SchemaViolation(path: "/location/lon", message: "missing required field \"lon\"")])
        #expect(nested.first?.description == "location/lon: missing required field")
    }

    @Test func unknownField() throws {
        let found = try violations("entry", "titel", "Typo")
        #expect(found == [SchemaViolation(path: "/titel", message: "unknown field \"titel\"")])
        #expect(found.first?.description == "titel: unknown field")
        #expect(try violations("settings", "notifications/sound", true) == [SchemaViolation(path: "/notifications/sound", message: "unknown field \"sound\"")])
    }

    @Test func patterns() throws {
        let id = try violations("entry", "id", "01A20234-9644-7807-9BC6-95F7224AE39B")
        #expect(id.map(\.path) == ["/id"])
        #expect(id.first?.message.hasPrefix("must be a lowercase UUIDv7") == true)
        #expect(try violations("entry", "photos/0/media", "xyz") == [SchemaViolation(path: "/photos/0/media", message: "must be a SHA-256 hash: 64 lowercase hex digits")])
        #expect(try violations("entry", "createdAt", "2026-11-22T07:42:10Z").map(\.path) == ["/createdAt"])
        #expect(try violations("entry", "clock", "2026-11-22T10:15:30.123Z/000/peer").map(\.path) == ["/clock"])
        #expect(try violations("account", "passwordHash", "hunter2").map(\.path) == ["/passwordHash"])
    }

    @Test func enumAndConst() throws {
        #expect(try violations("business", "kind", "wee") == [SchemaViolation(path: "/kind", message: "must be one of \"pee\", \"poo\"")])
        #expect(try violations("entry", "type", "journal") == [SchemaViolation(path: "/type", message: "must be \"entry\"")])
        #expect(try violations("entry", "v", 2) == [SchemaViolation(path: "/v", message: "must be 1")])
    }

    @Test func numericBounds() throws {
        let lat = try violations("entry", "location/lat", 90.5)
        #expect(lat == [SchemaViolation(path: "/location/lat", message: "must be at most 90")])
        #expect(lat.first?.description == "/location/lat: must be at most 90")
        #expect(try violations("business", "location/lon", -180.0000001) == [SchemaViolation(path: "/location/lon", message: "must be at least -180")])
        #expect(try violations("tracker-report", "accuracy", -1) == [SchemaViolation(path: "/accuracy", message: "must be at least 0")])
        #expect(try violations("entry", "location/lat", -90) == [])
    }

    @Test func itemName() throws {
        let long = String(repeating: "x", count: 81)
        #expect(try violations("item", "name", .string(long)) == [SchemaViolation(path: "/name", message: "must be at most 80 characters")])
        #expect(try violations("item", "name", .string(String(repeating: "é", count: 80))) == [])
        #expect(try violations("item", "name", "   ") == [SchemaViolation(path: "/name", message: "must not be blank")])
        #expect(try violations("item", "name", "") == [SchemaViolation(path: "/name", message: "must be at least 1 character")])
        #expect(try violations("quote", "text", " \n") == [SchemaViolation(path: "/text", message: "must not be blank")])
    }

    @Test func arrays() throws {
        #expect(try violations("entry", "tags", ["a", "b", "a"]) == [SchemaViolation(path: "/tags/2", message: "repeats item 0 (items must be unique)")])
        #expect(try violations("entry", "tags", ["a", " b"]) == [SchemaViolation(path: "/tags/1", message: "must not be blank or start or end with a space")])
        #expect(try violations("entry", "photos", "photo.jpg") == [SchemaViolation(path: "/photos", message: "expected array, found string")])
    }

    @Test func formats() throws {
        #expect(try violations("dog", "born", "2021-02-30") == [SchemaViolation(path: "/born", message: "must be a real calendar date (YYYY-MM-DD)")])
        #expect(try violations("dog", "born", "2024-02-29") == [])
        #expect(try violations("entry", "date", "2026-13-22T07:30:00.000Z") == [SchemaViolation(path: "/date", message: "must be a real date and time (RFC 3339)")])
        #expect(try violations("group-post", "url", "not a url") == [SchemaViolation(path: "/url", message: "must be an absolute URI, like https://example.org/page")])
        #expect(try violations("account", "email", "ada@example").map(\.path) == ["/email"])
    }

    @Test func choices() throws {
        #expect(try violations("event", "start", "2026-09-02") == [])
        #expect(try violations("event", "start", "tomorrow").map(\.path) == ["/start"])
        #expect(try violations("event", "location", .object([:])) == [SchemaViolation(path: "/location", message: "must have an address, or lat and lon")])
        let half = try violations("event", "location", ["lat": 1])
        #expect(half.contains(SchemaViolation(path: "/location/lon", message: "missing required field \"lon\" (needed with \"lat\")")))
        #expect(half.first?.description == "location/lon: missing required field (needed with \"lat\")")
        let alarm = try violations("event", "alarms/0/at", "2026-09-02T12:45:00.000Z")
        #expect(alarm == [SchemaViolation(path: "/alarms/0", message: "must have exactly one of minutesBefore and at")])
        let both = try violations("invitation", "eventId", "01a19623-efe0-71a9-a718-6f22d3699524")
        #expect(both == [SchemaViolation(path: "", message: "must have exactly one of eventId and groupId")])
        #expect(both.first?.description == "record: must have exactly one of eventId and groupId")
        #expect(try violations("group-post", "url", nil) == [SchemaViolation(path: "/url", message: "missing required field \"url\"")])
        #expect(try violations("group-post", "kind", "chat") == [])
    }

    @Test func recordLevel() throws {
        let format = try #require(catalog.format(for: "entry"))
        let root = format.validate(.array([]))
        #expect(root == [SchemaViolation(path: "", message: "expected object, found array")])
        #expect(root.first?.description == "record: expected object, found array")
        #expect(catalog.validate(record: ["type": "unicorn"]) == [SchemaViolation(path: "/type", message: "unknown record type \"unicorn\"")])
        #expect(catalog.validate(record: [:]).first?.description == "type: missing required field")
        // Several problems are all reported, in a stable order.
        let many = format.validate(try Fixtures.example("entry").setting("text", to: nil).setting("starred", to: "yes").setting("zzz", to: 1))
        #expect(many.map(\.path) == ["/text", "/starred", "/zzz"])
    }

    @Test func pointerEscaping() throws {
        let found = try violations("entry", "a~b", 1)
        #expect(found == [SchemaViolation(path: "/a~0b", message: "unknown field \"a~b\"")])
    }
}
