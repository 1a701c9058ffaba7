import Testing
import TroveJSON
import TroveSchema

/// Which media files a record refers to is read from its schema (`x-media` on the sha256 definition).
@Suite("media references")
struct MediaReferenceTests {
    let catalog = FormatCatalog.bundled
    let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64), c = String(repeating: "c", count: 64)

    @Test("an entry refers to its photos' and attachments' media, each once, and to nothing else")
    func entry() throws {
        let format = try #require(catalog.format(for: "entry"))
        let value: JSONValue = [
            "text": .string("trove-media:\(c) is text, not a reference"),
            "photos": [["id": "01a20235-57a0-7c42-b0ca-f44c10708720", "media": .string(a)],
                       ["id": "01a20235-57a0-7c42-b0ca-f44c10708721", "media": .string(a)]],
            "attachments": [["id": "01a20235-57a0-7c42-b0ca-f44c10708722", "media": .string(b), "kind": "pdf"]],
        ]
        #expect(format.mediaReferences(in: value) == [a, b])
    }

    @Test("an item's photo, a profile's avatar and a day image's media are references; a dog has none")
    func otherTypes() throws {
        #expect(try #require(catalog.format(for: "item")).mediaReferences(in: ["name": "Keys", "photo": .string(a)]) == [a])
        #expect(try #require(catalog.format(for: "profile")).mediaReferences(in: ["avatar": .string(b)]) == [b])
        #expect(try #require(catalog.format(for: "day-image")).mediaReferences(in: ["media": .string(c)]) == [c])
        #expect(try #require(catalog.format(for: "dog")).mediaReferences(in: ["name": .string(a)]) == [])
    }
}
