import Foundation
import Testing
import TroveTestSupport
@testable import TroveShell

/// RecordCommandTests (TroveCLITests) in process: the same checks, without the binary.
@Suite("trove record, in process")
struct InProcessRecordTests {
    @Test("put, get, list and rm round trip")
    func roundTrip() throws {
        let fixture = try InProcessFixture()
        let put = fixture.trove("record", "put", "dog", "--json", #"{"name": "Rex", "breed": "Border collie / mix"}"#)
        #expect(put.status == 0, "\(put.stderr)")
        let id = put.trimmed
        #expect(isUUIDv7(id), "put prints the new id, got \(put.stdout)")

        let get = fixture.trove("record", "get", id)
        #expect(get.status == 0)
        let record = try #require(parseJSON(get.stdout) as? [String: Any])
        #expect(record["id"] as? String == id)
        #expect(record["name"] as? String == "Rex")
        #expect(record["breed"] as? String == "Border collie / mix")
        #expect(record["type"] as? String == "dog")
        #expect(record["v"] as? Int == 1)
        #expect(get.stdout.hasSuffix("}\n") && !get.stdout.contains("\\/"))
        // get prints exactly the bytes stored in git.
        #expect(get.stdout == (try fixture.git("show", "HEAD:\(fixture.path(of: id))").stdout))

        let table = fixture.trove("record", "list", "dog")
        #expect(table.status == 0)
        #expect(table.stdout.contains(id) && table.stdout.contains("Rex"))
        #expect(try fixture.list().map { $0["id"] as? String } == [id])

        let replaced = fixture.trove("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Rex II"}"#)
        #expect(replaced.status == 0 && replaced.trimmed == id)
        #expect(try fixture.list().map { $0["name"] as? String } == ["Rex II"])

        let rm = fixture.trove("record", "rm", id, "--yes")
        #expect(rm.status == 0, "\(rm.stderr)")
        #expect(rm.stdout.contains("Rex II") || rm.stdout.contains(id))
        let gone = fixture.trove("record", "get", id)
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("no record with id \(id)"))
        #expect(fixture.trove("record", "list", "dog").stdout.contains("No dog records"))
        #expect(try fixture.list().isEmpty)
        #expect(try fixture.commitCount() == 4)
        try fixture.expectClean()
    }

    @Test("--jsonl FILE puts every line as a record in one commit")
    func jsonlOneCommit() throws {
        let fixture = try InProcessFixture()
        let lines = (0..<25).map { #"{"name": "Dog \#($0)"}"# }
        let file = try fixture.folder.write("dogs.jsonl", lines[..<10].joined(separator: "\n") + "\n\n   \n" + lines[10...].joined(separator: "\n") + "\n")
        let before = try fixture.commitCount()
        let output = fixture.trove("record", "put", "dog", "--jsonl", file)
        #expect(output.status == 0, "\(output.stderr)")
        let ids = output.stdout.split(separator: "\n").map(String.init)
        #expect(ids.count == 25 && ids.allSatisfy(isUUIDv7))
        #expect(try fixture.commitCount() == before + 1)
        let names = try fixture.list().compactMap { $0["name"] as? String }
        #expect(names == (0..<25).map { "Dog \($0)" }, "records list in creation order")
        try fixture.expectClean()
    }

    @Test("--jsonl - and --json - read standard input")
    func standardInput() throws {
        let fixture = try InProcessFixture()
        let bulk = fixture.trove("record", "put", "dog", "--jsonl", "-", input: "{\"name\": \"A\"}\n{\"name\": \"B\"}\n")
        #expect(bulk.status == 0, "\(bulk.stderr)")
        #expect(bulk.stdout.split(separator: "\n").count == 2)
        let one = fixture.trove("record", "put", "dog", "--json", "-", input: "{\n  \"name\": \"C\"\n}\n")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(isUUIDv7(one.trimmed))
        #expect(Set(try fixture.list().compactMap { $0["name"] as? String }) == ["A", "B", "C"])
        #expect(try fixture.commitCount() == 3)
    }

    @Test("invalid JSON is refused, naming line and column, and nothing is committed")
    func invalidJSON() throws {
        let fixture = try InProcessFixture()
        fixture.put("dog", #"{"name": "Existing"}"#)
        let log = try fixture.gitLog()

        let inline = fixture.trove("record", "put", "dog", "--json", #"{"name": }"#)
        #expect(inline.status == 1)
        #expect(inline.stderr.contains("line 1, column 10"), "\(inline.stderr)")

        let stdin = fixture.trove("record", "put", "dog", "--json", "-", input: "{\n  \"name\": \"X\",\n}\n")
        #expect(stdin.status == 1)
        #expect(stdin.stderr.contains("line 3"), "\(stdin.stderr)")

        let file = try fixture.folder.write("bad.jsonl", "{\"name\": \"Good 1\"}\n{\"name\": \"Good 2\"}\n{\"name\": \"Bad\"\n{\"name\": \"Good 4\"}\n")
        let bulk = fixture.trove("record", "put", "dog", "--jsonl", file)
        #expect(bulk.status == 1)
        #expect(bulk.stderr.contains("line 3"), "\(bulk.stderr)")
        #expect(bulk.stdout.isEmpty, "no ids are printed for a refused put")

        #expect(try fixture.gitLog() == log)
        #expect(try fixture.list().count == 1)
        try fixture.expectClean()
    }

    @Test("an unknown type is refused and nothing is committed")
    func unknownType() throws {
        let fixture = try InProcessFixture()
        let log = try fixture.gitLog()
        let output = fixture.trove("record", "put", "cat", "--json", #"{"name": "Tom"}"#)
        #expect(output.status == 1)
        #expect(output.stderr.contains("unknown record type 'cat'"), "\(output.stderr)")
        #expect(output.stderr.contains("dog"), "the message lists the known types")
        #expect(try fixture.gitLog() == log)
        #expect(fixture.trove("record", "list", "cat").status == 1)
    }

    @Test("a schema violation is refused, naming the field, and nothing is committed")
    func schemaViolation() throws {
        let fixture = try InProcessFixture()
        let log = try fixture.gitLog()
        let wrong = fixture.trove("record", "put", "dog", "--json", #"{"name": "Rex", "sex": "sometimes"}"#)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("dog \"Rex\" was not saved: the sex is \"sometimes\""), "\(wrong.stderr)")

        let missing = fixture.trove("record", "put", "entry", "--json", #"{"journalId": "01a19623-efe0-71a9-a718-6f22d3699524", "date": "2026-11-22T07:30:00.000Z"}"#)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the text is missing"), "\(missing.stderr)")

        // The issue's case: the user's words, not a JSON Pointer and the id of a record never written.
        let longTag = fixture.trove("entry", "new", "A walk", "--tag", String(repeating: "x", count: 10_000))
        #expect(longTag.status == 1)
        #expect(longTag.stderr.contains("the new entry was not saved: a tag is 10,000 characters long: at most 100"), "\(longTag.stderr)")
        #expect(!longTag.stderr.contains("/tags"), "\(longTag.stderr)")

        let misspelt = fixture.trove("record", "put", "dog", "--json", #"{"nmae": "Rex"}"#)
        #expect(misspelt.status == 1)
        #expect(misspelt.stderr.contains("nmae"), "\(misspelt.stderr)")

        let file = try fixture.folder.write("dogs.jsonl", "{\"name\": \"A\"}\n{\"name\": \"B\", \"born\": \"yesterday\"}\n")
        let bulk = fixture.trove("record", "put", "dog", "--jsonl", file)
        #expect(bulk.status == 1)
        #expect(bulk.stderr.contains("dogs.jsonl line 2 was not saved: the born is \"yesterday\""), "\(bulk.stderr)")

        let notObject = fixture.trove("record", "put", "dog", "--json", #"["Rex"]"#)
        #expect(notObject.status == 1)
        #expect(notObject.stderr.contains("the dog was not saved: the record is a list: it must be a group of fields"), "\(notObject.stderr)")

        #expect(try fixture.gitLog() == log)
        #expect(try fixture.list().isEmpty)
        try fixture.expectClean()
    }

    /// Issue 26: the id pattern's `$` matched before a final line break, and the record went to a file named "<id>\n.json".
    @Test("an id with a trailing line break is refused as an id, and nothing is committed")
    func idWithTrailingNewline() throws {
        let fixture = try InProcessFixture()
        let log = try fixture.gitLog()
        for id in ["019a4c2e-8f10-7c3a-9b2d-4e5f60718293\\n", "019a4c2e-8f10-7c3a-9b2d-4e5f60718293\\r\\n"] {
            let output = fixture.trove("record", "put", "dog", "--json", #"{"id": "\#(id)", "name": "Rex"}"#)
            #expect(output.status == 1, "\(id): \(output.stdout)")
            #expect(output.stderr.contains("the id is") && output.stderr.contains("UUIDv7"), "\(output.stderr)")
        }
        #expect(try fixture.gitLog() == log)
        // The same id without the line break is taken.
        #expect(fixture.put("dog", #"{"id": "019a4c2e-8f10-7c3a-9b2d-4e5f60718293", "name": "Rex"}"#) == "019a4c2e-8f10-7c3a-9b2d-4e5f60718293")
    }

    @Test("usage errors exit 2: no input, both inputs, a missing type")
    func usageErrors() throws {
        let fixture = try InProcessFixture()
        #expect(fixture.trove("record", "put", "dog").status == 2)
        #expect(fixture.trove("record", "put", "dog", "--json", "{}", "--jsonl", "x").status == 2)
        #expect(fixture.trove("record", "put").status == 2)
        #expect(fixture.trove("record", "get").status == 2)
        #expect(fixture.trove("record", "put", "dog", "--jsonl", fixture.folder.child("missing.jsonl")).status == 1)
        #expect(try fixture.commitCount() == 1)
    }

    @Test("rm of an unknown id fails and changes nothing")
    func removeUnknown() throws {
        let fixture = try InProcessFixture()
        let log = try fixture.gitLog()
        let output = fixture.trove("record", "rm", "01a19628-83c0-7ac2-8c72-4c22e9a2961c", "--yes")
        #expect(output.status == 1)
        #expect(output.stderr.contains("no record with id"))
        #expect(try fixture.gitLog() == log)
    }
}
