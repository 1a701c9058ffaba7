import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("an index caught up step by step equals one built from scratch")
struct IncrementalEqualsRebuildTests {
    @Test("random puts, edits, deletes, undos, sync merges and git commits", arguments: [7, 1_234, 98_765] as [UInt64])
    func randomHistory(seed: UInt64) throws {
        let history = try RandomHistory(seed: seed)
        var live = try history.a.index()
        var steps = 0, checkpoints = 0
        while steps < 50 {
            for _ in 0..<Int.random(in: 1...6, using: &history.random) {
                try history.step()
                steps += 1
            }
            checkpoints += 1
            // Alternate between reopening the file (as each command does) and catching up an open index.
            if history.chance(50) {
                live = try history.a.index()
                #expect(live.notice == nil, "seed \(seed): reopening rebuilt instead of catching up: \(live.notice ?? "")")
            } else {
                try live.catchUp()
            }
            // Once they part, every later checkpoint would repeat the news: stop at the first.
            guard try expectMatchesFreshBuild(live, history, label: "seed \(seed), checkpoint \(checkpoints)") else { return }
        }
        // The last state once more, against a rebuild of the same file.
        let incremental = try live.snapshot()
        let stored = try (RandomHistory.types + ["journal", "calendar"]).reduce(0) { $0 + (try history.a.storedIDs($1).count) }
        #expect(try live.rebuild() == stored)
        #expect(incremental == (try live.snapshot()), "seed \(seed): rebuild() changed the caught-up index")
        #expect(checkpoints >= 8)
        #expect(history.kindsRun == Set(RandomHistory.Kind.allCases))
        for kind in ["put entry", "put event", "sync merge", "undo", "git edit", "git rm", "git add", "git reset"] {
            #expect(history.log.contains { $0.hasPrefix(kind) }, "seed \(seed): no \(kind) step ran")
        }
    }

    @Test("a catch-up larger than the page-cache threshold (an import's) gives what a fresh build gives, and puts the cache back")
    func largeCatchUp() throws {
        let fixture = try IndexFixture()
        let index = try fixture.index()
        let count = BulkChanges.large + 1
        _ = try fixture.store.transaction { transaction in
            try transaction.put(batch: (0..<count).map { (["name": .string("Dog \($0)"), "breed": .string($0 % 2 == 0 ? "collie" : "whippet")], "dog") })
        }
        #expect(try index.catchUp() == count)
        #expect(try index.catchUp() == 0)
        #expect(try index.snapshot() == freshSnapshot(of: fixture))
        #expect(try index.queue.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == IndexDatabase.cacheSize)
    }

    /// A catch-up that brings more records than the index held drops the indexes queries read in order and builds
    /// them again: edits and deletes of the records it held come in the same commit.
    @Test("a large catch-up onto a small index builds its order indexes again: the same rows and indexes as a fresh build")
    func largeCatchUpBuildsOrderIndexesAgain() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let dog = try fixture.dog()
        let edited = try fixture.entry(journal: journal, text: "edited canal walk", tags: ["walk"],
                                       location: GeoPoint(latitude: 48.87, longitude: 2.36))
        let gone = try fixture.entry(journal: journal, text: "doomed canal walk", tags: ["rain"],
                                     location: GeoPoint(latitude: 48.88, longitude: 2.37))
        let index = try fixture.index()
        let count = BulkChanges.large + 5
        _ = try fixture.store.transaction { transaction in
            try transaction.put(batch: IndexFixture.businessPoints(count, dog: dog))
            guard var members = try transaction.record(id: edited.id)?.value.objectValue else { throw FixtureError(message: "no entry") }
            members["text"] = "edited towpath walk"
            members["location"] = ["lat": 48.9, "lon": 2.4]
            try transaction.put(.object(members), type: "entry")
            try transaction.delete(id: gone.id)
        }
        #expect(try index.catchUp() == count + 2)
        let caughtUp = try index.snapshot()
        #expect(caughtUp == (try freshSnapshot(of: fixture)))
        #expect(caughtUp.filter { $0.hasPrefix("index ") }.count == IndexSchema.orderIndexes.count + 2)
        #expect(caughtUp.contains("integrity ok"))
        // The indexes were sorted in files; the connection keeps its temporary files in memory again (2: MEMORY).
        #expect(try index.queue.read { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2)
        #expect(try index.search("towpath").map(\.record.id) == [edited.id])
        #expect(try index.search("doomed").isEmpty)
        // A query that names its index (`INDEXED BY records_by_place`) still finds it.
        #expect(try index.locatedRecords(in: GeoBox(south: 47, north: 50, west: 1, east: 4), type: "business").count == count)
    }

    @Test("catching up after a delete removes the record from every table")
    func deleteLeavesNothingBehind() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let keep = try fixture.entry(journal: journal, text: "kept canal walk", tags: ["walk"],
                                     location: GeoPoint(latitude: 48.87, longitude: 2.36))
        let gone = try fixture.entry(journal: journal, text: "doomed canal walk", title: "Doomed", tags: ["walk", "rain"],
                                     location: GeoPoint(latitude: 48.88, longitude: 2.37), place: "Canal")
        let index = try fixture.index()
        let before = try index.snapshot()
        #expect(before.contains { $0.hasPrefix("places \(gone.id)") } && before.contains { $0.hasPrefix("search ") && $0.contains(gone.id) })
        try fixture.delete(gone.id)
        #expect(try index.catchUp() == 1)
        let after = try index.snapshot()
        #expect(!after.contains { $0.contains(gone.id) }, "rows of the deleted record remain: \(after.filter { $0.contains(gone.id) })")
        #expect(after.contains { $0.hasPrefix("places \(keep.id)") })
        #expect(try index.tags().map { "\($0.tag) \($0.count)" } == ["walk 1"], "tags still count the deleted record")
        #expect(try index.search("doomed").isEmpty)
    }
}

/// Expects `index` to hold exactly what a fresh build of the same commit holds, and what the store holds;
/// returns whether it does.
func expectMatchesFreshBuild(_ index: RecordIndex, _ history: RandomHistory, label: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
    let incremental = try index.snapshot()
    let fresh = try freshSnapshot(of: history.a)
    let onlyIncremental = incremental.filter { !fresh.contains($0) }, onlyFresh = fresh.filter { !incremental.contains($0) }
    #expect(incremental == fresh, """
        \(label): the caught-up index differs from a fresh build
        only caught up: \(onlyIncremental.prefix(6).joined(separator: "\n  "))
        only fresh: \(onlyFresh.prefix(6).joined(separator: "\n  "))
        steps: \(history.log.suffix(12).joined(separator: "; "))
        """, sourceLocation: sourceLocation)
    // Independently of the index code: the ids per type are the store's.
    var agrees = incremental == fresh
    for type in RandomHistory.types + ["journal", "calendar"] {
        let indexed = Set(try index.records(type: type, page: .all).ids), stored = try history.a.storedIDs(type)
        #expect(indexed == stored, "\(label): \(type) ids differ from the store's", sourceLocation: sourceLocation)
        agrees = agrees && indexed == stored
    }
    let differences = try index.differences()
    #expect(differences.isEmpty, "\(label): differences() finds disagreements", sourceLocation: sourceLocation)
    return agrees && differences.isEmpty
}

/// Copies the store to a new folder without its index and builds the index there from scratch.
func freshSnapshot(of fixture: IndexFixture) throws -> [String] {
    let copy = fixture.folder.child("fresh-\(UUID().uuidString.prefix(8))")
    try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let local = copy + "/.git/trove/" + RecordIndex.fileName
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: local + suffix) }
    let index = try RecordIndex(store: try Store.open(at: copy))
    #expect(index.notice != nil, "a copy without its index file must announce the build")
    return try index.snapshot()
}
