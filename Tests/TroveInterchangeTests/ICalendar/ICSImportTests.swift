import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveKit
import TroveStore
import TroveTestSupport

/// `ICSImport` into a real store: one commit, matched by UID, `--skip-invalid`, and round trips through `ICSWriter`.
@Suite("iCalendar import")
struct ICSImportTests {
    /// Each test gets its own instance, so its own store, kept while the folder lives.
    let folder = TemporaryFolder("trove-ics-import")
    let store: Store

    init() throws { store = try Store.create(at: folder.child("store")) }

    static let threeEvents = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Trove tests//EN
        BEGIN:VEVENT
        UID:good-1
        DTSTAMP:20261101T000000Z
        DTSTART:20261201T140000Z
        DTEND:20261201T150000Z
        SUMMARY:Lecture [CS101]
        END:VEVENT
        BEGIN:VEVENT
        UID:backwards
        DTSTAMP:20261101T000000Z
        DTSTART:20261202T140000Z
        DTEND:20261202T130000Z
        SUMMARY:Ends before it starts
        END:VEVENT
        BEGIN:VEVENT
        UID:good-2
        DTSTAMP:20261101T000000Z
        DTSTART;VALUE=DATE:20261224
        SUMMARY:Christmas Eve off
        RRULE:FREQ=YEARLY
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")

    @Test("a bad VEVENT stops the import, named by UID and line, and nothing is written; --skip-invalid imports the others")
    func skipInvalid() throws {
        let file = try ICSReader.read(Self.threeEvents, file: "three.ics")
        let head = try store.headCommitID()
        do {
            _ = try ICSImport(store: store).run(file, path: "three.ics", calendar: nil)
            Issue.record("the import should have been refused")
        } catch let error as ImportError {
            #expect(error.description.contains("backwards") && error.description.contains("line 15: VEVENT \"backwards\": DTEND"), "\(error)")
        }
        #expect(try store.headCommitID() == head)
        let report = try ICSImport(store: store, options: ImportOptions(skipInvalid: true)).run(file, path: "three.ics", calendar: nil)
        #expect((report.added, report.skipped) == (2, 1))
        let events = try store.records(ofType: "event").compactMap(Event.init)
        #expect(Set(events.map(\.title)) == ["Lecture", "Christmas Eve off"])
        #expect(events.first { $0.title == "Lecture" }?.classLabel == "CS101")
    }

    @Test("importing again changes nothing; a changed copy updates the event in place and keeps its calendar")
    func matchedByUID() throws {
        let options = ImportOptions(skipInvalid: true)
        _ = try ICSImport(store: store, options: options).run(try ICSReader.read(Self.threeEvents), path: "a.ics", calendar: nil)
        let head = try store.headCommitID()
        let again = try ICSImport(store: store, options: options).run(try ICSReader.read(Self.threeEvents), path: "a.ics", calendar: nil)
        #expect((again.added, again.updated, again.unchanged) == (0, 0, 2))
        #expect(try store.headCommitID() == head, "no commit when nothing changed")
        let moved = Self.threeEvents.replacingOccurrences(of: "DTSTART:20261201T140000Z", with: "DTSTART:20261201T143000Z")
        let update = try ICSImport(store: store, options: options).run(try ICSReader.read(moved), path: "b.ics", calendar: nil)
        #expect((update.added, update.updated, update.unchanged) == (0, 1, 1))
        let lecture = try #require(try store.records(ofType: "event").compactMap(Event.init).first { $0.title == "Lecture" })
        #expect(lecture.start.description == "2026-12-01T14:30:00.000Z")
        #expect(try store.records(ofType: "calendar").count == 1)
    }

    @Test("every fixture imports; writing the store's events out and importing them back changes nothing", arguments: [false, true])
    func fixturesRoundTrip(intoNamedCalendar: Bool) throws {
        if intoNamedCalendar { try CalendarBook(store: store).add(name: "Imported") }
        for name in ICSFixtures.names {
            let report = try ICSImport(store: store, options: ImportOptions(skipInvalid: true))
                .run(try ICSReader.read(contentsOf: ICSFixtures.path(name)), path: name, calendar: intoNamedCalendar ? "Imported" : nil)
            #expect(report.added + report.updated + report.unchanged > 0, "\(name) imported nothing")
        }
        let records = try ["event", "task"].flatMap { try store.records(ofType: $0) }.map(\.value)
        let text = try ICSWriter.write(records)
        let head = try store.headCommitID()
        let back = try ICSImport(store: store).run(try ICSReader.read(text), path: "export.ics", calendar: nil)
        #expect(back.added == 0 && back.updated == 0, "\(back.lines)")
        #expect(try store.headCommitID() == head)
    }
}
