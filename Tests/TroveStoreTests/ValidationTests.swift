import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Validation")
struct ValidationTests {
    /// Runs `body`, expects it to throw a StoreError, and checks that nothing was committed or written.
    func expectRefused(
        _ fixture: StoreFixture, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (inout Transaction) throws -> Void
    ) throws -> StoreError? {
        let head = try fixture.store.headCommitID()
        let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try fixture.store.transaction(body)
        }
        #expect(try fixture.store.headCommitID() == head, "a refused put committed", sourceLocation: sourceLocation)
        #expect(try fixture.store.handEdits().isEmpty, sourceLocation: sourceLocation)
        return error
    }

    @Test("an unknown type is refused, listing the known types")
    func unknownType() throws {
        let fixture = try StoreFixture()
        let error = try expectRefused(fixture) { try $0.put(["name": "Rex"], type: "cat") }
        guard case .unknownType(let type, let known) = error else {
            Issue.record("expected unknownType, got \(String(describing: error))")
            return
        }
        #expect(type == "cat")
        #expect(known.contains("dog") && known.contains("entry"))
        #expect(error?.description.contains("'cat'") == true)
        #expect(throws: StoreError.self) { try fixture.store.records(ofType: "cat") }
    }

    @Test("a log type cannot be put as a record")
    func logTypeRefused() throws {
        let fixture = try StoreFixture()
        let error = try expectRefused(fixture) { try $0.put([:], type: "tracker-report") }
        guard case .unknownType = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test("a missing required field is refused, naming the field")
    func missingField() throws {
        let fixture = try StoreFixture()
        let error = try expectRefused(fixture) { transaction in
            try transaction.put(["journalId": "01a19623-efe0-71a9-a718-6f22d3699524", "date": "2026-11-22T07:30:00.000Z"], type: "entry")
        }
        guard case .invalidRecord(_, let violations) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(violations.map(\.path) == ["/text"])
        #expect(error?.description.contains("the new entry was not saved: the text is missing") == true, "\(String(describing: error))")
    }

    @Test("a wrong value is refused, naming the field path, even when nested")
    func wrongValues() throws {
        let fixture = try StoreFixture()
        let enumError = try expectRefused(fixture) { try $0.put(["name": "Rex", "sex": "unknown"], type: "dog") }
        #expect(enumError?.description.contains("the sex is \"unknown\"") == true, "\(String(describing: enumError))")

        var entry = entryFields(journalId: "01a19623-efe0-71a9-a718-6f22d3699524")
        entry["location"] = ["lat": 123.5, "lon": 2.0]
        let nested = try expectRefused(fixture) { try $0.put(entry, type: "entry") }
        guard case .invalidRecord(_, let violations) = nested else { Issue.record("got \(String(describing: nested))"); return }
        #expect(violations.map(\.path) == ["/location/lat"])
        #expect(nested?.description.contains("the location's lat is 123.5: at most 90") == true, "\(String(describing: nested))")

        let wrongType = try expectRefused(fixture) { try $0.put(["name": 42], type: "dog") }
        #expect(wrongType?.description.contains("the name is a whole number: it must be text") == true, "\(String(describing: wrongType))")
    }

    @Test("a misspelt field is refused as unknown, naming it")
    func unknownField() throws {
        let fixture = try StoreFixture()
        let error = try expectRefused(fixture) { try $0.put(["nmae": "Rex"], type: "dog") }
        #expect(error?.description.contains("there is no field \"nmae\"") == true, "\(String(describing: error))")
    }

    @Test("JSON that is not an object is refused")
    func notAnObject() throws {
        let fixture = try StoreFixture()
        for value: JSONValue in [["Rex"], "Rex", 3, nil, true] {
            let error = try expectRefused(fixture) { try $0.put(value, type: "dog") }
            guard case .invalidRecord(_, let violations) = error else { Issue.record("got \(String(describing: error))"); continue }
            #expect(violations.first?.message.contains("expected a JSON object") == true)
        }
    }

    @Test("an invalid id is refused")
    func invalidID() throws {
        let fixture = try StoreFixture()
        for id in ["not-an-id", "01A19628-83C0-7AC2-8C72-4C22E9A2961C", "01a19628-83c0-4ac2-8c72-4c22e9a2961c"] {
            let error = try expectRefused(fixture) { try $0.put(["id": .string(id), "name": "Rex"], type: "dog") }
            #expect(error?.description.contains("the id is \"") == true, "\(id): \(String(describing: error))")
        }
        #expect(try fixture.store.records(ofType: "dog").isEmpty)
    }

    @Test("one bad record among good ones refuses the whole transaction")
    func oneBadRefusesAll() throws {
        let fixture = try StoreFixture()
        _ = try expectRefused(fixture) { transaction in
            try transaction.put(["name": "Good"], type: "dog")
            try transaction.put(["name": "Bad", "born": "yesterday"], type: "dog")
        }
        #expect(try fixture.store.records(ofType: "dog").isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.path)
        #expect(!files.contains("dogs"), "no record file was written: \(files)")
    }
}
