import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Transactions")
struct TransactionTests {
    @Test("many puts, deletes and media adds in one transaction make exactly one commit")
    func oneCommitForManyChanges() throws {
        let fixture = try StoreFixture()
        let doomed = try fixture.put(["name": "Doomed"])
        let kept = try fixture.put(["name": "Kept"])
        let before = try fixture.commitCount()

        let (added, result) = try fixture.store.transaction { transaction -> [Record] in
            var added: [Record] = []
            for number in 0..<20 { added.append(try transaction.put(["name": .string("Dog \(number)")], type: "dog")) }
            try transaction.put(["id": .string(kept.id), "name": "Kept, renamed"], type: "dog")
            try transaction.delete(id: doomed.id)
            _ = try transaction.addMedia(Images.png, source: "a.png")
            _ = try transaction.addMedia(Images.gif, source: "b.gif")
            return added
        }

        #expect(result.commit != nil)
        #expect(try fixture.commitCount() == before + 1)
        #expect(try fixture.store.headCommitID() == result.commit)
        let dogs = try fixture.store.records(ofType: "dog")
        #expect(dogs.count == 21)
        #expect(Set(dogs.map(\.id)) == Set(added.map(\.id) + [kept.id]))
        #expect(try fixture.store.record(id: kept.id)?.label == "Kept, renamed")
        #expect(try fixture.store.record(id: doomed.id) == nil)
        #expect(fixture.checkedOut(fixture.path(of: doomed)) == nil, "a deleted record's file stays on disk")
        #expect(try fixture.store.history(limit: 1).first?.summary.isEmpty == false)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("reads inside a transaction see the transaction's earlier writes")
    func readsSeeEarlierWrites() throws {
        let fixture = try StoreFixture()
        let existing = try fixture.put(["name": "Old name"])
        try fixture.store.transaction { transaction in
            let made = try transaction.put(["name": "Fresh"], type: "dog")
            #expect(try transaction.record(id: made.id) == made)
            // Not yet committed: HEAD does not have it.
            #expect(try fixture.store.record(id: made.id) == nil)

            try transaction.put(["id": .string(existing.id), "name": "New name"], type: "dog")
            #expect(try transaction.record(id: existing.id)?.label == "New name")

            try transaction.delete(id: made.id)
            #expect(try transaction.record(id: made.id) == nil)
            #expect(throws: StoreError.recordNotFound(id: made.id)) { try transaction.delete(id: made.id) }
        }
        #expect(try fixture.store.record(id: existing.id)?.label == "New name")
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("a body that throws commits nothing and leaves the files alone")
    func throwingBodyCommitsNothing() throws {
        struct Abandon: Error {}
        let fixture = try StoreFixture()
        let existing = try fixture.put(["name": "Stays"])
        let head = try fixture.store.headCommitID()
        var madeID = ""
        #expect(throws: Abandon.self) {
            try fixture.store.transaction { transaction in
                madeID = try transaction.put(["name": "Never"], type: "dog").id
                try transaction.delete(id: existing.id)
                _ = try transaction.addMedia(Images.png, source: "x.png")
                throw Abandon()
            }
        }
        #expect(try fixture.store.headCommitID() == head)
        #expect(try fixture.store.record(id: madeID) == nil)
        #expect(try fixture.store.record(id: existing.id) != nil)
        #expect(fixture.checkedOut(fixture.recordPath(type: "dog", id: madeID)) == nil)
        #expect(fixture.checkedOut(fixture.path(of: existing)) == existing.canonicalBytes)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("a failing put in the middle of a bulk transaction commits none of it")
    func failingPutCommitsNothing() throws {
        let fixture = try StoreFixture()
        let head = try fixture.store.headCommitID()
        #expect(throws: StoreError.self) {
            try fixture.store.transaction { transaction in
                for number in 0..<300 { try transaction.put(["name": .string("Dog \(number)")], type: "dog") }
                try transaction.put(["name": "Bad", "sex": "unknown"], type: "dog")
            }
        }
        #expect(try fixture.store.headCommitID() == head)
        #expect(try fixture.store.records(ofType: "dog").isEmpty)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("an empty transaction, or one that changes nothing, makes no commit")
    func emptyTransactionMakesNoCommit() throws {
        let fixture = try StoreFixture()
        let count = try fixture.commitCount()
        let head = try fixture.store.headCommitID()

        let empty = try fixture.store.transaction { _ in }.result
        #expect(empty.commit == nil)

        // Adding media that is already stored changes nothing either.
        try fixture.store.transaction { _ = try $0.addMedia(Images.gif, source: "g.gif") }
        let again = try fixture.store.transaction { _ = try $0.addMedia(Images.gif, source: "g.gif") }.result
        #expect(again.commit == nil)
        #expect(try fixture.commitCount() == count + 1)

        // A put and a delete of the same new record cancel out.
        let cancelled = try fixture.store.transaction { transaction in
            let made = try transaction.put(["name": "Blink"], type: "dog")
            try transaction.delete(id: made.id)
        }.result
        #expect(cancelled.commit == nil)
        #expect(try fixture.commitCount() == count + 1)
        #expect(try fixture.store.headCommitID() != head)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("the checked-out files and the index match HEAD after every kind of transaction")
    func checkoutFollowsHead() throws {
        let fixture = try StoreFixture()
        try expectCheckoutMatchesHead(fixture)
        let journal = try fixture.put(["name": "Notes"], type: "journal")
        try expectCheckoutMatchesHead(fixture)
        let entry = try fixture.put(entryFields(journalId: journal.id), type: "entry")
        try expectCheckoutMatchesHead(fixture)
        try fixture.store.transaction { transaction in
            try transaction.put(["id": .string(entry.id), "journalId": .string(journal.id), "text": "Edited", "date": "2026-11-23T08:00:00.000Z"], type: "entry")
            try transaction.put(["name": "Rex"], type: "dog")
        }
        try expectCheckoutMatchesHead(fixture)
        try fixture.store.transaction { try $0.delete(id: entry.id) }
        try expectCheckoutMatchesHead(fixture)
        // Bulk transactions take the packed path (at least 256 changes).
        try fixture.store.transaction { transaction in
            for number in 0..<300 { try transaction.put(["name": .string("Bulk \(number)")], type: "dog") }
        }
        try expectCheckoutMatchesHead(fixture)
        #expect(try fixture.store.records(ofType: "dog").count == 301)
        let status = try fixture.git("status", "--porcelain")
        #expect(status.status == 0 && status.stdout.isEmpty, "git status: \(status.stdout)\(status.stderr)")
    }

    @Test("a transaction's commit message is readable and names what changed")
    func readableMessage() throws {
        let fixture = try StoreFixture()
        try fixture.put(["name": "Pixel"])
        #expect(try fixture.store.history(limit: 1).first?.summary.contains("Pixel") == true)
        try fixture.store.transaction { transaction in
            try transaction.put(["name": "A"], type: "dog")
            try transaction.put(["name": "B"], type: "dog")
        }
        let summary = try #require(try fixture.store.history(limit: 1).first?.summary)
        #expect(summary == #"Add dog "A", add dog "B""#, "\(summary)")
        let custom = try fixture.store.transaction(message: "My own words") { try $0.put(["name": "C"], type: "dog") }.result
        #expect(custom.summary == "My own words")
        #expect(try fixture.store.history(limit: 1).first?.summary == "My own words")
    }

    @Test("summaries name a few records, count many by type with plurals, and count media files")
    func summaries() throws {
        let fixture = try StoreFixture()
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 40)
        func last() throws -> String { try #require(try fixture.store.history(limit: 1).first?.summary) }
        try fixture.store.transaction { transaction in
            let journal = try transaction.put(["name": "Journal"], type: "journal").id
            _ = try transaction.addMedia(jpeg, source: "frost.jpg")
            try transaction.put(["journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": "Frost on the canal\nmore"], type: "entry")
        }
        let first = try last()
        #expect(first == #"Add journal "Journal", add entry "Frost on the canal" with 1 media file"#, "\(first)")
        try fixture.store.transaction { transaction in
            for name in ["A", "B", "C", "D"] { try transaction.put(["name": .string(name)], type: "dog") }
            try transaction.put(["dogId": .string(RecordID.make()), "kind": "pee", "at": "2026-11-22T07:30:00.000Z",
                                 "location": ["lat": 48.8, "lon": 2.3]], type: "business")
        }
        #expect(try last() == "Add 4 dogs and 1 business record")
    }
}
