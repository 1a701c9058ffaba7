import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// Importing a file again is a merge, as sync does it, with the version last imported as the base:
/// the file's changes land, the user's edits stay, and a field both changed keeps the loser in `conflicts`.
extension ICSImportTests {
    /// The feed these tests import: `threeEvents`, whose bad VEVENT is skipped.
    static let feed = threeEvents

    /// Imports `text` (the feed, else a changed copy) as `course.ics`, skipping the bad VEVENT.
    @discardableResult
    func importFeed(_ text: String = feed, dryRun: Bool = false) throws -> ImportReport {
        try ICSImport(store: store, options: ImportOptions(dryRun: dryRun, skipInvalid: true))
            .run(try ICSReader.read(text), path: "course.ics", calendar: nil)
    }

    /// The stored event imported with UID `uid`.
    func event(_ uid: String) throws -> Record {
        try #require(try store.records(ofType: "event").first { $0.value["uid"]?.stringValue == uid })
    }

    /// Changes fields of an event as a command would: one commit, through `put`.
    @discardableResult
    func edit(_ uid: String, _ changes: [String: JSONValue]) throws -> Record {
        let record = try event(uid)
        return try store.transaction { transaction in
            var value = record.value
            for (key, new) in changes { value[key] = new }
            return try transaction.put(value, type: "event")
        }.value
    }

    @Test("importing an unchanged file again keeps a local edit, and commits nothing")
    func unchangedFileKeepsEdit() throws {
        try importFeed()
        try edit("good-1", ["title": "Lecture, bring laptop"])
        let head = try store.headCommitID()
        let again = try importFeed()
        #expect((again.added, again.updated, again.unchanged) == (0, 0, 2))
        #expect(try store.headCommitID() == head)
        #expect(again.lines.last == "Nothing changed.")
        #expect(try event("good-1").value["title"] == "Lecture, bring laptop")
    }

    @Test("a change in the file and a local edit of another field both land, with no conflict")
    func differentFieldsBothLand() throws {
        try importFeed()
        try edit("good-1", ["location": ["address": "Hall B"]])
        let moved = Self.feed.replacingOccurrences(of: "DTSTART:20261201T140000Z", with: "DTSTART:20261201T143000Z")
        let report = try importFeed(moved)
        #expect((report.updated, report.unchanged, report.conflictsKept) == (1, 1, 0))
        let lecture = try event("good-1")
        #expect(lecture.value["start"] == "2026-12-01T14:30:00.000Z")
        #expect(lecture.value["location"] == ["address": "Hall B"])
        #expect(lecture.value["conflicts"] == nil)
        #expect(try store.conflicts().isEmpty)
    }

    @Test("a field changed both in the file and here: the later change wins and the loser is kept in conflicts, as sync keeps it")
    func sameFieldKeepsLoser() throws {
        try importFeed()
        let edited = try edit("good-1", ["title": "Lecture (moved online)"])
        let renamed = Self.feed.replacingOccurrences(of: "SUMMARY:Lecture [CS101]", with: "SUMMARY:Lecture 1 [CS101]")
        let report = try importFeed(renamed)
        #expect((report.updated, report.conflictsKept) == (1, 1))
        #expect(report.lines.contains { $0.hasPrefix("1 field changed both here and in the source") })
        let lecture = try event("good-1")
        #expect(lecture.value["title"] == "Lecture 1")
        // The note sync writes (`MergeConflict`): the field, the losing value, and the losing side's clock and peer.
        let clock = try #require(edited.clock)
        #expect(lecture.value["conflicts"] == [["field": "title", "value": "Lecture (moved online)", "clock": .string(clock), "peer": .string(store.peerID)]])
        let kept = try store.conflicts()
        #expect(kept.map(\.field) == ["title"] && kept.first?.kept == "Lecture (moved online)" && kept.first?.current == "Lecture 1")
    }

    @Test("importing an identical file again, with no local edit, writes no commit; a changed file updates plainly")
    func identicalFileNoCommit() throws {
        try importFeed()
        let head = try store.headCommitID()
        let again = try importFeed()
        #expect((again.added, again.updated, again.unchanged, again.commit) == (0, 0, 2, nil))
        #expect(try store.headCommitID() == head)
        let renamed = Self.feed.replacingOccurrences(of: "SUMMARY:Christmas Eve off", with: "SUMMARY:Christmas Eve and Day off")
        let update = try importFeed(renamed)
        #expect((update.updated, update.conflictsKept) == (1, 0))
        #expect(try event("good-2").value["title"] == "Christmas Eve and Day off")
        #expect(try store.conflicts().isEmpty)
    }

    @Test("a dry run of a merging re-import changes nothing, and the real run after it still merges")
    func dryRunChangesNothing() throws {
        try importFeed()
        try edit("good-1", ["title": "Lecture (moved online)"])
        let before = try event("good-1")
        let head = try store.headCommitID()
        let renamed = Self.feed.replacingOccurrences(of: "SUMMARY:Lecture [CS101]", with: "SUMMARY:Lecture 1 [CS101]")
        let dry = try importFeed(renamed, dryRun: true)
        #expect((dry.dryRun, dry.updated, dry.conflictsKept, dry.commit) == (true, 1, 1, nil))
        #expect(try store.headCommitID() == head)
        #expect(try event("good-1") == before)
        // Had the dry run noted the new file as imported, this run would find nothing new in it.
        let real = try importFeed(renamed)
        #expect((real.updated, real.conflictsKept) == (1, 1))
        #expect(try event("good-1").value["title"] == "Lecture 1")
    }

    @Test("an event deleted here stays deleted while the file has not changed it, and comes back when it has")
    func deletedStaysDeleted() throws {
        try importFeed()
        let holiday = try event("good-2")
        _ = try store.transaction { try $0.delete(id: holiday.id) }
        let head = try store.headCommitID()
        let again = try importFeed()
        #expect((again.added, again.unchanged, again.leftDeleted) == (0, 1, 1))
        #expect(try store.headCommitID() == head)
        #expect(try store.record(id: holiday.id) == nil)
        let changed = Self.feed.replacingOccurrences(of: "SUMMARY:Christmas Eve off", with: "SUMMARY:Christmas Eve and Day off")
        let back = try importFeed(changed)
        #expect((back.added, back.leftDeleted) == (1, 0))
        #expect(try store.record(id: holiday.id)?.value["title"] == "Christmas Eve and Day off")
    }

    @Test("with no local note of the last import (another clone, an older store), the base is what the last import committed")
    func baseFromHistory() throws {
        try importFeed()
        try edit("good-1", ["title": "Lecture, bring laptop"])
        try FileManager.default.removeItem(atPath: store.localFolder + "/imported/ics.json")
        let head = try store.headCommitID()
        let again = try importFeed()
        #expect((again.updated, again.unchanged, again.conflictsKept) == (0, 2, 0))
        #expect(try store.headCommitID() == head)
        try FileManager.default.removeItem(atPath: store.localFolder + "/imported/ics.json")
        let moved = Self.feed.replacingOccurrences(of: "DTSTART:20261201T140000Z", with: "DTSTART:20261201T143000Z")
        let report = try importFeed(moved)
        #expect((report.updated, report.conflictsKept) == (1, 0))
        let lecture = try event("good-1")
        #expect(lecture.value["title"] == "Lecture, bring laptop")
        #expect(lecture.value["start"] == "2026-12-01T14:30:00.000Z")
        #expect(lecture.value["conflicts"] == nil)
    }

    @Test("with no local note, a record the last import merged with local edits takes its base from the import before")
    func baseSkipsMergedImport() throws {
        try importFeed()
        try edit("good-1", ["title": "Lecture, bring laptop"])
        let moved = Self.feed.replacingOccurrences(of: "DTSTART:20261201T140000Z", with: "DTSTART:20261201T143000Z")
        let merged = try importFeed(moved)
        #expect(merged.mergedWithEdits == [try event("good-1").id])
        let message = try #require(try store.history(limit: 1).first?.message)
        #expect(message.contains("Merged-with-edits: \(try event("good-1").id)"), "\(message)")
        try FileManager.default.removeItem(atPath: store.localFolder + "/imported/ics.json")
        let head = try store.headCommitID()
        let again = try importFeed(moved)
        #expect((again.updated, again.unchanged) == (0, 2))
        #expect(try store.headCommitID() == head)
        #expect(try event("good-1").value["title"] == "Lecture, bring laptop")
    }

    @Test("an undone import counts as never made: importing the file again applies it again")
    func undoneImportAppliesAgain() throws {
        try importFeed()
        let renamed = Self.feed.replacingOccurrences(of: "SUMMARY:Christmas Eve off", with: "SUMMARY:Christmas Eve and Day off")
        try importFeed(renamed)
        try store.undo()
        #expect(try event("good-2").value["title"] == "Christmas Eve off")
        let again = try importFeed(renamed)
        #expect((again.updated, again.unchanged, again.conflictsKept) == (1, 1, 0))
        #expect(try event("good-2").value["title"] == "Christmas Eve and Day off")
        try store.undo()
        try store.undo()
        #expect(try store.records(ofType: "event").isEmpty)
        let first = try importFeed()
        #expect((first.added, first.leftDeleted) == (2, 0))
    }
}
