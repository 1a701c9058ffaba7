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
}
