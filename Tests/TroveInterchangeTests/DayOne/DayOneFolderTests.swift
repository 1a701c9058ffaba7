import Foundation
import Testing
import TroveInterchange

/// The real Day One export in `shared/fixtures/dayone/dev-journal`, opened as a folder.
/// Expected values were copied by hand from `Dev Journal.json`.
@Suite(.enabled(if: DayOneFixtures.isAvailable, "needs ../shared/fixtures beside the package"))
struct DayOneFolderTests {
    let export: DayOneExport
    let journal: DayOneJournal

    init() throws {
        export = try DayOneExport.open(DayOneFixtures.devJournal)
        journal = try #require(export.journals.first { $0.name == "Dev Journal" })
    }

    private func entry(_ uuid: String) throws -> DayOneEntry {
        try #require(journal.entries.first { $0.uuid == uuid })
    }

    @Test func listsBothJournalsSortedByName() {
        #expect(export.journals.map(\.name) == ["Dev Journal", "Dev Journal One Invalid"])
        #expect(export.journals.map(\.file) == ["Dev Journal.json", "Dev Journal One Invalid.json"])
        #expect(journal.entries.map(\.uuid) == [
            "DF8B32A3FE25400BBBB3A7BBFCD23CE7", "1461153D91EC48C180C606C853FBFD83",
            "876E72B228F847379F296B1698CA3F61", "479270F4CAD1429AB1564DB34D0FE337",
            "959E7A13B3B649D681DC573DB7E07967",
        ])
        #expect(journal.problems.isEmpty)
    }

    @Test func readsEveryFieldOfTheMarkdownEntry() throws {
        let entry = try entry("DF8B32A3FE25400BBBB3A7BBFCD23CE7")
        #expect(entry.creationDate == Date(timeIntervalSince1970: 1_713_308_400))
        #expect(entry.creationTimestamp == "2024-04-16T23:00:00.000Z")
        #expect(entry.modifiedDate == Date(timeIntervalSince1970: 1_713_563_751))
        #expect(entry.modifiedTimestamp == "2024-04-19T21:55:51.000Z")
        #expect(entry.timeZone == "Europe/Dublin")
        #expect(entry.text.hasPrefix("# Header 1\n\n## Header 2\n\n### Header 3\n"))
        #expect(entry.text.contains("> Quote block\n\nHighlighted\n\n---\n\n**Bold**\n\n*Italic*\n\n- List item 1\n"))
        #expect(entry.text.contains("`Code span` \n\n```\nCode block\n```\n"))
        #expect(entry.text.hasSuffix("\n\n![](dayone-moment://646FD9CE9D924262ADB1FA7AF3A2F4DB)"))
        #expect(entry.tags == ["another-dev-testing-tag", "dev-testing-tag"])
        #expect(entry.starred)
        #expect(entry.isAllDay)
        #expect(entry.weather == nil)
        #expect(entry.location == DayOneLocation(
            latitude: 53.4276123046875, longitude: -6.239171028137207,
            placeName: "Eurpocar Dublin Airport Terminal 2", localityName: "Swords",
            administrativeArea: "Co. Dublin", country: "Ireland"))
        #expect(entry.media == [DayOneMedia(
            kind: .photo, identifier: "646FD9CE9D924262ADB1FA7AF3A2F4DB", md5: "31c871f18f68d2fde4196ccba1f8ece1",
            fileExtension: "jpeg", orderInEntry: 0, filePath: "photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg")])
    }

    @Test func unescapesTheQuotedHyphenatedEntry() throws {
        let entry = try entry("876E72B228F847379F296B1698CA3F61")
        #expect(entry.creationTimestamp == "2024-04-19T21:48:36.000Z")
        #expect(entry.creationDate == Date(timeIntervalSince1970: 1_713_563_316))
        #expect(entry.modifiedTimestamp == "2024-04-19T21:48:52.000Z")
        #expect(entry.timeZone == "Europe/London")
        #expect(entry.text.hasPrefix(
            "\"This text is in quotes\"\nThis-text-is-hyphenated\n(This text is in parentheses)\n\n"
                + "Dolore ex commodo aliqua irure ullamco quis aliquip. Consectetur et magna ullamco amet nisi. "))
        #expect(entry.text.hasSuffix("Adipisicing duis qui elit ipsum aliqua ipsum ea."))
        #expect(!entry.text.contains("\\"))
        #expect(entry.tags.isEmpty)
        #expect(!entry.starred)
        #expect(!entry.isAllDay)
        #expect(entry.location == DayOneLocation(
            latitude: 55.975017547607422, longitude: -3.4143447875976562, placeName: "Dundas Castle",
            localityName: "Edinburgh", administrativeArea: "Scotland", country: "United Kingdom"))
        #expect(entry.media.isEmpty)
    }

    @Test func unescapesSentences() throws {
        let entry = try entry("1461153D91EC48C180C606C853FBFD83")
        #expect(entry.text.hasPrefix("Pariatur aute nulla incididunt. Ad dolor irure est in magna est. Ut ex"))
        #expect(entry.text.contains("incididunt. Ad dolor"))
        #expect(entry.text.hasSuffix("Dolore adipisicing do ea."))
        #expect(entry.creationTimestamp == "2024-04-17T23:00:00.000Z")
        #expect(entry.location == nil)
    }

    @Test func ordersPhotosByOrderInEntryAndNotesTheMissingVideo() throws {
        let entry = try entry("479270F4CAD1429AB1564DB34D0FE337")
        #expect(entry.media.map(\.kind) == [.photo, .photo, .video])
        #expect(entry.media.map(\.identifier) == [
            "24BD79E9E42F4A4CA0C9F384F547B5BC", "031C8B7DAE0349BAA27892008778F6F6", "E5B4E8C8B7EB4291AFDFFACB966A0382",
        ])
        #expect(entry.media.map(\.md5) == [
            "31c871f18f68d2fde4196ccba1f8ece1", "6b73e9bd86a91d3a7ead09268b0fb266", "842e6f3bf38e93981004c637e8b03967",
        ])
        #expect(entry.media.map(\.orderInEntry) == [0, 1, 0])
        #expect(entry.media.map(\.fileExtension) == ["jpeg", "jpeg", "mp4"])
        #expect(entry.media.map(\.filePath) == [
            "photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg", "photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg", nil,
        ])
        #expect(DayOneText.momentIdentifiers(in: entry.text) == [
            "24BD79E9E42F4A4CA0C9F384F547B5BC", "031C8B7DAE0349BAA27892008778F6F6",
        ])

        #expect(journal.warnings.count == 1)
        let warning = try #require(journal.warnings.first)
        #expect(warning.entryIndex == 4)
        #expect(warning.uuid == "479270F4CAD1429AB1564DB34D0FE337")
        #expect(warning.field == "videos")
        #expect(warning.message.contains("videos/842e6f3bf38e93981004c637e8b03967.mp4"))
    }

    @Test func findsTheAudioFileFromItsAACFormat() throws {
        let entry = try entry("959E7A13B3B649D681DC573DB7E07967")
        #expect(entry.media == [
            DayOneMedia(kind: .video, identifier: "6F9B2DC7EADE4242A80DC76470D2264E",
                        md5: "d500d6789ff2c211af3f507b17be8e66", fileExtension: "mp4", orderInEntry: 0,
                        filePath: "videos/d500d6789ff2c211af3f507b17be8e66.mp4"),
            DayOneMedia(kind: .audio, identifier: "08514236013D4E4A9389BFDC24A5F727",
                        md5: "f35f41739499e70c6b2714e3a7d82d8c", fileExtension: "m4a", orderInEntry: 1,
                        filePath: "audios/f35f41739499e70c6b2714e3a7d82d8c.m4a"),
        ])
        #expect(DayOneText.momentIdentifiers(in: entry.text) == [
            "6F9B2DC7EADE4242A80DC76470D2264E", "08514236013D4E4A9389BFDC24A5F727",
        ])
    }

    @Test func readsMediaBytesOnDemand() throws {
        let photo = try #require(try entry("479270F4CAD1429AB1564DB34D0FE337").media.first)
        let bytes = try #require(try export.bytes(of: photo))
        let onDisk = DayOneFixtures.devJournal + "/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg"
        #expect(bytes == (try DayOneFixtures.bytes(at: onDisk)))
        let audio = try #require(try entry("959E7A13B3B649D681DC573DB7E07967").media.last)
        #expect(try export.bytes(of: audio)?.count == 47_063)
    }

    @Test func returnsNilForTheMissingVideo() throws {
        let video = try #require(try entry("479270F4CAD1429AB1564DB34D0FE337").media.first { $0.kind == .video })
        #expect(video.md5 == "842e6f3bf38e93981004c637e8b03967")
        #expect(!video.isPresent)
        #expect(try export.bytes(of: video) == nil)
    }

    @Test func reportsTheInvalidEntryAndKeepsTheOthers() throws {
        let invalid = try #require(export.journals.first { $0.name == "Dev Journal One Invalid" })
        #expect(invalid.entries.count == 5)
        #expect(invalid.problems.count == 1)
        let problem = try #require(invalid.problems.first)
        #expect(problem.file == "Dev Journal One Invalid.json")
        #expect(problem.entryIndex == 6)
        #expect(problem.uuid == "1461153D91EC48C180C606C853FBFD83")
        #expect(problem.field == "text")
        #expect(problem.message == "must be a string, found object")
        #expect(problem.description
            == "Dev Journal One Invalid.json: entry 6 (uuid 1461153D…): text: must be a string, found object")
        #expect(export.problems == [problem])
    }

    @Test func opensOneJournalFileWithItsMediaBeside() throws {
        let single = try DayOneExport.open(DayOneFixtures.devJournal + "/Dev Journal.json")
        #expect(single.journals == [journal])
        let audio = try #require(single.journals.first?.entries.last?.media.last)
        #expect(try single.bytes(of: audio)?.count == 47_063)
    }
}
