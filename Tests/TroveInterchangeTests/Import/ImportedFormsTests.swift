import Foundation
import Testing
@testable import TroveInterchange
import TroveJSON
import TroveStore
import TroveTestSupport

/// The notes of what an import read (`ImportedForms`), which re-imports merge against.
@Suite("import notes")
struct ImportedFormsTests {
    let folder = TemporaryFolder("trove-imported-forms")

    @Test("notes encoded on every core are the bytes of the whole document's compact line, and read back the same")
    func savedBytes() throws {
        let store = try Store.create(at: folder.child("store"))
        var notes = try ImportedForms(store: store, format: "ics")
        // More than two chunks of 1,024, so the encoding is split over threads; keys that sort differently by
        // UTF-8 bytes than by Unicode scalars' order would in other encoders; nested values and escapes.
        var expected: [String: JSONValue] = [:]
        for number in 0..<5_000 {
            let id = number % 7 == 0 ? "é-\(number)" : String(format: "%08d-\u{1F600}", number)
            let fields: JSONValue = ["title": .string("Lecture \(number) \"quoted\"\n"), "start": "2026-11-27T09:00:00.000Z",
                                     "alarms": .array([["minutesBefore": .integer(number)]]), "allDay": .bool(number % 2 == 0)]
            notes.remember(fields, for: id)
            expected[id] = fields
        }
        let head = try #require(try store.headHex())
        try notes.save(head: head)
        let saved = try #require(FileManager.default.contents(atPath: notes.path))
        let whole = CanonicalJSON.compactLine(["head": .string(head), "records": .object(expected)])
        #expect(Array(saved) == whole)
        let again = try ImportedForms(store: store, format: "ics")
        #expect(again.forms == expected)
    }
}
