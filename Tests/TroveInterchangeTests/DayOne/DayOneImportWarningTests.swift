import Foundation
import Testing
import TroveInterchange
import TroveJSON
import TroveStore
import TroveTestSupport

/// Issue 27: what a Day One import keeps, and says, when an entry's zone is unknown or its photo is not in the export.
@Suite("Day One import warnings")
struct DayOneImportWarningTests {
    let folder = TemporaryFolder("trove-dayone-warnings")

    @Test("an unknown zone: the entry is imported in UTC and the report names it and the zone")
    func unknownZone() throws {
        let json = """
            {"metadata": {}, "entries": [
              {"uuid": "MARS0001", "creationDate": "2024-05-01T12:00:00Z", "timeZone": "Mars/Olympus", "text": "Red dust."},
              {"uuid": "EARTH001", "creationDate": "2024-05-02T12:00:00Z", "timeZone": "Europe/Paris", "text": "Rain."}
            ]}
            """
        let path = try folder.write("Space.json", json)
        let store = try Store.create(at: folder.child("store"))
        let report = try DayOneImport(store: store).run(try DayOneExport.open(path))
        #expect(report.added == 2)
        #expect(report.warnings == ["Space.json: entry 2024-05-01T12:00:00.000Z (uuid MARS0001): unknown time zone \"Mars/Olympus\"; imported in UTC"])
    }

    @Test("a missing photo: the entry is imported, its text says the photo is missing, and the report names the entry")
    func missingPhoto() throws {
        let json = """
            {"metadata": {}, "entries": [
              {"uuid": "PHOTO001", "creationDate": "2024-05-01T12:00:00Z", "text": "Look:\\n\\n![](dayone-moment://AB12)\\n\\nNice.",
               "photos": [{"identifier": "AB12", "md5": "0123456789abcdef0123456789abcdef", "type": "jpeg"}]}
            ]}
            """
        try folder.write("export/Pics.json", json)
        try FileManager.default.createDirectory(atPath: folder.child("export/photos"), withIntermediateDirectories: true)
        let store = try Store.create(at: folder.child("store"))
        let report = try DayOneImport(store: store).run(try DayOneExport.open(folder.child("export")))
        #expect(report.added == 1)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.hasPrefix("Pics.json: entry 1 (uuid PHOTO001): photos: photo AB12: file photos/0123456789abcdef0123456789abcdef.jpeg is not in the export") == true,
                "\(report.warnings)")
        let text = try #require(try store.records(ofType: "entry").first?.value["text"]?.stringValue)
        #expect(text == "Look:\n\n[photo missing from the export]\n\nNice.")
    }
}
