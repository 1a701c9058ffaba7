import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveStore
import TroveTestSupport

/// A JSON export read from its file one entry at a time (`JrnlExport`), as `trove import jrnl` reads it.
@Suite("jrnl exports read from their file")
struct JrnlExportTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// An export of `count` entries, with some invalid ones at `invalid`, a few MB when large.
    static func export(count: Int, invalid: Set<Int> = []) -> [UInt8] {
        let entries: [JSONValue] = (0..<count).map { number in
            guard !invalid.contains(number) else { return ["title": .string("Bad \(number)"), "date": "2020-02-30", "time": "08:00"] }
            let day = String(format: "%02d", number % 28 + 1), minute = String(format: "%02d", number % 60)
            return ["title": .string("Walk \(number) é 😀."), "body": .string(String(repeating: "By the canal. ", count: 1 + number % 40)),
                    "date": .string("2021-03-\(day)"), "time": .string("07:\(minute)"), "tags": ["@walk"], "starred": .bool(number % 9 == 0)]
        }
        return CanonicalJSON.encode(["tags": ["@walk": .integer(count)], "entries": .array(entries)])
    }

    @Test("a large export read from its file gives the entries and problems it gives read whole")
    func streamedEqualsWhole() throws {
        let folder = TemporaryFolder("trove-jrnl-export")
        let bytes = Self.export(count: 6_000, invalid: [5, 4_321])
        #expect(bytes.count > 2 * JSONObjectStream.defaultChunkSize, "the file spans several chunks")
        let file = try folder.write("export.json", bytes)
        let opened = try JrnlJournal.open(file, timeZone: Self.utc)
        let whole = try JrnlJournal(parsing: bytes, file: file, timeZone: Self.utc)
        #expect(opened is JrnlExport)
        #expect(opened.entryCount == 5_998 && opened.problems == whole.problems && opened.problems.count == 2)
        #expect(try opened.allEntries() == whole.entries)
    }

    /// An export whose entries share dates, times and titles: `repeats` titles over few minutes, so the same key
    /// comes back two, three or more times, near and thousands of entries apart.
    static func repeatingExport(count: Int, titles: Int) -> [UInt8] {
        let entries: [JSONValue] = (0..<count).map { number in
            let title = number * 7 % titles
            return ["title": .string("Walk \(title)"), "body": "By the canal.",
                    "date": .string("2021-03-\(String(format: "%02d", title % 3 + 1))"), "time": "07:00"]
        }
        return CanonicalJSON.encode(["entries": .array(entries)])
    }

    @Test("entries repeating a date, time and title get the keys read whole gives them, counted in the file's order")
    func repeatedKeysStreamed() throws {
        let folder = TemporaryFolder("trove-jrnl-export")
        for (count, titles) in [(5_000, 4_000), (3_000, 7), (2_000, 1_999)] {
            let bytes = Self.repeatingExport(count: count, titles: titles)
            let file = try folder.write("export.json", bytes)
            let streamed = try JrnlJournal.open(file, timeZone: Self.utc).allEntries().map(\.sourceKey)
            let whole = try JrnlJournal(parsing: bytes, file: file, timeZone: Self.utc).entries.map(\.sourceKey)
            #expect(streamed == whole)
            #expect(Set(streamed).count == count, "every entry has a key of its own")
            #expect(streamed.contains { $0.hasSuffix("-2") }, "the file repeats keys")
        }
    }

    @Test("an export whose dates or titles change between its check and its import, its count the same, is refused")
    func keysChangedWhileReading() throws {
        let folder = TemporaryFolder("trove-jrnl-export")
        let file = try folder.write("export.json", Self.repeatingExport(count: 40, titles: 40))
        let store = try Store.create(at: folder.child("store"))
        let head = try store.headCommitID()
        let opened = try JrnlJournal.open(file, timeZone: Self.utc)
        // Entry 1's title changed: the same count and problems, other keys (a repeat could come unseen so).
        var changed = String(decoding: Self.repeatingExport(count: 40, titles: 40), as: UTF8.self)
        changed = changed.replacingOccurrences(of: "\"Walk 7\"", with: "\"Walk 0\"")
        _ = try folder.write("export.json", Array(changed.utf8))
        #expect(throws: JrnlError.changedWhileReading(file: file)) { try JrnlImport(store: store).run(opened, into: "Walks") }
        #expect(try store.headCommitID() == head)
    }

    @Test("an export that changes between its check and its import is refused, and nothing is imported")
    func changedWhileReading() throws {
        let folder = TemporaryFolder("trove-jrnl-export")
        let file = try folder.write("export.json", Self.export(count: 50))
        let store = try Store.create(at: folder.child("store"))
        let head = try store.headCommitID()
        for changed in [Self.export(count: 51), Self.export(count: 49), Self.export(count: 50, invalid: [7]), Array("{\"entries\": [".utf8)] {
            let opened = try JrnlJournal.open(file, timeZone: Self.utc)
            _ = try folder.write("export.json", changed)
            #expect(throws: JrnlError.changedWhileReading(file: file)) {
                try JrnlImport(store: store).run(opened, into: "Walks")
            }
            #expect(try store.headCommitID() == head)
            _ = try folder.write("export.json", Self.export(count: 50))
        }
        let imported = try JrnlImport(store: store).run(try JrnlJournal.open(file, timeZone: Self.utc), into: "Walks")
        #expect(imported.added == 50)
    }

    /// Runs `sql` on the store's index file with the sqlite3 program, which waits (as Trove does) while the connection
    /// the import closed folds its log back into the file.
    static func indexQuery(_ store: Store, _ sql: String) throws -> String {
        let output = try ProcessRunner.run("/usr/bin/sqlite3", ["-cmd", ".timeout 20000", store.localFolder + "/index.sqlite", sql],
                                           environment: ProcessInfo.processInfo.environment)
        #expect(output.status == 0, "\(output.stderr)")
        return output.trimmed
    }

    @Test("an export read from its file imports as one commit, its index with it; a dry run writes nothing; again adds nothing")
    func importFromTheFile() throws {
        let folder = TemporaryFolder("trove-jrnl-export")
        let file = try folder.write("export.json", Self.export(count: 3_000))
        let store = try Store.create(at: folder.child("store"))
        let opened = try JrnlJournal.open(file, timeZone: Self.utc)
        let (head, commits) = (try store.headCommitID(), try store.history().count)
        let dry = try JrnlImport(store: store, options: ImportOptions(dryRun: true)).run(opened, into: "Walks")
        #expect(try dry.added == 3_000 && dry.commit == nil && store.headCommitID() == head)
        let imported = try JrnlImport(store: store).run(opened, into: "Walks")
        #expect(imported.added == 3_000 && imported.commit != nil)
        // The import indexed what it wrote as it wrote it: the index reflects its commit before any command opens it.
        #expect(try Self.indexQuery(store, "SELECT value FROM meta WHERE key = 'commit'") == imported.commit)
        #expect(try Self.indexQuery(store, "SELECT count(*) FROM search WHERE search MATCH 'canal'") == "3000")
        #expect(try store.history().count == commits + 1)
        #expect(try store.records(ofType: "entry").count == 3_000)
        let again = try JrnlImport(store: store).run(opened, into: "Walks")
        #expect(again.added == 0 && again.unchanged == 3_000 && again.commit == nil)
    }
    @Test("entries the schema refuses, among thousands put in batches: the first is named and nothing is written, or each is skipped and named in order")
    func refusedEntriesInBatches() throws {
        let folder = TemporaryFolder("trove-jrnl-export")
        // A tag of 150 letters reads as a tag, and the entry schema refuses it (at most 100).
        guard case .object(var whole) = try JSONValue(parsing: Self.export(count: 3_000)),
              case .array(var entries) = whole["entries"] else { Issue.record("the export is not an object"); return }
        for number in [300, 1_700] { entries[number]["tags"] = [.string("@" + String(repeating: "x", count: 150))] }
        whole["entries"] = .array(entries)
        let text = String(decoding: CanonicalJSON.encode(.object(whole)), as: UTF8.self)
        let file = try folder.write("export.json", Array(text.utf8))
        let store = try Store.create(at: folder.child("store"))
        let head = try store.headCommitID()
        let opened = try JrnlJournal.open(file, timeZone: Self.utc)
        do {
            _ = try JrnlImport(store: store).run(opened, into: "Walks")
            Issue.record("an entry the schema refuses was imported")
        } catch ImportError.refusedEntry(let source, _) {
            #expect(source.hasSuffix("entry 301 (2021-03-21 07:00 Walk 300 é 😀.)"), "\(source)")
        }
        #expect(try store.headCommitID() == head)
        let skipping = try JrnlImport(store: store, options: ImportOptions(skipInvalid: true)).run(opened, into: "Walks")
        #expect(skipping.added == 2_998 && skipping.skipped == 2)
        #expect(skipping.warnings.count == 2)
        #expect(skipping.warnings.first?.contains("entry 301 ") == true && skipping.warnings.last?.contains("entry 1701 ") == true)
        #expect(try store.records(ofType: "entry").count == 2_998)
    }
}
