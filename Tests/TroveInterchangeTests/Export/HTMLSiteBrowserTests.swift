import Foundation
import Testing
@testable import TroveInterchange

/// Renders exported pages in headless Chromium and checks the pixels: the theme must really show.
/// Set TROVE_EXPORT_SCREENSHOTS to a folder to keep the screenshots (index.png, entry.png, strip.png).
@Suite("HTML site in a browser", .serialized, .enabled(if: HeadlessChromium.path != nil, "needs Debian's chromium"))
struct HTMLSiteBrowserTests {
    static let avatarColour = 0xD9480F
    static let stripColours = [0x2F9E44, 0x9C36B5, 0x0CA678, 0xE64980]
    static let accent = 0x0B2E59, field = 0xEEF0F3

    /// A site with a solid-colour avatar, a strip of four solid-colour photos, and (when the shared
    /// fixtures are there) an entry with real photos.
    static func makeSite() throws -> URL {
        var media: [String: [UInt8]] = [:]
        func add(_ bytes: [UInt8], _ n: Int, _ ext: String, _ caption: String? = nil) -> ExportedMedia {
            let item = ExportedMedia(sha256: ExportTestSupport.sha(n), fileExtension: ext, caption: caption)
            media[item.sha256] = bytes
            return item
        }
        func solid(_ hex: Int, _ w: Int, _ h: Int) -> [UInt8] {
            TestPNGWriter.solid(width: w, height: h, red: UInt8(hex >> 16), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
        }
        let avatar = add(solid(avatarColour, 240, 240), 1, "png")
        let strip = stripColours.enumerated().map { add(solid($1, 400, 300), 10 + $0, "png", "Colour \($0 + 1)") }
        var real = ExportTestSupport.fixturePhotos().enumerated().map { add($1, 20 + $0, "jpg", "Photo \($0 + 1)") }
        if real.isEmpty { // no shared fixtures: a gradient stands in
            real = [add(TestPNGWriter.image(width: 320, height: 240) { x, y in (UInt8(x % 256), UInt8(y % 256), 160) }, 20, "png")]
        }
        let profile = ExportedProfile(
            displayName: "Ada Example", username: "ada",
            bio: "Engineer, walker and occasional baker. Notes from the road and from the **workshop**.", avatar: avatar)
        let journals = [
            ExportedJournal(id: "J1", name: "Travel", description: "Trips, walks and harbours", isPublic: true),
            ExportedJournal(id: "J2", name: "Workshop", description: "Things made and mended", isPublic: true),
        ]
        let text = """
        The morning fog lifted by nine, and the harbour came alive with *fishing boats* and gulls.

        ## What we saw
        - The old lighthouse, freshly painted
        - A market selling **sea urchins**
        - [x] Coffee at the corner café
        - [ ] Climb the hill to the chapel

        > The sea is the same everywhere, but the light is not.

        Back at the flat I wrote the route down: `18.4 km`, mostly flat.

        ---

        ![\(real[0].caption ?? "")](trove-media:\(real[0].sha256))
        """
        let entries = [
            ExportedEntry(id: "STRIP", journalID: "J1", title: "Colour test strip", text: "Four colours in a row.",
                          date: "2026-11-22T18:00:00.000Z", timeZone: "Europe/Paris", tags: ["test"], photos: strip),
            ExportedEntry(id: "HARBOUR", journalID: "J1", title: "A morning at the harbour", text: text,
                          date: "2026-11-21T07:30:00.000Z", timeZone: "Europe/Paris", tags: ["travel", "sea", "walks"],
                          starred: true, place: "Vieux-Port, Marseille", photos: real + [strip[0]]),
            ExportedEntry(id: "BENCH", journalID: "J2", title: "Fixing the workbench", text: "New legs, same top. Took an afternoon.",
                          date: "2026-11-18T15:00:00.000Z", timeZone: "Europe/London", tags: ["wood"]),
            ExportedEntry(id: "BREAD", journalID: "J2", text: "Sourdough attempt number four: better crumb, still too sour.",
                          date: "2026-11-15T10:00:00.000Z", tags: ["baking"]),
        ]
        let folder = try ExportTestSupport.temporaryFolder("browser")
        try HTMLSiteExport.write(profile: profile, journals: journals, entries: entries, to: folder,
                                 media: ExportTestSupport.source(media))
        return folder
    }

    /// Screenshots `page`, checks the PNG's signature and size, keeps a copy if asked, and decodes it.
    static func shoot(_ folder: URL, _ page: String, keepAs name: String) throws -> (TestPNGImage, Int) {
        let png = folder.appendingPathComponent("shot-\(name)")
        try HeadlessChromium.screenshot(folder.appendingPathComponent(page), to: png)
        let bytes = Array(try Data(contentsOf: png))
        let size = try TestPNGImage.size(of: bytes)
        #expect(size.width == 1100 && size.height == 1400, "\(page) screenshot is \(size)")
        if let keep = ProcessInfo.processInfo.environment["TROVE_EXPORT_SCREENSHOTS"] {
            let target = URL(fileURLWithPath: keep).appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: png, to: target)
        }
        return (try TestPNGImage(png: bytes), bytes.count)
    }

    @Test("the index shows dark-blue buttons, a light-grey filter field and a round avatar")
    func indexPage() throws {
        let folder = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, _) = try Self.shoot(folder, "index.html", keepAs: "index.png")
        // Filled shapes, not text: the "All entries" button is a wide solid run of the accent colour.
        #expect(image.longestRun(of: Self.accent, tolerance: 6) >= 100)
        #expect(image.longestRun(of: Self.field, tolerance: 2) >= 200)
        let avatar = try #require(image.region(of: Self.avatarColour, tolerance: 8))
        let w = avatar.maxX - avatar.minX + 1, h = avatar.maxY - avatar.minY + 1
        #expect((104...120).contains(w) && (104...120).contains(h), "avatar is \(w)×\(h)")
        // A circle fills π/4 ≈ 0.785 of its box; a square fills all of it.
        let fill = Double(avatar.count) / Double(w * h)
        #expect(fill > 0.72 && fill < 0.85, "avatar fills \(fill) of its box")
        #expect(!image.matches(avatar.minX, avatar.minY, Self.avatarColour, tolerance: 8))
        #expect(image.matches((avatar.minX + avatar.maxX) / 2, (avatar.minY + avatar.maxY) / 2, Self.avatarColour, tolerance: 8))
    }

    @Test("an entry's photos sit in one row of fixed height that scrolls sideways")
    func photoStrip() throws {
        let folder = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, _) = try Self.shoot(folder, "entries/STRIP.html", keepAs: "strip.png")
        let first = try #require(image.region(of: Self.stripColours[0], tolerance: 4))
        let height = first.maxY - first.minY + 1
        #expect((256...264).contains(height), "strip photo is \(height) px high")
        let second = try #require(image.region(of: Self.stripColours[1], tolerance: 4))
        #expect(abs(second.minY - first.minY) <= 1, "photos are not in one row")
        #expect(second.maxX < 900, "the strip is not clipped to the article")
        // The third photo would start inside the window were the strip not a scrolling box.
        #expect(image.region(of: Self.stripColours[2], tolerance: 4) == nil)
    }

    @Test("an entry page with real photos renders")
    func entryPage() throws {
        let folder = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (image, bytes) = try Self.shoot(folder, "entries/HARBOUR.html", keepAs: "entry.png")
        #expect(bytes > 50_000, "a page with photos and text compresses to \(bytes) bytes only")
        #expect(image.longestRun(of: Self.accent, tolerance: 6) >= 60) // Home and tag buttons
    }

    @Test("site.js filters the list: ?tag= hides entries without the tag")
    func filterScript() throws {
        let folder = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dom = try HeadlessChromium.dumpDOM(folder.appendingPathComponent("all.html"), query: "tag=sea")
        let cards = dom.components(separatedBy: "\n").filter { $0.contains("<li class=\"entry-card\"") }
        #expect(cards.count == 4)
        #expect(cards.filter { !$0.contains("hidden") }.count == 1)
        #expect(cards.contains { $0.contains("#sea") && !$0.contains("hidden") })
    }
}
