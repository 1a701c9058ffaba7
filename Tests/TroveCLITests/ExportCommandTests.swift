import Foundation
import Testing
import TroveTestSupport

@Suite("trove export markdown and html")
struct ExportCommandTests {
    let fixture: CLIFixture
    init() throws { fixture = try CLIFixture() }

    /// Every file under `folder` with its text (binary files as empty text).
    func files(_ folder: String) throws -> [String: String] {
        let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?)
        var files: [String: String] = [:]
        for path in paths {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { files[path] = (try? String(contentsOfFile: folder + "/" + path, encoding: .utf8)) ?? "" }
        }
        return files
    }

    @Test("the site has the public entries only; Markdown has every entry with front matter and its photos")
    func publicOnly() throws {
        let export = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/Dev Journal.json"
        try #require(fixture.trove("import", "dayone", export).status == 0)
        try #require(fixture.trove("journal", "set", "Dev Journal", "--public").status == 0)
        try #require(fixture.trove("journal", "new", "Secrets").status == 0)
        try #require(fixture.trove("entry", "new", "Kept to myself: the heron nest.", "--journal", "Secrets").status == 0)
        try #require(fixture.trove("entry", "new", "Not this one: the fox den.", "--journal", "Dev Journal", "--private").status == 0)
        try #require(fixture.trove("entry", "new", "Shared from a private journal: the kingfisher.", "--journal", "Secrets", "--public").status == 0)

        let site = fixture.folder.child("site")
        let html = try fixture.trove("export", "html", site)
        #expect(html.status == 0, "\(html.stderr)")
        let pages = try files(site)
        let text = pages.values.joined(separator: "\n")
        #expect(pages["index.html"] != nil && pages["style.css"] != nil)
        #expect(text.contains("Dundas Castle") && text.contains("kingfisher"))
        #expect(!text.contains("heron nest") && !text.contains("fox den") && !text.contains("Secrets"))
        #expect(!text.contains("http://") && !text.contains("https://"))
        #expect(pages.keys.filter { $0.hasPrefix("media/") }.count >= 2, "the public entries' photos are copied")

        let notes = fixture.folder.child("notes")
        let markdown = try fixture.trove("export", "markdown", notes)
        #expect(markdown.status == 0, "\(markdown.stderr)")
        let written = try files(notes).filter { $0.key.hasSuffix(".md") }
        #expect(written.count == 8, "\(written.keys.sorted())")
        let castle = try #require(written.values.first { $0.contains("Dundas Castle") })
        #expect(castle.hasPrefix("---\n") && castle.contains("timezone: \"Europe/London\""))
        #expect(written.values.contains { $0.contains("heron nest") }, "Markdown is for the owner: private entries too")
    }

    @Test("issue 27: export html into a folder with the user's own files touches only its own, and stops at one in the way")
    func onlyItsOwnFiles() throws {
        let export = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/Dev Journal.json"
        try #require(fixture.trove("import", "dayone", export).status == 0)
        try #require(fixture.trove("journal", "set", "Dev Journal", "--public").status == 0)
        let site = fixture.folder.child("site")
        try FileManager.default.createDirectory(atPath: site + "/entries", withIntermediateDirectories: true)
        try "my home page".write(toFile: site + "/index.html", atomically: true, encoding: .utf8)
        try "my draft".write(toFile: site + "/entries/draft.html", atomically: true, encoding: .utf8)

        let refused = try fixture.trove("export", "html", site)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(site)/index.html is already there and was not written by an earlier export")
                && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(Set(try files(site).keys) == ["index.html", "entries/draft.html"], "nothing written")

        let forced = try fixture.trove("export", "html", site, "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try files(site)["index.html"]?.contains("Dundas Castle") == true)
        #expect(try files(site)["entries/draft.html"] == "my draft")
        let entryPages = try files(site).keys.filter { $0.hasPrefix("entries/") && $0 != "entries/draft.html" }
        #expect(entryPages.count == 5)

        // Unpublished, the journal's pages go on the next export (no --force needed now); the draft stays.
        try #require(fixture.trove("journal", "set", "Dev Journal", "--private").status == 0)
        let again = try fixture.trove("export", "html", site)
        #expect(again.status == 0 && again.stdout.contains("from the last export removed"), "\(again.stdout)\(again.stderr)")
        #expect(try files(site).keys.filter { $0.hasPrefix("entries/") } == ["entries/draft.html"])
    }
}
