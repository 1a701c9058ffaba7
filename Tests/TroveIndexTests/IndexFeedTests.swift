import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

/// An import's index feed: the records a transaction writes, indexed as they come and committed with its commit.
@Suite("the index fed by a transaction as it writes")
struct IndexFeedTests {
    /// What the index file says it reflects, read with the sqlite3 program: no catch-up runs.
    private func indexedCommit(_ fixture: IndexFixture) throws -> String {
        try fixture.sqlite("SELECT value FROM meta WHERE key = 'commit'")
    }

    /// Runs `body` as one transaction followed by a feed; returns what `finish` said and the commit.
    private func fed(_ fixture: IndexFixture, _ body: (inout Transaction) throws -> Void) throws -> (indexed: Bool, commit: String?) {
        var feed: IndexFeed?
        let (_, result) = try fixture.store.transaction { transaction in
            feed = IndexFeed.start(for: fixture.store)
            #expect(feed != nil, "an index that reflects HEAD can be fed")
            transaction.observer = feed?.observer
            try body(&transaction)
            feed?.endOfChanges()
        }
        return (feed?.finish(commit: result.commit?.hex) ?? false, result.commit?.hex)
    }

    @Test("more records than the index held, a record put twice and an edit: indexed with the commit, as a fresh build")
    func largeFeed() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let dog = try fixture.dog()
        let edited = try fixture.entry(journal: journal, text: "edited canal walk", tags: ["walk"])
        let index = try fixture.index()
        let count = BulkChanges.large + 5
        var twiceID = ""
        let (indexed, commit) = try fed(fixture) { transaction in
            try transaction.put(batch: IndexFixture.businessPoints(count, dog: dog))
            guard var members = try transaction.record(id: edited.id)?.value.objectValue else { throw FixtureError(message: "no entry") }
            members["text"] = "edited towpath walk"
            members["tags"] = ["walk", "towpath"]
            try transaction.put(.object(members), type: "entry")
            // The same new record twice, back to back (one batch would hold both) and again later.
            let twice = try transaction.put(["journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": "first heron"], type: "entry")
            twiceID = twice.id
            try transaction.put(["id": .string(twice.id), "journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": "second heron"], type: "entry")
            try transaction.put(["name": "Biscuit"], type: "dog")
            try transaction.put(["id": .string(twice.id), "journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": "third heron", "tags": ["bird"]], type: "entry")
        }
        #expect(indexed)
        #expect(try indexedCommit(fixture) == commit)
        #expect(try index.catchUp() == 0, "the feed left nothing for the catch-up")
        let snapshot = try index.snapshot()
        #expect(snapshot == (try freshSnapshot(of: fixture)))
        #expect(snapshot.contains("integrity ok"))
        #expect(snapshot.filter { $0.hasPrefix("index ") }.count == IndexSchema.orderIndexes.count + 2)
        #expect(try index.search("towpath").map(\.record.id) == [edited.id])
        #expect(try index.search("heron").map(\.record.id) == [twiceID])
        #expect(try index.search("third").map(\.record.id) == [twiceID])
        #expect(try index.search("first").isEmpty && index.search("second").isEmpty)
        #expect(try index.records(tagged: "bird").map(\.id) == [twiceID])
        #expect(try index.queue.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == IndexDatabase.cacheSize)
        // The indexes were sorted in files; the connection keeps its temporary files in memory again (2: MEMORY).
        #expect(try index.queue.read { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2)
    }

    @Test("a transaction given up, or one that commits nothing, leaves the index as it was")
    func givenUp() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let index = try fixture.index()
        let before = (try indexedCommit(fixture), try index.snapshot())
        struct Stop: Error {}
        // Given up while it writes, and after its last change (as when its commit fails).
        for ended in [false, true] {
            var feed: IndexFeed?
            #expect(throws: Stop.self) {
                try fixture.store.transaction { transaction in
                    feed = IndexFeed.start(for: fixture.store)
                    transaction.observer = feed?.observer
                    try transaction.put(batch: (0..<(IndexFeed.batchSize * 3)).map { (["journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": .string("walk \($0)")], "entry") })
                    if ended { feed?.endOfChanges() }
                    throw Stop()
                }
            }
            #expect(feed?.finish(commit: nil) == false)
            #expect(try indexedCommit(fixture) == before.0)
        }
        let nothing = try fed(fixture) { _ in }
        #expect(!nothing.indexed && nothing.commit == nil)
        #expect(try indexedCommit(fixture) == before.0)
        #expect(try index.catchUp() == 0)
        #expect(try index.snapshot() == before.1)
    }

    @Test("a record deleted is left to the catch-up, which then gives what a fresh build gives")
    func deleteIsLeftToTheCatchUp() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let gone = try fixture.entry(journal: journal, text: "doomed canal walk", tags: ["rain"])
        let index = try fixture.index()
        let base = try indexedCommit(fixture)
        let (indexed, commit) = try fed(fixture) { transaction in
            try transaction.put(batch: (0..<(IndexFeed.batchSize + 7)).map { (["journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": .string("walk \($0)")], "entry") })
            try transaction.delete(id: gone.id)
            try transaction.put(["journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": "after the delete"], type: "entry")
        }
        #expect(!indexed && commit != nil)
        #expect(try indexedCommit(fixture) == base, "the feed rolled back")
        #expect(try index.catchUp() == IndexFeed.batchSize + 9)
        #expect(try index.snapshot() == (try freshSnapshot(of: fixture)))
        #expect(try index.search("doomed").isEmpty)
    }

    @Test("a feed started when HEAD has moved past the index catches it up first, then feeds")
    func startsOnlyOnACurrentIndex() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        _ = try fixture.index()
        // HEAD moves past the index (a commit by the git program): the feed's own opening catches it up first.
        try fixture.git("commit", "--allow-empty", "-q", "-m", "by hand")
        let (indexed, commit) = try fed(fixture) { transaction in
            try transaction.put(["journalId": .string(journal), "date": "2026-11-22T07:30:00.000Z", "text": "heron at dusk"], type: "entry")
        }
        #expect(indexed)
        #expect(try indexedCommit(fixture) == commit)
    }
}
