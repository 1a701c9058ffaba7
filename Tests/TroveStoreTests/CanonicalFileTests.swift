import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Canonical JSON on disk")
struct CanonicalFileTests {
    /// An entry with nested objects and arrays, slashes, non-ASCII text and over-precise coordinates.
    static func richEntry(journalId: String, lat: Double = 48.87223041234, lon: Double = 2.36591467) -> JSONValue {
        [
            "journalId": .string(journalId),
            "title": "Café / canal",
            "text": "See https://example.com/a/b and C:\\temp\n\"quoted\"\ttab \u{1}\u{1F}\u{7F}\u{2028} 🐕 é",
            "date": "2026-11-22T07:30:00.000Z",
            "timeZone": "Europe/Paris",
            "tags": ["walk", "winter", "café"],
            "location": ["place": "Canal Saint-Martin", "lon": .double(lon), "lat": .double(lat)],
            "starred": true,
        ]
    }

    @Test("a record file has sorted keys, 2-space indent, a trailing newline and unescaped slashes")
    func fileLayout() throws {
        let fixture = try StoreFixture()
        let journal = try fixture.put(["name": "Notes"], type: "journal")
        let entry = try fixture.put(Self.richEntry(journalId: journal.id), type: "entry")
        let bytes = try #require(fixture.checkedOut(fixture.path(of: entry)))
        let text = String(decoding: bytes, as: UTF8.self)

        #expect(bytes.last == 0x0A)
        #expect(bytes.dropLast().last == UInt8(ascii: "}"))
        #expect(!text.hasSuffix("\n\n"))
        #expect(text.hasPrefix("{\n  \""))
        #expect(!text.contains("\\/"), "slashes must not be escaped")
        #expect(text.contains(#""title": "Café / canal""#), "non-ASCII is raw UTF-8")
        #expect(text.contains(#"https://example.com/a/b and C:\\temp\n\"quoted\"\ttab"#))
        #expect(!text.contains("\t"), "control characters are escaped")
        #expect(text.contains(#"\u0001\u001f"#), "other control characters as lowercase \\u00XX")
        #expect(text.contains("\u{7F}\u{2028} 🐕 é"), "DEL, U+2028 and non-ASCII stay raw")

        // Top-level keys appear in sorted order, each indented by exactly two spaces.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let topKeys = lines.filter { $0.hasPrefix("  \"") }.map { $0.dropFirst(3).prefix { $0 != "\"" } }.map(String.init)
        #expect(topKeys == topKeys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(topKeys.contains("clock") && topKeys.contains("location") && topKeys.contains("v"))
        // Nested members are indented by four spaces, again sorted.
        let nested = lines.drop { !$0.hasPrefix("  \"location\"") }.dropFirst().prefix { $0 != "  }," && $0 != "  }" }
        #expect(Array(nested) == [#"    "lat": 48.8722304,"#, #"    "lon": 2.3659147,"#, #"    "place": "Canal Saint-Martin""#])
        #expect(lines.contains(#"    "café""#))
        // Every line's indent is a multiple of two spaces.
        for line in lines { #expect(line.prefix { $0 == " " }.count % 2 == 0, "odd indent: \(line)") }
    }

    @Test("the record file is byte for byte Python's json.dumps(indent=2, sort_keys=True, ensure_ascii=False)")
    func matchesPython() throws {
        let fixture = try StoreFixture()
        let journal = try fixture.put(["name": "Notes"], type: "journal")
        let entry = try fixture.put(Self.richEntry(journalId: journal.id), type: "entry")
        let file = fixture.path + "/" + fixture.path(of: entry)
        let script = """
            import json, sys
            value = json.load(open(sys.argv[1], encoding="utf-8"))
            sys.stdout.write(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\\n")
            """
        let python = try ProcessRunner.run(
            "/usr/bin/env", ["python3", "-c", script, file], environment: ["PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"])
        #expect(python.status == 0, "\(python.stderr)")
        #expect(python.stdout == String(decoding: try #require(fixture.checkedOut(fixture.path(of: entry))), as: UTF8.self))
    }

    @Test("lat and lon are rounded to 7 decimals, at any depth")
    func coordinatesRounded() throws {
        let fixture = try StoreFixture()
        let journal = try fixture.put(["name": "Notes"], type: "journal")
        let entry = try fixture.put(Self.richEntry(journalId: journal.id, lat: -33.123456789, lon: 151.20000004999), type: "entry")
        #expect(entry.value["location"]?["lat"] == .double(-33.1234568))
        #expect(entry.value["location"]?["lon"] == .double(151.2))
        let stored = try #require(try fixture.store.record(id: entry.id))
        #expect(stored.value["location"]?["lat"]?.doubleValue == -33.1234568)
        let text = String(decoding: try #require(fixture.checkedOut(fixture.path(of: entry))), as: UTF8.self)
        #expect(text.contains(#""lat": -33.1234568,"#))
        #expect(text.contains(#""lon": 151.2,"#))
    }

    @Test("the same record put in two stores gives the same bytes once the envelope values agree")
    func sameBytesAcrossStores() throws {
        let first = try StoreFixture()
        let second = try StoreFixture()
        let journalId = "01a19623-efe0-71a9-a718-6f22d3699524"
        // Coordinates that differ below the 7th decimal and members given in a different order.
        let one = try first.put(Self.richEntry(journalId: journalId, lat: 48.87223041, lon: 2.36591471), type: "entry")
        var fields = Self.richEntry(journalId: journalId, lat: 48.872230399, lon: 2.365914749)
        fields["tags"] = ["walk", "winter", "café"]
        let two = try second.put(fields, type: "entry")
        #expect(one.id != two.id, "each store makes its own id")

        let bytesOne = try #require(first.checkedOut(first.path(of: one)))
        let bytesTwo = try #require(second.checkedOut(second.path(of: two)))
        #expect(bytesOne != bytesTwo)

        // Give the first record the second's envelope values: it must encode to the second's bytes exactly.
        var transplanted = try JSONValue(parsing: bytesOne)
        for field in ["id", "createdAt", "updatedAt", "clock"] { transplanted[field] = two.value[field] }
        #expect(CanonicalJSON.encode(transplanted) == bytesTwo)
        #expect(two.canonicalBytes == bytesTwo)
    }

    @Test("whole numbers stay integers and store metadata is canonical too")
    func integersAndMetadata() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex", "born": "2021-04-17"])
        let text = String(decoding: try #require(fixture.checkedOut(fixture.path(of: dog))), as: UTF8.self)
        // Look at the members themselves: a timestamp such as "…:21.034Z" contains "1.0" too.
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"  "v": 1"#) || lines.contains(#"  "v": 1,"#))
        #expect(!text.contains(#""v": 1."#))
        let metadata = try #require(fixture.checkedOut("trove.json"))
        #expect(metadata == CanonicalJSON.encode(try JSONValue(parsing: metadata)))
        #expect(try fixture.store.metadata()["format"] == 1)
    }
}
