import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

/// `Transaction.put(batch:)` finishes records on other threads while it prepares the next ones: whatever the
/// timing, it must store what a loop of `put`s stores and throw the error the loop would throw first.
@Suite("Putting records in a batch")
struct BatchPutTests {
    /// The fields that depend on the time of the put, which two runs never share.
    static func untimed(_ record: Record) -> JSONValue {
        var value = record.value
        for key in ["clock", "updatedAt", "createdAt"] { value[key] = nil }
        return value
    }

    /// A valid record id that is the same in every run.
    static func fixedID(_ number: Int) -> String {
        RecordID.derived(from: "dog \(number)", at: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// 1,500 dogs: new ones without ids, new ones with ids, edits of stored ones, and ids put twice.
    static func items(existing: [String]) -> [(fields: JSONValue, type: String)] {
        (0..<1_500).map { number -> (fields: JSONValue, type: String) in
            switch number % 5 {
            case 0: return (["name": .string("Fresh \(number)")], "dog")
            case 1: return (["id": .string(existing[number % existing.count]), "name": .string("Edited \(number)")], "dog")
            case 2: return (["id": .string(Self.fixedID(number % 700)), "name": .string("Named \(number)"), "breed": "Beagle"], "dog")
            default: return (["id": .string(Self.fixedID(number)), "name": .string("Dog \(number)")], "dog")
            }
        }
    }

    @Test("stores what a loop of puts stores, in the same order, with the same commit")
    func sameAsLoop() throws {
        let looped = try StoreFixture(), batched = try StoreFixture()
        var existing: [[String]] = []
        for fixture in [looped, batched] {
            existing.append(try (0..<40).map { number in try fixture.put(["id": .string(Self.fixedID(10_000 + number)), "name": .string("Stored \(number)")]).id })
        }
        let (loopRecords, loopResult) = try looped.store.transaction { transaction in
            try Self.items(existing: existing[0]).map { try transaction.put($0.fields, type: $0.type) }
        }
        let (batchRecords, batchResult) = try batched.store.transaction { transaction in
            try transaction.put(batch: Self.items(existing: existing[1]))
        }
        #expect(batchRecords.count == 1_500)
        // Ids made by the store differ between the runs; everything else matches, record by record.
        for (loop, batch) in zip(loopRecords, batchRecords) {
            var (a, b) = (Self.untimed(loop), Self.untimed(batch))
            if a["name"]?.stringValue?.hasPrefix("Fresh") == true { a["id"] = nil; b["id"] = nil }
            #expect(a == b)
        }
        #expect(loopResult.summary == batchResult.summary)
        let loopDogs = try looped.store.records(ofType: "dog").map(Self.untimed).filter { $0["name"]?.stringValue?.hasPrefix("Fresh") != true }
        let batchDogs = try batched.store.records(ofType: "dog").map(Self.untimed).filter { $0["name"]?.stringValue?.hasPrefix("Fresh") != true }
        #expect(Set(loopDogs.map(CanonicalJSON.compact)) == Set(batchDogs.map(CanonicalJSON.compact)))
        try expectCheckoutMatchesHead(batched)
    }

    @Test("a record put twice in a batch is stored as the second version, made when the first was")
    func putTwice() throws {
        let fixture = try StoreFixture()
        let id = Self.fixedID(1)
        var items = (0..<1_000).map { number -> (fields: JSONValue, type: String) in (["name": .string("Dog \(number)")], "dog") }
        items[100] = (["id": .string(id), "name": "First", "breed": "Collie"], "dog")
        items[900] = (["id": .string(id), "name": "Second"], "dog")
        let records = try fixture.store.transaction { try $0.put(batch: items) }.value
        #expect(records[900].value["createdAt"] == records[100].value["createdAt"])
        let stored = try #require(try fixture.store.record(id: id))
        #expect(stored.label == "Second")
        #expect(stored.value["breed"] == nil, "a put replaces the record's fields")
    }

    @Test("throws the error a loop of puts meets first, and commits nothing", arguments: [(300, 900), (900, 300)])
    func firstError(invalidAt: Int, unknownTypeAt: Int) throws {
        let fixture = try StoreFixture()
        var items = (0..<1_200).map { number -> (fields: JSONValue, type: String) in (["name": .string("Dog \(number)")], "dog") }
        items[invalidAt] = (["name": .integer(5)], "dog")
        items[unknownTypeAt] = (["name": "Moby"], "whale")
        let before = try fixture.commitCount()
        func error(_ body: (inout Transaction) throws -> Void) -> StoreError? {
            do { try fixture.store.transaction(body) } catch let error as StoreError { return error } catch { return nil }
            return nil
        }
        let looped = error { transaction in for item in items { try transaction.put(item.fields, type: item.type) } }
        let batched = error { transaction in try transaction.put(batch: items) }
        #expect(batched != nil)
        #expect(batched == looped)
        if case .unknownType? = batched { #expect(unknownTypeAt < invalidAt) } else { #expect(invalidAt < unknownTypeAt) }
        #expect(try fixture.commitCount() == before)
        try expectCheckoutMatchesHead(fixture)
    }
    @Test("refusals handed to `invalid` are skipped, in order, with their positions; the rest is stored as a loop stores it")
    func invalidHandled() throws {
        let fixture = try StoreFixture()
        var items = (0..<1_200).map { number -> (fields: JSONValue, type: String) in (["name": .string("Dog \(number)")], "dog") }
        for position in [3, 600, 1_199] { items[position] = (["name": .integer(position)], "dog") }
        items[800] = (["name": "Moby", "type": "whale"], "dog")
        var refused: [Int] = []
        let records = try fixture.store.transaction { transaction in
            try transaction.put(batch: items) { position, error in
                guard case .invalidRecord = error else { throw error }
                refused.append(position)
            }
        }.value
        #expect(refused == [3, 600, 800, 1_199])
        #expect(records.map(\.label) == items.enumerated().filter { !refused.contains($0.offset) }.map { $0.element.fields["name"]?.stringValue })
        #expect(try fixture.store.records(ofType: "dog").count == 1_196)
        try expectCheckoutMatchesHead(fixture)
        // A handler that throws stops the batch there, and nothing is committed.
        let before = try fixture.commitCount()
        #expect(throws: StoreError.self) {
            try fixture.store.transaction { transaction in try transaction.put(batch: items) { _, error in throw error } }
        }
        #expect(try fixture.commitCount() == before)
    }
}
