import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

/// Append-only logs: lines added in batches, one per id, sorted, and never changed once written.
@Suite("Append-only logs")
struct LogAppendTests {
    static let tracker = "c4-7f-51-0a-9e-22"

    /// A tracker report line with an id whose time part is `minute` minutes after a fixed start.
    static func report(_ minute: Int, tracker: String = tracker, lat: Double = 48.8566) -> JSONValue {
        let date = Date(timeIntervalSince1970: 1_790_000_000 + Double(minute) * 60)
        return [
            "id": .string(RecordID.derived(from: "\(tracker):\(minute)", at: date)), "trackerId": .string(tracker),
            "at": .string(Timestamp.string(date)), "lat": .double(lat), "lon": 2.3522,
        ]
    }

    static func lines(_ fixture: StoreFixture, _ path: String) -> [String] {
        String(decoding: fixture.checkedOut(path) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("batches land in one monthly file per tracker, sorted by id, one line per id, in one commit")
    func batchesMerge() throws {
        let fixture = try StoreFixture()
        let before = try fixture.store.headCommitID()
        let (appended, result) = try fixture.store.transaction { transaction -> [LogAppend] in
            [try transaction.appendToLog([Self.report(5), Self.report(1), Self.report(3)], type: "tracker-report"),
             try transaction.appendToLog([Self.report(2), Self.report(3), Self.report(4)], type: "tracker-report")]
        }
        #expect(appended[0].added == 3 && appended[1].added == 2 && appended[1].present == 1)
        #expect(result.commit != nil && result.commit != before)
        let files = try fixture.store.logFiles(type: "tracker-report", key: Self.tracker)
        #expect(files == ["logs/tracker-reports/\(Self.tracker)/2026-09.jsonl"])
        let lines = Self.lines(fixture, files[0])
        #expect(lines.count == 5)
        let ids = lines.compactMap { try? JSONValue(parsing: Array($0.utf8))["id"]?.stringValue }
        #expect(ids == ids.sorted() && Set(ids).count == 5)
        #expect(lines.allSatisfy { !$0.contains(" ") && $0.hasPrefix("{\"at\":") }, "compact canonical lines")
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)
        #expect(try fixture.store.logEntries(path: files[0]).count == 5)
    }

    @Test("a line already in the file is never rewritten, even when the same id comes with other values")
    func existingLinesStay() throws {
        let fixture = try StoreFixture()
        try fixture.store.transaction { try $0.appendToLog([Self.report(1, lat: 48.1)], type: "tracker-report") }
        var changed = Self.report(1, lat: 48.1)
        changed["lat"] = 10
        let (appended, result) = try fixture.store.transaction { try $0.appendToLog([changed], type: "tracker-report") }
        #expect(appended.added == 0 && appended.present == 1)
        #expect(result.commit == nil, "nothing new: no commit")
        let path = try fixture.store.logFiles(type: "tracker-report", key: Self.tracker)[0]
        #expect(Self.lines(fixture, path).first?.contains("\"lat\":48.1") == true)
    }

    @Test("a file a union merge left unsorted and doubled is sorted and made unique by the next append")
    func unionLeftoversAreCleaned() throws {
        let fixture = try StoreFixture()
        try fixture.store.transaction { try $0.appendToLog([Self.report(1), Self.report(2)], type: "tracker-report") }
        let path = try fixture.store.logFiles(type: "tracker-report", key: Self.tracker)[0]
        let lines = Self.lines(fixture, path)
        // What merge=union can leave: the lines of both sides, one repeated, out of order.
        let messy = [lines[1], lines[0], lines[1], CanonicalJSON.compact(Self.report(0))].joined(separator: "\n") + "\n"
        try fixture.handEdit(path, messy)
        #expect(try fixture.git("commit", "-qam", "as a union merge leaves it").status == 0)
        let latest = try #require(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker))
        #expect(latest["id"] == Self.report(2)["id"], "readers accept the unsorted state")
        try fixture.store.transaction { try $0.appendToLog([Self.report(3)], type: "tracker-report") }
        let cleaned = Self.lines(fixture, path)
        #expect(cleaned.count == 4)
        let ids = cleaned.compactMap { try? JSONValue(parsing: Array($0.utf8))["id"]?.stringValue }
        #expect(ids == ids.sorted() && Set(ids).count == 4)
    }

    @Test("an entry that breaks the schema refuses the whole batch and writes nothing")
    func invalidEntryRefused() throws {
        let fixture = try StoreFixture()
        let before = try fixture.store.headCommitID()
        var bad = Self.report(2)
        bad["lat"] = 91
        #expect(throws: StoreError.self) {
            try fixture.store.transaction { try $0.appendToLog([Self.report(1), bad], type: "tracker-report") }
        }
        #expect(try fixture.store.headCommitID() == before)
        #expect(try fixture.store.logFiles(type: "tracker-report", key: Self.tracker).isEmpty)
        #expect(throws: StoreError.self) { try fixture.store.transaction { try $0.appendToLog([Self.report(1)], type: "item") } }
    }

    @Test("the latest entry comes from the newest month, by time, whatever the line order")
    func latestEntry() throws {
        let fixture = try StoreFixture()
        #expect(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker) == nil)
        // 60 days of reports, given newest first: two monthly files.
        let reports = (0..<60).reversed().map { Self.report($0 * 1440) }
        try fixture.store.transaction { try $0.appendToLog(reports, type: "tracker-report") }
        #expect(try fixture.store.logFiles(type: "tracker-report", key: Self.tracker).count >= 2)
        let latest = try #require(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker))
        #expect(latest == Self.report(59 * 1440))
    }

    @Test("a line written by hand with spaces is still read when finding the latest entry")
    func handWrittenLine() throws {
        let fixture = try StoreFixture()
        try fixture.store.transaction { try $0.appendToLog([Self.report(1), Self.report(2)], type: "tracker-report") }
        let path = try fixture.store.logFiles(type: "tracker-report", key: Self.tracker)[0]
        let spaced = CanonicalJSON.compact(Self.report(3)).replacingOccurrences(of: "\":", with: "\": ")
        try fixture.handEdit(path, Self.lines(fixture, path).joined(separator: "\n") + "\n" + spaced + "\n")
        #expect(try fixture.git("commit", "-qam", "a line by hand").status == 0)
        let latest = try #require(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker))
        #expect(latest["id"] == Self.report(3)["id"], "the spaced line is not missed by the byte search")
    }

    @Test("the newest entry is remembered by blob id: a changed file is read again, and a spoiled cache is ignored")
    func latestCache() throws {
        let fixture = try StoreFixture()
        try fixture.store.transaction { try $0.appendToLog([Self.report(1)], type: "tracker-report") }
        #expect(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker)?["id"] == Self.report(1)["id"])
        let cache = fixture.path + "/.git/trove/log-latest.json"
        #expect(FileManager.default.fileExists(atPath: cache))
        try fixture.store.transaction { try $0.appendToLog([Self.report(2)], type: "tracker-report") }
        #expect(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker)?["id"] == Self.report(2)["id"], "never stale")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: cache))
        #expect(try fixture.store.latestLogEntry(type: "tracker-report", key: Self.tracker)?["id"] == Self.report(2)["id"])
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty, "the cache is local, never in the store")
    }
}
