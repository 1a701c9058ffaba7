import Foundation
import Testing
@testable import TroveInterchange

/// Markdown export: one file per entry with front matter, media copied beside it.
@Suite("Markdown export")
struct MarkdownExportTests {
    let journal = ExportedJournal(id: "J1", name: "Dev Journal", isPublic: false)
    let photo1 = ExportedMedia(sha256: ExportTestSupport.sha(1), fileExtension: "jpg", caption: "Sunrise")
    let photo2 = ExportedMedia(sha256: ExportTestSupport.sha(2), fileExtension: "PNG", caption: "Second [shot]")
    let voice = ExportedMedia(sha256: ExportTestSupport.sha(3), fileExtension: "m4a")

    var media: [String: [UInt8]] {
        [photo1.sha256: [1, 2, 3], photo2.sha256: [4, 5], voice.sha256: [6]]
    }

    func entry(_ id: String = "01JABCDEFGHXYZ", title: String? = "Re: lunch \"today\"", text: String = "Hello",
               photos: [ExportedMedia] = [], attachments: [ExportedMedia] = []) -> ExportedEntry {
        ExportedEntry(
            id: id, journalID: "J1", title: title, text: text, date: "2026-11-22T23:30:00.000Z",
            timeZone: "Europe/Paris", tags: ["work", "- odd: tag"], starred: true, isPublic: nil,
            place: "Café de Flore", latitude: 48.854, longitude: 2.3325, photos: photos, attachments: attachments)
    }

    @Test("front matter holds every field, quoted where needed, dated in the entry's zone")
    func frontMatter() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let report = try MarkdownExport.write(
            journals: [journal], entries: [entry(photos: [photo1])], to: folder, media: ExportTestSupport.source(media))
        // 23:30 UTC is already the next day in Paris: the file name and date use Paris time.
        let name = "dev-journal/2026-11-23-re-lunch-today-01JABCDE.md"
        #expect(report.filesWritten == ["dev-journal/\(photo1.sha256).jpg", name])
        let text = try ExportTestSupport.text(name, in: folder)
        #expect(text == """
        ---
        id: "01JABCDEFGHXYZ"
        journal: Dev Journal
        title: "Re: lunch \\"today\\""
        date: "2026-11-23T00:30:00+01:00"
        timezone: "Europe/Paris"
        tags:
          - work
          - "- odd: tag"
        starred: true
        public: false
        place: "Café de Flore"
        latitude: 48.854
        longitude: 2.3325
        photos:
          - \(photo1.sha256).jpg
        ---

        Hello

        ![Sunrise](\(photo1.sha256).jpg)

        """)
    }

    @Test("awkward titles are quoted so YAML reads them back", arguments: [
        ("- starts with a dash", "title: \"- starts with a dash\""),
        ("key: value", "title: \"key: value\""),
        ("'single' and \"double\"", "title: \"'single' and \\\"double\\\"\""),
        ("line\nbreak", "title: \"line\\nbreak\""),
    ])
    func awkwardTitles(title: String, line: String) throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let report = try MarkdownExport.write(journals: [journal], entries: [entry(title: title)], to: folder, media: { _ in nil })
        let text = try ExportTestSupport.text(try #require(report.filesWritten.last), in: folder)
        #expect(text.split(separator: "\n").contains(Substring(line)))
    }

    @Test("trove-media URLs point at the copied files; unreferenced photos are appended once")
    func mediaRewriting() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let text = "Look: ![Sunrise](trove-media:\(photo1.sha256))\n\nListen: [voice](trove-media:\(voice.sha256.uppercased()))\n"
        let e = entry(text: text, photos: [photo1, photo2, photo2], attachments: [voice])
        let report = try MarkdownExport.write(journals: [journal], entries: [e], to: folder, media: ExportTestSupport.source(media))
        let body = try ExportTestSupport.text(try #require(report.filesWritten.last), in: folder)
            .components(separatedBy: "---\n").last!
        #expect(body == """

        Look: ![Sunrise](\(photo1.sha256).jpg)

        Listen: [voice](\(voice.sha256).m4a)

        ![Second \\[shot\\]](\(photo2.sha256).png)

        """)
        #expect(!body.contains("trove-media:"))
        #expect(report.warnings.isEmpty)
    }

    @Test("media shared by entries is copied once, beside the entries")
    func copiedOnce() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let entries = [entry("A1111111x", photos: [photo1]), entry("B2222222x", title: nil, text: "Walk in the park", photos: [photo1])]
        let report = try MarkdownExport.write(journals: [journal], entries: entries, to: folder, media: ExportTestSupport.source(media))
        #expect(report.mediaCopied == 1)
        #expect(report.filesWritten.filter { $0.hasSuffix(".jpg") } == ["dev-journal/\(photo1.sha256).jpg"])
        let files = try ExportTestSupport.allFiles(in: folder)
        #expect(files["dev-journal/\(photo1.sha256).jpg"] == [1, 2, 3])
        #expect(files["dev-journal/2026-11-23-walk-in-the-park-B2222222.md"] != nil)
    }

    @Test("missing media is a warning, and is left out of the file")
    func missingMedia() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let report = try MarkdownExport.write(
            journals: [journal], entries: [entry(photos: [photo1, photo2])], to: folder,
            media: ExportTestSupport.source([photo1.sha256: [9]]))
        #expect(report.warnings == [.missingMedia(sha256: photo2.sha256, entryID: "01JABCDEFGHXYZ")])
        let text = try ExportTestSupport.text(try #require(report.filesWritten.last), in: folder)
        #expect(!text.contains(photo2.sha256))
    }

    @Test("generated files are replaced, other files left, no temporary file remains")
    func rewriteFolder() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let name = "dev-journal/2026-11-23-re-lunch-today-01JABCDE.md"
        // An earlier export wrote the file (so the manifest lists it); its text has since gone stale.
        try MarkdownExport.write(journals: [journal], entries: [entry()], to: folder, media: { _ in nil })
        try Data("old".utf8).write(to: folder.appendingPathComponent(name))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("dev-journal/notes.txt"))
        try MarkdownExport.write(journals: [journal], entries: [entry()], to: folder, media: { _ in nil })
        let files = try ExportTestSupport.allFiles(in: folder)
        #expect(files["dev-journal/notes.txt"] == Array("mine".utf8))
        #expect(try ExportTestSupport.text(name, in: folder).hasPrefix("---\nid: \"01JABCDEFGHXYZ\"\n"))
        #expect(files.keys.sorted() == [".trove-export.json", name, "dev-journal/notes.txt"])
    }

    @Test("journals with the same name get separate folders; unknown zones and journals warn")
    func journalsAndWarnings() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let twin = ExportedJournal(id: "J2abcdefgh", name: "Dev  Journal!")
        var e2 = entry("C3333333x")
        e2.journalID = "J2abcdefgh"
        e2.timeZone = "Nowhere/Land"
        var e3 = entry("D4444444x")
        e3.journalID = "Gone"
        let report = try MarkdownExport.write(journals: [journal, twin], entries: [entry(), e2, e3], to: folder, media: { _ in nil })
        #expect(report.filesWritten == [
            "dev-journal/2026-11-23-re-lunch-today-01JABCDE.md",
            "dev-journal-j2abcdef/2026-11-22-re-lunch-today-C3333333.md",
            "gone/2026-11-23-re-lunch-today-D4444444.md",
        ])
        #expect(report.warnings == [
            .unknownTimeZone(identifier: "Nowhere/Land", entryID: "C3333333x"),
            .unknownJournal(journalID: "Gone", entryID: "D4444444x"),
        ])
    }

    @Test("an unreadable date stops the export with the entry's id")
    func badDate() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        var e = entry()
        e.date = "last Tuesday"
        #expect(throws: ExportError.invalidDate(entryID: "01JABCDEFGHXYZ", value: "last Tuesday")) {
            try MarkdownExport.write(journals: [journal], entries: [e], to: folder, media: { _ in nil })
        }
    }

    @Test("a re-export replaces and removes only its own files; a file in the way stops it unless --force")
    func onlyItsOwnFiles() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let name = "dev-journal/2026-11-23-re-lunch-today-01JABCDE.md"
        let mine = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("my own notes".utf8).write(to: mine)
        #expect(throws: ExportError.notOurFile(path: mine.path)) {
            try MarkdownExport.write(journals: [journal], entries: [entry()], to: folder, media: ExportTestSupport.source(media))
        }
        #expect(try ExportTestSupport.text(name, in: folder) == "my own notes")

        try MarkdownExport.write(journals: [journal], entries: [entry(), entry("01JOTHERENTRY", title: "Other")],
                                 to: folder, force: true, media: ExportTestSupport.source(media))
        #expect(try ExportTestSupport.text(name, in: folder).hasPrefix("---\nid: \"01JABCDEFGHXYZ\""))
        try Data("kept".utf8).write(to: folder.appendingPathComponent("dev-journal/README.md"))
        // The other entry is gone from the store: its file goes, the user's README stays.
        let report = try MarkdownExport.write(journals: [journal], entries: [entry()], to: folder, media: ExportTestSupport.source(media))
        #expect(report.filesRemoved == ["dev-journal/2026-11-23-other-01JOTHER.md"])
        let files = try ExportTestSupport.allFiles(in: folder)
        #expect(files["dev-journal/README.md"] == Array("kept".utf8))
        #expect(Set(files.keys) == [name, "dev-journal/README.md", ".trove-export.json"])
    }
}
