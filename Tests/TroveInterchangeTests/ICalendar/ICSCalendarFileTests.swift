import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveSchema
import TroveKit
import TroveStore
import TroveTestSupport

/// Issue 25: a large iCalendar file is read from disk a part at a time, and gives what reading it whole gives.
@Suite("iCalendar read from disk a part at a time")
struct ICSCalendarFileTests {
    /// What a source hands over, in one list (a THISANDFUTURE series comes last from a parted file: sorted by line).
    static func records(_ source: any ICSSource) throws -> [ICSRecord] {
        var all: [ICSRecord] = []
        try source.forEachPart { all += $0 }
        return all.sorted { ($0.line, $0.uid ?? "") < ($1.line, $1.uid ?? "") }
    }

    static func sameReading(_ path: String, partSize: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try ICSReader.read(contentsOf: path)
        let parted = try ICSCalendarFile.open(path, partSize: partSize, partedSize: 0)
        #expect(parted is ICSCalendarFile, "\(path) is read in parts", sourceLocation: sourceLocation)
        #expect(try records(parted) == records(whole), "\(path), parts of \(partSize)", sourceLocation: sourceLocation)
        #expect(parted.recordCount == whole.records.count, sourceLocation: sourceLocation)
        #expect(parted.invalid.sorted { $0.line < $1.line } == whole.invalid.sorted { $0.line < $1.line }, sourceLocation: sourceLocation)
        #expect(Set(parted.warnings.map(\.description)) == Set(whole.warnings.map(\.description)), sourceLocation: sourceLocation)
        #expect(parted.warnings.count == whole.warnings.count, sourceLocation: sourceLocation)
        #expect(parted.method == whole.method, sourceLocation: sourceLocation)
        #expect((parted as? ICSCalendarFile)?.calendarName == whole.calendarName, sourceLocation: sourceLocation)
    }

    private func write(_ text: String, in folder: TemporaryFolder, name: String = "cal.ics") throws -> String {
        let path = folder.child(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("from 8 MB a file is read in parts (200 events of 45 KB, a THISANDFUTURE split among them), and gives what reading it whole gives")
    func largeFileIsPartedAtTheRealSize() throws {
        let folder = TemporaryFolder("trove-ics-large")
        let path = try write(VariedCalendar.large(events: 200, descriptionBytes: 45_000), in: folder)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size >= ICSCalendarFile.partedSize && size < ICSCalendarFile.partedSize * 2, "\(size) bytes")
        // The default size to part from, a smaller part size (so that one file makes several).
        let parted = try ICSCalendarFile.open(path, partSize: 50)
        #expect(parted is ICSCalendarFile)
        var parts: [Int] = []
        var all: [ICSRecord] = []
        try parted.forEachPart { parts.append($0.count); all += $0 }
        // Four of 50, what is left, and the THISANDFUTURE series on its own, last.
        #expect(parts.count == 6 && parts.prefix(4) == [50, 50, 50, 50], "\(parts)")
        let whole = try ICSReader.read(contentsOf: path)
        #expect(all.sorted { ($0.line, $0.uid ?? "") < ($1.line, $1.uid ?? "") } == (try Self.records(whole)))
    }

    @Test("every fixture, and a calendar of zones, overrides, a THISANDFUTURE split, alarms and tasks, read in parts of 1, 2 and 3 as whole")
    func partsReadAsWhole() throws {
        let folder = TemporaryFolder("trove-ics-parts")
        let paths = ICSFixtures.names.map(ICSFixtures.path) + [try write(VariedCalendar.text, in: folder)]
        #expect(paths.count > 10)
        for path in paths {
            for size in [1, 2, 3] { try Self.sameReading(path, partSize: size) }
        }
    }

    @Test("invalid components, skipped ones, folded UIDs, a byte order mark and calendar properties after the events read in parts as whole")
    func oddButWellFormed() throws {
        let folder = TemporaryFolder("trove-ics-odd")
        let text = "\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
            + "BEGIN:VEVENT\r\nUID:no-start@test\r\nSUMMARY:No start\r\nEND:VEVENT\r\n"
            + "BEGIN:VJOURNAL\r\nUID:j1\r\nEND:VJOURNAL\r\n"
            + "BEGIN:VEVENT\r\nUID:fol\r\n ded@test\r\nDTSTART:20260302T090000Z\r\nRRULE:FREQ=DAILY;COUNT=5\r\nSUMMARY:Folded\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:folded@test\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:20260304T090000Z\r\nDTSTART:20260304T100000Z\r\nSUMMARY:Later\r\nEND:VEVENT\r\n"
            + "BEGIN:VTODO\r\nUID:t1@test\r\nDUE;VALUE=DATE:20260310\r\nSUMMARY:Task\r\nEND:VTODO\r\n"
            + "X-WR-CALNAME:Late name\r\nMETHOD:PUBLISH\r\n"
            + "BEGIN:VEVENT\r\nUID:bad-rule@test\r\nDTSTART:20260302T090000Z\r\nRRULE:FREQ=SOMETIMES\r\nEND:VEVENT\r\n"
            + "BEGIN:VJOURNAL\r\nUID:j2\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n\r\n"
        let path = try write(text, in: folder)
        let whole = try ICSReader.read(contentsOf: path)
        #expect(!whole.invalid.isEmpty && whole.calendarName == "Late name" && whole.records.count == 3)
        #expect(whole.records.contains { $0.fields["recurrenceRange"]?.stringValue == "thisAndFuture" })
        for size in [1, 2, 4] { try Self.sameReading(path, partSize: size) }
    }

    @Test("what the import throws while parts are handed over comes out as it is, not as a changed file")
    func bodyErrorsPassThrough() throws {
        let folder = TemporaryFolder("trove-ics-body")
        let parted = try ICSCalendarFile.open(try write(VariedCalendar.text, in: folder), partSize: 2, partedSize: 0)
        let thrown = ICSFileError(file: "other.ics", reason: "thrown by the import")
        #expect(throws: thrown) { try parted.forEachPart { _ in throw thrown } }
    }

    @Test("a file that is not one well-formed calendar is read whole, as before, with the same refusals and problems")
    func irregularFilesReadWhole() throws {
        let folder = TemporaryFolder("trove-ics-irregular")
        let event = "BEGIN:VEVENT\r\nUID:a@test\r\nDTSTART:20260302T090000Z\r\nEND:VEVENT\r\n"
        let texts = [
            "BEGIN:VCALENDAR\r\n" + "BEGIN:VEVENT\r\nUID:open@test\r\nDTSTART:20260302T090000Z\r\n" + event + "END:VCALENDAR\r\n",
            "BEGIN:VCALENDAR\r\n" + event + "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n" + event + "END:VCALENDAR\r\n",
            "junk before\r\nBEGIN:VCALENDAR\r\n" + event + "END:VCALENDAR\r\n",
            "BEGIN:VCALENDAR\r\n" + event,
        ]
        for (number, text) in texts.enumerated() {
            let path = try write(text, in: folder, name: "irregular-\(number).ics")
            let opened: (any ICSSource)? = try? ICSCalendarFile.open(path, partSize: 1, partedSize: 0)
            #expect(opened == nil || opened is ICSFile, "file \(number) is not read in parts")
        }
        let notUTF8 = folder.child("latin1.ics")
        try Data(("BEGIN:VCALENDAR\r\n" + event).utf8 + [0xE9] + Array("\r\nEND:VCALENDAR\r\n".utf8)).write(to: URL(fileURLWithPath: notUTF8))
        #expect(throws: ICSFileError(file: "latin1.ics", reason: "not UTF-8 text; save the file as UTF-8")) {
            try ICSCalendarFile.open(notUTF8, partSize: 1, partedSize: 0)
        }
    }

    @Test("an import of a file read in parts writes what an import of it read whole writes, and a file changed in between imports nothing")
    func importInParts() throws {
        let folder = TemporaryFolder("trove-ics-import-parts")
        let path = try write(VariedCalendar.text, in: folder)
        let wholeStore = try Store.create(at: folder.child("whole"))
        let partStore = try Store.create(at: folder.child("parts"))
        let whole = try ICSImport(store: wholeStore).run(try ICSReader.read(contentsOf: path), path: path, calendar: nil)
        let parted = try ICSCalendarFile.open(path, partSize: 2, partedSize: 0)
        let report = try ICSImport(store: partStore).run(parted, path: path, calendar: nil)
        #expect(report.added == whole.added && report.added > 5)
        func events(_ store: Store) throws -> [String] {
            try (store.records(ofType: RecordType.event) + store.records(ofType: RecordType.task)).map { record in
                var fields = record.value.objectValue ?? [:]
                for key in ["calendarId", "clock", "createdAt", "updatedAt"] { fields[key] = nil }
                return CanonicalJSON.compact(.object(fields))
            }.sorted()
        }
        #expect(try events(partStore) == events(wholeStore))

        let changedStore = try Store.create(at: folder.child("changed"))
        let head = try changedStore.headHex()
        let before = try ICSCalendarFile.open(path, partSize: 2, partedSize: 0)
        _ = try write(VariedCalendar.text.replacingOccurrences(of: "END:VTODO", with: "END:VTODO\r\nBEGIN:VTODO\r\nUID:extra@test\r\nSUMMARY:Extra\r\nEND:VTODO", options: [], range: nil), in: folder)
        #expect(throws: ICSFileError.self) { try ICSImport(store: changedStore).run(before, path: path, calendar: nil) }
        #expect(try changedStore.headHex() == head)
    }
}
