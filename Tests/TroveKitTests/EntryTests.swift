import Foundation
import Testing
@testable import TroveKit
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("journals and entries")
struct EntryTests {
    let fixture: KitFixture
    var entries: EntryBook { EntryBook(store: fixture.store) }
    var journals: JournalBook { JournalBook(store: fixture.store) }

    init() throws { fixture = try KitFixture() }

    func changes(_ text: String?, _ edit: (inout EntryChanges) -> Void = { _ in }) -> EntryChanges {
        var changes = EntryChanges()
        changes.text = text
        edit(&changes)
        return changes
    }

    @Test("a first entry goes to a journal made for it; with several, the last used on this machine, else one must be named")
    func defaultJournal() throws {
        let (first, _) = try entries.create(changes("Hello."))
        #expect(try journals.all().map(\.name) == ["Journal"])
        #expect(first.journalID == (try journals.all()[0].id))
        try journals.create(name: "Travels", isPublic: true)
        #expect(try entries.create(changes("Still here.")).entry.journalID == first.journalID, "the last used")
        let (second, _) = try entries.create(changes("Paris.") { $0.journal = "travels" })
        #expect(second.journalID == (try journals.journal(named: "Travels").id))
        #expect(try entries.create(changes("Lyon.")).entry.journalID == second.journalID, "the last used is now Travels")

        // A machine that never wrote an entry has no last used journal: one must be named.
        try FileManager.default.removeItem(atPath: fixture.store.path + "/.git/trove/state.json")
        #expect(throws: JournalError.chooseJournal(known: ["Journal", "Travels"])) { try entries.create(changes("Where?")) }
    }

    @Test("the journal a first entry makes has the same id on every machine, derived from its name")
    func derivedJournal() throws {
        let (first, _) = try entries.create(changes("Hello."))
        let other = try KitFixture()
        let (elsewhere, _) = try EntryBook(store: other.store).create(changes("Bonjour."))
        #expect(first.journalID == elsewhere.journalID)
        let journal = try #require(try other.store.record(id: elsewhere.journalID))
        #expect(journal.value["createdAt"] == "1970-01-01T00:00:00.000Z")
    }

    @Test("an entry keeps its text, tags, photos in order, place, date, star and visibility")
    func fields() throws {
        let one = try fixture.file("one.jpg", try KitFixture.jpeg())
        let two = try fixture.file("two.jpg", try KitFixture.jpeg("6b73e9bd86a91d3a7ead09268b0fb266"))
        let date = try DateInput.parse("2026-11-20 07:30", timeZone: TimeZone(identifier: "Europe/Paris")!)
        let (entry, result) = try entries.create(changes("# Frost\n\nThe canal was *white*.") {
            $0.addTags = ["walk", "#winter", "walk"]
            $0.addPhotos = [two, one]
            $0.position = try? Coordinates(parsing: "48.8722304, 2.3659147")
            $0.place = "Canal Saint-Martin"
            $0.date = date
            $0.timeZone = TimeZone(identifier: "Europe/Paris")
            $0.starred = true
            $0.isPublic = true
        })
        #expect(result.commit != nil)
        #expect(entry.text == "# Frost\n\nThe canal was *white*.")
        #expect(entry.tags == ["walk", "winter"])
        #expect(entry.photos.map(\.media) == [try sha(two), try sha(one)])
        #expect(entry.location == Entry.Location(latitude: 48.8722304, longitude: 2.3659147, place: "Canal Saint-Martin"))
        #expect(entry.date == "2026-11-20T06:30:00.000Z" && entry.timeZone == "Europe/Paris")
        #expect(entry.starred && entry.isPublic == true)
        #expect(try fixture.store.media(sha256: entry.photos[0].media) == KitFixture.jpeg("6b73e9bd86a91d3a7ead09268b0fb266"))
    }

    @Test("edits add and remove tags and photos, and each edit is one commit in the entry's history")
    func edits() throws {
        let one = try fixture.file("one.jpg", try KitFixture.jpeg())
        let two = try fixture.file("two.jpg", try KitFixture.jpeg("6b73e9bd86a91d3a7ead09268b0fb266"))
        let (entry, _) = try entries.create(changes("Walk.") { $0.addTags = ["walk", "draft"]; $0.addPhotos = [one, two] })
        let (edited, _) = try entries.edit(id: entry.id, changes(nil) { $0.removeTags = ["draft"]; $0.addTags = ["paris"]; $0.removePhotos = ["1"] })
        #expect(edited.tags == ["walk", "paris"])
        #expect(edited.photos.map(\.media) == [try sha(two)])
        let (again, _) = try entries.edit(id: entry.id, changes("Walk, and fog later.") { $0.removePhotos = [String(edited.photos[0].media.prefix(8))] })
        #expect(again.photos.isEmpty && again.text == "Walk, and fog later.")
        #expect(try fixture.store.history(id: entry.id).count == 3)
        let (unchanged, result) = try entries.edit(id: entry.id, changes("Walk, and fog later."))
        #expect(result.commit == nil && unchanged == again)
    }

    @Test("bad input: each gets its own message, and the store stays as it was")
    func badInput() throws {
        try journals.create(name: "Days")
        let before = try fixture.head()
        let text = try fixture.file("notes.txt", Array("not an image".utf8))
        #expect(throws: JournalError.emptyEntry) { try entries.create(changes("  \n ")) }
        #expect(throws: StoreError.notAnImage(source: text)) { try entries.create(changes("Hi") { $0.addPhotos = [text] }) }
        #expect(throws: JournalError.unreadableFile("/no/such.jpg")) { try entries.create(changes("Hi") { $0.addPhotos = ["/no/such.jpg"] }) }
        #expect(throws: JournalError.unknownJournal("Nope", known: ["Days"])) { try entries.create(changes("Hi") { $0.journal = "Nope" }) }
        #expect(throws: JournalError.placeWithoutPosition) { try entries.create(changes("Hi") { $0.place = "Home" }) }
        #expect(throws: InputError.noSuchDay("2026-02-30", month: 2, year: 2026)) { try DateInput.parse("2026-02-30") }
        #expect(throws: InputError.invalidDate("next blursday")) { try DateInput.parse("next blursday") }
        #expect(throws: InputError.latitudeOutOfRange(91)) { try Coordinates(parsing: "91,2") }
        #expect(throws: InputError.longitudeOutOfRange(-180.5)) { try Coordinates(parsing: "10,-180.5") }
        #expect(throws: InputError.invalidCoordinates("48.8")) { try Coordinates(parsing: "48.8") }
        #expect(try fixture.head() == before)
        let (entry, _) = try entries.create(changes("Hi") { $0.journal = "Days" })
        let after = try fixture.head()
        #expect(throws: JournalError.emptyEntry) { try entries.edit(id: entry.id, changes("")) }
        #expect(throws: JournalError.noSuchPhoto("3", count: 0)) { try entries.edit(id: entry.id, changes(nil) { $0.removePhotos = ["3"] }) }
        #expect(try fixture.head() == after)
    }

    @Test("dates as people type them")
    func dates() throws {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let now = try DateInput.parse("2026-11-22T10:15:30Z")
        #expect(Timestamp.string(try DateInput.parse("2026-11-22", timeZone: paris)) == "2026-11-21T23:00:00.000Z")
        #expect(Timestamp.string(try DateInput.parse("2026-07-01 08:05", timeZone: paris)) == "2026-07-01T06:05:00.000Z")
        #expect(Timestamp.string(try DateInput.parse("2026-11-22T07:30:00.250+01:00")) == "2026-11-22T06:30:00.250Z")
        #expect(Timestamp.string(try DateInput.parse("yesterday", timeZone: paris, now: now)) == "2026-11-20T23:00:00.000Z")
        #expect(try DateInput.parse("now", now: now) == now)
    }

    @Test("renaming a journal moves nothing; removing it removes its entries in one commit")
    func journalLife() throws {
        let days = try journals.create(name: "Days")
        #expect(throws: JournalError.journalExists("days")) { try journals.create(name: "days") }
        let (entry, _) = try entries.create(changes("One.") { $0.journal = "Days" })
        let renamed = try journals.rename(days, to: "Daily")
        #expect(renamed.id == days.id)
        #expect(try fixture.store.record(id: entry.id) != nil)
        let commits = try fixture.store.history().count
        _ = try journals.remove(renamed, entries: [entry.id])
        #expect(try fixture.store.history().count == commits + 1)
        #expect(try fixture.store.record(id: entry.id) == nil && (try journals.all()).isEmpty)
    }

    func sha(_ path: String) throws -> String {
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        return try fixture.store.transaction { try $0.addMedia(bytes, source: path).sha256 }.value
    }
}
