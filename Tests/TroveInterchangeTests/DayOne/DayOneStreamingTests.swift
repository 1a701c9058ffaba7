import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveSchema
import TroveStore
import TroveTestSupport

/// Issue 25: an export opened without holding its entries reads each journal an entry at a time (a ZIP's journal
/// unpacked to a scratch file first), and gives what holding them gives.
@Suite("Day One journals read an entry at a time", .enabled(if: DayOneFixtures.isAvailable, "needs ../shared/fixtures beside the package"))
struct DayOneStreamingTests {
    static func entries(of export: DayOneExport) throws -> [String] {
        var all: [String] = []
        try export.forEachEntry { journal, entry in all.append("\(journal.name): \(entry)") }
        return all
    }

    @Test("the folder and its ZIP, with a top folder or without: the same journals, counts, problems, warnings and entries")
    func sameAsHeld() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let paths = [DayOneFixtures.devJournal, try DayOneZipTests.zipFixture(in: folder, keepingFolder: false)]
        for path in paths {
            let held = try DayOneExport.open(path)
            let streamed = try DayOneExport.open(path, holdingEntries: false)
            #expect(streamed.journals.map(\.name) == held.journals.map(\.name))
            #expect(streamed.journals.map(\.entryCount) == held.journals.map(\.entries.count) && held.journals[0].entries.count == 5)
            #expect(streamed.journals.allSatisfy { $0.entries.isEmpty })
            #expect(streamed.problems == held.problems && streamed.problems.count == 1)
            #expect(streamed.warnings == held.warnings)
            let heldEntries = try Self.entries(of: held)
            #expect(heldEntries.count == held.journals.reduce(0) { $0 + $1.entries.count } && heldEntries.count > 5)
            #expect(try Self.entries(of: streamed) == heldEntries)
        }
    }

    @Test("a journal that changes between the opening and the import imports nothing, and says which file")
    func changedBetweenReadings() throws {
        let folder = try DayOneTemporaryFolder()
        defer { folder.remove() }
        let export = folder.path + "/export"
        try FileManager.default.copyItem(atPath: DayOneFixtures.devJournal, toPath: export)
        try FileManager.default.removeItem(atPath: export + "/Dev Journal One Invalid.json")
        let opened = try DayOneExport.open(export, holdingEntries: false)
        let journal = export + "/Dev Journal.json"
        let original = try DayOneFixtures.bytes(at: journal)
        var document = try JSONValue(parsing: original)
        guard case .array(var items)? = document["entries"] else { Issue.record("no entries"); return }
        items.removeLast()
        document["entries"] = .array(items)
        try Data(CanonicalJSON.encode(document)).write(to: URL(fileURLWithPath: journal))
        let store = try Store.create(at: folder.path + "/store")
        let head = try store.headHex()
        #expect(throws: DayOneError.changedWhileReading(file: journal)) { try DayOneImport(store: store).run(opened) }
        #expect(try store.headHex() == head)
        try Data(original).write(to: URL(fileURLWithPath: journal))
        let report = try DayOneImport(store: store).run(opened)
        #expect(report.added == 5 && report.mediaStored > 0)
        #expect(try store.records(ofType: RecordType.entry).count == 5)
    }
}
