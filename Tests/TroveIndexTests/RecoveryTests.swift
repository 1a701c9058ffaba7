import Foundation
import Testing
@testable import TroveIndex
import TroveJSON
import TroveStore
import TroveTestSupport

/// Ways an index file can be spoiled between two commands.
enum Damage: String, CaseIterable, Sendable {
    case deleted, emptied, halved, garbageHeader, randomBytes, otherSchemaVersion, foreignTables
}

@Suite("a damaged, missing or outdated index is rebuilt")
struct RecoveryTests {
    /// A store with entries (text, tags, places), a dog and its business, and events, and its index built and closed.
    static func filledStore() throws -> IndexFixture {
        let fixture = try IndexFixture()
        let journal = try fixture.journal(), dog = try fixture.dog(), calendar = try fixture.calendar()
        var random = SeededGenerator(seed: 99)
        let words = ["canal", "frost", "crème", "lighthouse", "harbour", "walk", "rain", "river", "snow", "bench"]
        try fixture.store.transaction { transaction in
            for number in 0..<120 {
                let text = (0..<40).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                let point = GeoPoint(latitude: Double.random(in: 40...50, using: &random), longitude: Double.random(in: 0...10, using: &random))
                try transaction.put(["journalId": .string(journal), "text": .string("\(number) \(text)"),
                                     "date": .string(timestamp(minutes: number * 97)), "tags": .array(words.prefix(number % 4).map { .string($0) }),
                                     "location": IndexFixture.location(point, place: nil)], type: "entry")
                if number % 10 == 0 {
                    try transaction.put(["dogId": .string(dog), "kind": "poo", "at": .string(timestamp(minutes: number)),
                                         "location": IndexFixture.location(point, place: nil)], type: "business")
                    try transaction.put(["calendarId": .string(calendar), "title": .string("meeting \(number)"),
                                         "start": .string(timestamp(minutes: number * 60))], type: "event")
                }
            }
        }
        _ = try fixture.index()
        return fixture
    }

    /// Expects every answer of `index` to agree with the records in the store, computed without the index.
    static func expectCorrectAnswers(_ index: RecordIndex, _ fixture: IndexFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var all: [Record] = []
        for type in ["entry", "business", "event", "dog", "journal", "calendar"] {
            let records = try fixture.store.records(ofType: type)
            all += records
            #expect(Set(try index.records(type: type, page: .all).ids) == Set(records.map(\.id)), "\(type)", sourceLocation: sourceLocation)
        }
        let withCanal = all.filter { ($0.value["text"]?.stringValue ?? "").split(separator: " ").contains("canal") }.map(\.id)
        #expect(Set(try index.search("canal", limit: 1_000).map(\.record.id)) == Set(withCanal), sourceLocation: sourceLocation)
        var tagCounts: [String: Int] = [:]
        for record in all { for tag in record.value["tags"]?.arrayValue ?? [] { tagCounts[tag.stringValue!, default: 0] += 1 } }
        #expect(Dictionary(uniqueKeysWithValues: try index.tags().map { ($0.tag, $0.count) }) == tagCounts, sourceLocation: sourceLocation)
        let centre = GeoPoint(latitude: 45, longitude: 5)
        let near = all.compactMap(IndexedPoint.init).filter { GeoMath.distance(centre, $0.point) <= 300_000 }.map(\.id)
        #expect(Set(try index.records(near: centre, radius: 300_000).map(\.record.id)) == Set(near), sourceLocation: sourceLocation)
        #expect(try index.differences().isEmpty, sourceLocation: sourceLocation)
    }

    /// Spoils the (closed) index file of `fixture` as `damage` says.
    static func spoil(_ fixture: IndexFixture, _ damage: Damage) throws {
        let path = fixture.indexPath
        var random = SeededGenerator(seed: 7)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        switch damage {
        case .deleted:
            try FileManager.default.removeItem(atPath: path)
        case .emptied:
            try Data().write(to: URL(fileURLWithPath: path))
        case .halved:
            try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: path))
        case .garbageHeader:
            var bytes = [UInt8](original)
            for offset in 0..<100 { bytes[offset] = UInt8.random(in: 0...255, using: &random) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .randomBytes:
            try Data((0..<original.count).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: URL(fileURLWithPath: path))
        case .otherSchemaVersion:
            try fixture.sqlite("UPDATE meta SET value = '999' WHERE key = 'schemaVersion'")
        case .foreignTables:
            try FileManager.default.removeItem(atPath: path)
            try fixture.sqlite("CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('mine');")
        }
    }

    @Test("a spoiled index file is rebuilt, announced, and answers correctly", arguments: Damage.allCases)
    func rebuiltAfterDamage(_ damage: Damage) throws {
        let fixture = try Self.filledStore()
        #expect(fixture.logIsEmpty, "the closed index left writes in its log")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: fixture.indexPath)[.size] as? Int)
        #expect(size > 100_000, "the index must span many pages for halving it to hurt")
        try Self.spoil(fixture, damage)
        let index = try fixture.index()
        // Every one of these is found while opening, before any query.
        let notice = try #require(index.notice, "no notice after \(damage)")
        #expect(notice.contains("index"), "notice: \(notice)")
        try Self.expectCorrectAnswers(index, fixture)
        #expect(try fixture.sqlite("SELECT value FROM meta WHERE key = 'schemaVersion'") == String(IndexSchema.version))
        #expect(try fixture.sqlite("SELECT count(*) FROM sqlite_master WHERE name = 'notes'") == "0")
        // Once rebuilt, the next opening has nothing to say.
        let again = try fixture.index()
        #expect(again.notice == nil)
        try Self.expectCorrectAnswers(again, fixture)
    }

    @Test("a commit made with the git program is caught up")
    func handCommit() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let edited = try fixture.entry(journal: journal, text: "The canal froze", tags: ["winter"])
        let removed = try fixture.entry(journal: journal, text: "A lighthouse far away")
        let index = try fixture.index()
        var value = edited.value
        value["text"] = "The harbour thawed"
        value["tags"] = ["spring"]
        try fixture.writeRecordFile(value)
        try fixture.git("rm", "-q", try fixture.recordPath(type: "entry", id: removed.id))
        var copy = edited.value
        let added = RecordID.make()
        copy["id"] = .string(added)
        copy["text"] = "Copied by hand"
        try fixture.git("add", try fixture.writeRecordFile(copy))
        try fixture.git("commit", "-q", "-am", "Edit by hand")
        let reopened = try fixture.index()
        #expect(reopened.notice == nil)
        #expect(try reopened.search("canal").isEmpty)
        #expect(try reopened.search("harbour").map(\.record.id) == [edited.id])
        #expect(try reopened.search("lighthouse").isEmpty)
        #expect(try reopened.search("copied").map(\.record.id) == [added])
        #expect(try reopened.tags().map(\.tag).sorted() == ["spring", "winter"])
        try index.catchUp()
        #expect(try index.record(id: edited.id).flatMap(index.value(of:))?["text"] == "The harbour thawed")
        #expect(try index.snapshot() == (try freshSnapshot(of: fixture)))
    }

    @Test("records moved to another folder by hand stay indexed, whichever side of their old path the new one sorts")
    func movedByHand() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let early = try fixture.entry(journal: journal, text: "Moved to the front", tags: ["moved"])
        let late = try fixture.entry(journal: journal, text: "Moved to the back", tags: ["moved"])
        let index = try fixture.index()
        // A move is a removal and an addition of one id; the addition sorts before the removal for one, after for the other.
        for (record, folder) in [(early, "00"), (late, "zz")] {
            let old = try fixture.recordPath(type: "entry", id: record.id)
            // One id in 256 has its fan-out "00" already: move that one to the next folder instead.
            let new = "entries/\(old.hasPrefix("entries/\(folder)/") ? (folder == "00" ? "01" : "zy") : folder)/\(record.id).json"
            try FileManager.default.createDirectory(atPath: fixture.path + "/" + (new as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try fixture.git("mv", old, new)
        }
        try fixture.git("commit", "-q", "-m", "Move by hand")
        try index.catchUp()
        #expect(try index.search("moved").map(\.record.id).sorted() == [early.id, late.id].sorted())
        #expect(try index.record(id: early.id) != nil && index.record(id: late.id) != nil)
        #expect(try index.snapshot() == (try freshSnapshot(of: fixture)))
    }

    @Test("git reset --hard HEAD~1 moves the index back")
    func resetBackwards() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let kept = try fixture.entry(journal: journal, text: "first version", tags: ["one"])
        let (added, _) = try fixture.store.transaction { transaction in
            var value = try #require(try transaction.record(id: kept.id)).value
            value["text"] = "second version"
            value["tags"] = ["two"]
            try transaction.put(value, type: "entry")
            return try transaction.put(["journalId": .string(journal), "text": "added then reset away",
                                        "date": "2026-01-05T10:00:00.000Z"], type: "entry")
        }
        let index = try fixture.index()
        #expect(try index.record(id: added.id) != nil)
        try fixture.git("reset", "-q", "--hard", "HEAD~1")
        let reopened = try fixture.index()
        #expect(reopened.notice == nil, "the old commit still exists: catching up is enough")
        #expect(try reopened.record(id: added.id) == nil)
        #expect(try reopened.record(id: kept.id).flatMap(reopened.value(of:))?["text"] == "first version")
        #expect(try reopened.tags().map(\.tag) == ["one"])
        #expect(try reopened.search("second").isEmpty && reopened.search("reset").isEmpty)
        #expect(try reopened.snapshot() == (try freshSnapshot(of: fixture)))
    }

    @Test("the indexed commit rewritten away and garbage-collected: rebuilt, not a crash", arguments: [false, true])
    func indexedCommitGone(sameStoreObject: Bool) throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let entry = try fixture.entry(journal: journal, text: "before the amend", tags: ["old"])
        let indexed = try #require(try fixture.store.headHex())
        _ = try fixture.index()
        var value = entry.value
        value["text"] = "after the amend"
        value["tags"] = ["new"]
        try fixture.writeRecordFile(value)
        try fixture.git("commit", "-q", "-a", "--amend", "-m", "Amended by hand")
        try fixture.git("reflog", "expire", "--expire=now", "--all")
        try fixture.git("gc", "-q", "--prune=now")
        #expect(throws: FixtureError.self, "the indexed commit must be gone") { try fixture.git("cat-file", "-e", indexed) }
        let store = sameStoreObject ? fixture.store : try Store.open(at: fixture.path)
        let index = try RecordIndex(store: store)
        if !sameStoreObject {
            // A new process cannot find the commit: it starts over, and says so.
            let notice = try #require(index.notice)
            #expect(notice.contains("index"), "notice: \(notice)")
        }
        // The store object that indexed the old commit may still hold it in libgit2's object cache
        // and catch up from it instead; either way the answers must be right.
        #expect(try index.record(id: entry.id).flatMap(index.value(of:))?["text"] == "after the amend")
        #expect(try index.search("before").isEmpty && index.search("amend").count == 1)
        #expect(try index.tags().map(\.tag) == ["new"])
        #expect(try index.differences().isEmpty)
        #expect(try index.snapshot() == (try freshSnapshot(of: fixture)))
    }

    @Test("record files that do not parse are left out, then indexed once mended")
    func unparsableFiles() throws {
        let fixture = try IndexFixture()
        let journal = try fixture.journal()
        let broken = try fixture.entry(journal: journal, text: "soon broken canal")
        let array = try fixture.entry(journal: journal, text: "soon an array canal")
        let index = try fixture.index()
        let brokenPath = try fixture.recordPath(type: "entry", id: broken.id), arrayPath = try fixture.recordPath(type: "entry", id: array.id)
        try Data("{ \"id\": ".utf8).write(to: URL(fileURLWithPath: fixture.path + "/" + brokenPath))
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: fixture.path + "/" + arrayPath))
        try fixture.git("commit", "-q", "-am", "Break two files")
        try index.catchUp()
        #expect(try index.record(id: broken.id) == nil && index.record(id: array.id) == nil)
        #expect(try index.search("canal").isEmpty)
        #expect(try index.differences().isEmpty, "unparsable files are check's business, not differences")
        try fixture.writeRecordFile(broken.value)
        try fixture.writeRecordFile(array.value)
        try fixture.git("commit", "-q", "-am", "Mend them")
        try index.catchUp()
        #expect(Set(try index.search("canal").map(\.record.id)) == [broken.id, array.id])
        #expect(try index.snapshot() == (try freshSnapshot(of: fixture)))
    }
}

@Suite("a long-lived index and a file replaced under it")
struct ReplacedFileTests {
    @Test("an index open in one place learns that another replaced its damaged file")
    func replacedUnderneath() throws {
        let fixture = try RecoveryTests.filledStore()
        let longLived = try fixture.index()
        #expect(!longLived.fileWasReplaced)
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: fixture.indexPath))
        let repairing = try fixture.index()
        #expect(repairing.notice != nil && !repairing.fileWasReplaced)
        #expect(longLived.fileWasReplaced, "the holder must be able to tell its file is gone")
        try RecoveryTests.expectCorrectAnswers(try fixture.index(), fixture)
    }
}
