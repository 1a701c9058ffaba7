import Foundation
import Testing
@testable import TroveInterchange

/// The static site shows public entries only, escapes everything and never reaches outside.
@Suite("HTML site export")
struct HTMLSiteExportTests {
    let fixture = HTMLSiteFixture()

    func export(media: [String: [UInt8]]? = nil, into folder: URL? = nil) throws -> (URL, ExportReport, [String: [UInt8]]) {
        let folder = try folder ?? ExportTestSupport.temporaryFolder()
        let report = try HTMLSiteExport.write(
            profile: fixture.profile, journals: fixture.journals, entries: fixture.entries, to: folder,
            media: ExportTestSupport.source(media ?? fixture.media))
        return (folder, report, try ExportTestSupport.allFiles(in: folder))
    }

    @Test("private entries and private journals' entries appear nowhere, not even their photos")
    func privacy() throws {
        let (_, report, files) = try export()
        for (path, bytes) in files {
            for secret in fixture.secrets {
                #expect(!ExportTestSupport.contains(bytes, secret), "\(secret) leaked into \(path)")
                #expect(!path.contains(secret))
            }
            for photo in [fixture.secretPhoto1, fixture.secretPhoto2] {
                #expect(!path.contains(photo.sha256), "private photo copied to \(path)")
                #expect(!ExportTestSupport.contains(bytes, photo.sha256), "private photo named in \(path)")
            }
        }
        #expect(report.warnings.isEmpty)
    }

    @Test("an entry marked public in a private journal is published, without its journal's name")
    func publicEntryInPrivateJournal() throws {
        let (_, _, files) = try export()
        let page = try #require(files["entries/PUBINPRIV.html"])
        #expect(ExportTestSupport.contains(page, "PublicInPrivateText"))
        #expect(ExportTestSupport.contains(try #require(files["index.html"]), "Shared on purpose"))
        #expect(files["journals/travel.html"] != nil)
        #expect(files.keys.filter { $0.hasPrefix("journals/") } == ["journals/travel.html"])
    }

    @Test("no file names an outside URL")
    func offline() throws {
        let (_, _, files) = try export()
        #expect(files.count >= 8)
        for (path, bytes) in files {
            #expect(!ExportTestSupport.contains(bytes, "http://"), "\(path) has http://")
            #expect(!ExportTestSupport.contains(bytes, "https://"), "\(path) has https://")
            #expect(!ExportTestSupport.contains(bytes, "//cdn"), "\(path) names a CDN")
        }
    }

    @Test("the index lists entries newest first, under the profile")
    func indexOrder() throws {
        let (folder, _, _) = try export()
        let index = try ExportTestSupport.text("index.html", in: folder)
        let positions = ["entries/PUB2.html", "entries/PUBINPRIV.html", "entries/PUB1.html"].map {
            index.range(of: "href=\"\($0)\"")?.lowerBound
        }
        let found = positions.compactMap { $0 }
        #expect(found.count == 3)
        #expect(found == found.sorted())
        #expect(index.contains("<h1>Ada Example</h1>"))
        #expect(index.contains("<p class=\"username\">@ada</p>"))
        #expect(index.contains("Writes <em>code</em> &amp; climbs."))
        #expect(index.contains("<img class=\"avatar\" src=\"media/\(fixture.profile.avatar!.sha256).png\""))
    }

    @Test("avatar, photos and attachments are copied into media/")
    func mediaCopied() throws {
        let (_, report, files) = try export()
        for item in [fixture.profile.avatar!, fixture.photo, fixture.audio, fixture.video] {
            let path = "media/\(item.sha256).\(item.fileExtension)"
            #expect(files[path] == fixture.media[item.sha256], "\(path)")
        }
        #expect(report.mediaCopied == 4)
        let pub2 = try #require(files["entries/PUB2.html"])
        #expect(ExportTestSupport.contains(pub2, "<audio controls"))
        #expect(ExportTestSupport.contains(pub2, "<video controls"))
        let pub1 = try #require(files["entries/PUB1.html"])
        #expect(ExportTestSupport.contains(pub1, "<div class=\"photo-strip\">"))
        #expect(ExportTestSupport.contains(pub1, "src=\"../media/\(fixture.photo.sha256).jpg\""))
    }

    @Test("missing media is a warning; pages leave it out")
    func missingMedia() throws {
        var media = fixture.media
        media[fixture.photo.sha256] = nil
        media[fixture.profile.avatar!.sha256] = nil
        let (_, report, files) = try export(media: media)
        #expect(report.warnings.contains(.missingMedia(sha256: fixture.photo.sha256, entryID: "PUB1")))
        #expect(report.warnings.contains(.missingMedia(sha256: fixture.profile.avatar!.sha256, entryID: nil)))
        for (path, bytes) in files {
            #expect(!ExportTestSupport.contains(bytes, fixture.photo.sha256), "\(path) points at a missing photo")
        }
        #expect(ExportTestSupport.contains(try #require(files["index.html"]), "avatar-initials\" aria-hidden=\"true\">AE<"))
    }

    @Test("text is escaped: a script in a title stays text")
    func escaping() throws {
        let (_, _, files) = try export()
        for (path, bytes) in files where path.hasSuffix(".html") {
            #expect(!ExportTestSupport.contains(bytes, "<script>alert"), "\(path)")
        }
        let page = try #require(files["entries/PUB2.html"])
        #expect(ExportTestSupport.contains(page, "<h1>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"))
    }

    @Test("every page is HTML5 with the shared stylesheet and script, and no inline script")
    func pageShape() throws {
        let (_, _, files) = try export()
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == 6) // index, all, one journal, three published entries
        for (path, bytes) in pages {
            let html = String(decoding: bytes, as: UTF8.self)
            let root = path.contains("/") ? "../" : ""
            #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"), "\(path)")
            #expect(html.contains("<meta charset=\"utf-8\">"))
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
            #expect(html.contains("<link rel=\"stylesheet\" href=\"\(root)style.css\">"), "\(path)")
            #expect(html.contains("<script src=\"\(root)site.js\" defer></script>"), "\(path)")
            #expect(html.components(separatedBy: "<script").count == 2, "\(path) has more than one script")
            #expect(html.hasSuffix("</html>\n"))
        }
    }

    @Test("the stylesheet carries the theme")
    func theme() throws {
        let (folder, _, _) = try export()
        let css = try ExportTestSupport.text("style.css", in: folder)
        for rule in ["--field: #eef0f3", "background: var(--field)", "--accent: #0b2e59", "background: var(--accent)",
                     "border-radius: 50%", "overflow-x: auto", "scroll-snap-type: x mandatory", "height: 260px",
                     "system-ui", "color: #fff", "--radius: 8px"] {
            #expect(css.contains(rule), "style.css lacks \(rule)")
        }
        let js = try ExportTestSupport.text("site.js", in: folder)
        #expect(js.contains("input.filter"))
        let index = try ExportTestSupport.text("index.html", in: folder)
        #expect(index.contains("<input class=\"filter\" type=\"search\""))
        #expect(index.contains("<a class=\"button\" href=\"all.html\">"))
    }

    @Test("a re-export removes the pages it wrote for entries no longer published, and only those")
    func staleRemoved() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        // First export: the entry is public, so its page and photo are written (and listed in the manifest).
        var published = fixture.entries
        published[2].isPublic = true
        _ = try HTMLSiteExport.write(profile: fixture.profile, journals: fixture.journals, entries: published, to: folder,
                                     media: ExportTestSupport.source(fixture.media))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("entries/PRIVATEENTRY01.html").path))
        // The user's own files, some named like pages, which no export wrote.
        for (path, text) in [("notes.txt", "mine"), ("entries/MYOWNPAGE.html", "my page"),
                             ("media/\(fixture.secretPhoto2.sha256).jpg", "my photo")] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let (_, report, files) = try export(into: folder)
        #expect(files["entries/PRIVATEENTRY01.html"] == nil)
        #expect(files["media/\(fixture.secretPhoto1.sha256).jpg"] == nil)
        #expect(files["notes.txt"] == Array("mine".utf8))
        #expect(files["entries/MYOWNPAGE.html"] == Array("my page".utf8))
        #expect(files["media/\(fixture.secretPhoto2.sha256).jpg"] == Array("my photo".utf8))
        #expect(report.filesRemoved.sorted() == ["entries/PRIVATEENTRY01.html", "media/\(fixture.secretPhoto1.sha256).jpg"])
        #expect(!files.keys.contains { $0.contains(".tmp-") })
        let manifest = try ExportTestSupport.text(".trove-export.json", in: folder)
        #expect(manifest.contains("\"index.html\"") && !manifest.contains("PRIVATEENTRY01") && !manifest.contains("notes.txt"))
    }

    @Test("a file in the way that no export wrote stops the export, named; --force overwrites it")
    func refusesFilesNotItsOwn() throws {
        let folder = try ExportTestSupport.temporaryFolder()
        let index = folder.appendingPathComponent("index.html")
        try Data("my own home page".utf8).write(to: index)
        #expect(throws: ExportError.notOurFile(path: index.path)) { try export(into: folder) }
        #expect(try ExportTestSupport.text("index.html", in: folder) == "my own home page")
        // Refused before anything was written: not even the stylesheet, which comes first.
        #expect(Set(try ExportTestSupport.allFiles(in: folder).keys) == ["index.html"])
        #expect(ExportError.notOurFile(path: index.path).description.hasPrefix("\(index.path) is already there and was not written by an earlier export"))

        // A file whose bytes are the ones it would write is taken over: nothing is lost.
        let again = try ExportTestSupport.temporaryFolder()
        try Data(HTMLSiteAssets.css.utf8).write(to: again.appendingPathComponent("style.css"))
        _ = try export(into: again)

        let report = try HTMLSiteExport.write(
            profile: fixture.profile, journals: fixture.journals, entries: fixture.entries, to: folder, force: true,
            media: ExportTestSupport.source(fixture.media))
        #expect(report.filesWritten.contains("index.html"))
        #expect(try ExportTestSupport.text("index.html", in: folder).hasPrefix("<!doctype html>"))
        // Now it is the export's own: the next export replaces it without --force.
        _ = try export(into: folder)
    }
}
