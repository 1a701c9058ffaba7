import Foundation
import Testing
import TroveTestSupport

@Suite("trove import dayone and jrnl")
struct ImportCommandTests {
    let fixture: CLIFixture
    init() throws { fixture = try CLIFixture() }

    static let export = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal"

    /// Every entry, by its Day One uuid.
    func entriesByOrigin() throws -> [String: [String: Any]] {
        let output = try fixture.trove("entry", "list", "--json", "--limit", "1000")
        let entries = try #require(parseJSON(output.stdout) as? [[String: Any]], "\(output.stderr)")
        return Dictionary(uniqueKeysWithValues: entries.compactMap { entry in
            ((entry["origin"] as? [String: Any])?["id"] as? String).map { ($0, entry) }
        })
    }

    func sha256(_ relative: String) throws -> String {
        let output = try ProcessRunner.run("/usr/bin/env", ["sha256sum", Self.export + "/" + relative], environment: fixture.cli.environment)
        return String(output.stdout.prefix(64))
    }

    /// Checks two entries field by field against the export's JSON, as read by hand.
    func expectFixtureEntries() throws {
        let entries = try entriesByOrigin()
        #expect(entries.count == 5)
        let first = try #require(entries["DF8B32A3FE25400BBBB3A7BBFCD23CE7"])
        #expect(first["date"] as? String == "2024-04-16T23:00:00.000Z")
        #expect(first["createdAt"] as? String == "2024-04-16T23:00:00.000Z")
        #expect(first["timeZone"] as? String == "Europe/Dublin")
        #expect(first["tags"] as? [String] == ["another-dev-testing-tag", "dev-testing-tag"])
        #expect(first["starred"] as? Bool == true)
        let location = try #require(first["location"] as? [String: Any])
        #expect(location["lat"] as? Double == 53.4276123 && location["lon"] as? Double == -6.239171)
        #expect(location["place"] as? String == "Eurpocar Dublin Airport Terminal 2" && location["locality"] as? String == "Swords")
        #expect(location["region"] as? String == "Co. Dublin" && location["country"] as? String == "Ireland")
        let photo = try sha256("photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg")
        #expect((first["photos"] as? [[String: Any]])?.map { $0["media"] as? String } == [photo])
        let text = try #require(first["text"] as? String)
        #expect(text.hasPrefix("# Header 1\n\n## Header 2\n\n### Header 3"))
        #expect(text.hasSuffix("```\nCode block\n```\n\n\n![](trove-media:\(photo))"))
        #expect((first["origin"] as? [String: String]) == ["system": "dayone", "id": "DF8B32A3FE25400BBBB3A7BBFCD23CE7", "modifiedAt": "2024-04-19T21:55:51.000Z"])

        let third = try #require(entries["876E72B228F847379F296B1698CA3F61"])
        #expect(third["date"] as? String == "2024-04-19T21:48:36.000Z" && third["timeZone"] as? String == "Europe/London")
        #expect(third["starred"] == nil && third["tags"] == nil && third["photos"] == nil)
        let escaped = try #require(third["text"] as? String)
        #expect(escaped.hasPrefix("\"This text is in quotes\"\nThis-text-is-hyphenated\n(This text is in parentheses)\n\nDolore ex commodo aliqua irure ullamco quis aliquip. Consectetur"))
        #expect(!escaped.contains("\\"))
        let castle = try #require(third["location"] as? [String: Any])
        #expect(castle["place"] as? String == "Dundas Castle" && castle["locality"] as? String == "Edinburgh")
        #expect(castle["region"] as? String == "Scotland" && castle["country"] as? String == "United Kingdom")
        #expect(castle["lat"] as? Double == 55.9750175 && castle["lon"] as? Double == -3.4143448)

        // Audio has no `type` in the export; it and the video are kept as attachments, and the text points at them.
        let media = try #require(entries["959E7A13B3B649D681DC573DB7E07967"])
        let attachments = try #require(media["attachments"] as? [[String: Any]])
        #expect(attachments.map { $0["kind"] as? String } == ["video", "audio"])
        #expect(attachments.map { $0["media"] as? String } == [try sha256("videos/d500d6789ff2c211af3f507b17be8e66.mp4"), try sha256("audios/f35f41739499e70c6b2714e3a7d82d8c.m4a")])
        #expect((media["text"] as? String)?.contains("dayone-moment") == false)
        // The photo shared by two entries is stored once; the missing video leaves its entry imported without it.
        let london = try #require(entries["479270F4CAD1429AB1564DB34D0FE337"])
        #expect((london["photos"] as? [[String: Any]])?.count == 2 && london["attachments"] == nil)
    }

    @Test("the fixture folder: refused whole for its invalid entry, then imported with --skip-invalid, field by field")
    func folder() throws {
        let log = try fixture.gitLog()
        let refused = try fixture.trove("import", "dayone", Self.export)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Dev Journal One Invalid.json: entry 6 (uuid 1461153D…): text: must be a string, found object"))
        #expect(try fixture.gitLog() == log)
        let dry = try fixture.trove("import", "dayone", Self.export, "--skip-invalid", "--dry-run")
        #expect(dry.stdout.contains("Would import Day One export dev-journal: 5 added") && dry.stdout.contains("nothing was written"))
        #expect(try fixture.gitLog() == log)

        let imported = try fixture.trove("import", "dayone", Self.export, "--skip-invalid")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("842e6f3bf38e93981004c637e8b03967.mp4 is not in the export"))
        #expect(try fixture.commitCount() == 2, "the whole import is one commit")
        try expectFixtureEntries()
        #expect(try fixture.trove("journal", "list").stdout.contains("Dev Journal  5 entries"))
        #expect(try fixture.trove("search", "Dundas").stdout.contains("Dundas"))

        // Again: nothing changes, not even a commit.
        let head = try fixture.head()
        let again = try fixture.trove("import", "dayone", Self.export, "--skip-invalid")
        #expect(again.stdout.contains("0 added, 0 updated, 5 unchanged") && again.stdout.contains("Nothing changed."))
        #expect(try fixture.head() == head)
        try fixture.expectClean()
        #expect(try StoreAudit.schemaProblems(in: fixture.store) == [])
    }

    @Test("issue 27: an unknown time zone and a missing photo each leave the entry imported, say so, and leave no broken image")
    func unknownZoneAndMissingPhoto() throws {
        let work = TemporaryFolder()
        let copy = work.child("export")
        try FileManager.default.copyItem(atPath: Self.export, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/Dev Journal One Invalid.json")
        // The photo 031C8B7D… of entry 479270F4… (shown in its text) is not in this export.
        try FileManager.default.removeItem(atPath: copy + "/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg")
        let json = try String(contentsOfFile: copy + "/Dev Journal.json", encoding: .utf8)
        try json.replacingOccurrences(of: "\"Europe/Dublin\"", with: "\"Mars/Olympus\"")
            .write(toFile: copy + "/Dev Journal.json", atomically: true, encoding: .utf8)

        let imported = try fixture.trove("import", "dayone", copy)
        #expect(imported.status == 0 && imported.stdout.contains("5 added"), "\(imported.stdout)\(imported.stderr)")
        #expect(imported.stderr.contains("warning: Dev Journal.json: entry 2024-04-16T23:00:00.000Z (uuid DF8B32A3FE25400BBBB3A7BBFCD23CE7): unknown time zone \"Mars/Olympus\"; imported in UTC"),
                "\(imported.stderr)")
        #expect(imported.stderr.contains("warning: Dev Journal.json: entry 4 (uuid 479270F4…): photos: photo 031C8B7DAE0349BAA27892008778F6F6: file photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg is not in the export"),
                "\(imported.stderr)")

        let entries = try entriesByOrigin()
        let mars = try #require(entries["DF8B32A3FE25400BBBB3A7BBFCD23CE7"])
        #expect(mars["timeZone"] == nil && mars["date"] as? String == "2024-04-16T23:00:00.000Z")
        let london = try #require(entries["479270F4CAD1429AB1564DB34D0FE337"])
        let text = try #require(london["text"] as? String)
        #expect(text.hasSuffix("\n[photo missing from the export]"), "\(text.suffix(200))")
        #expect(!text.contains("dayone-moment") && text.contains("![](trove-media:"), "the photo that is there still shows")
        #expect((london["photos"] as? [[String: Any]])?.count == 1)
    }

    @Test("the export zipped, as users have it: the same entries; a newer export updates what changed")
    func zipped() throws {
        let work = TemporaryFolder()
        let zip = work.child("Export.zip")
        let made = try ProcessRunner.run("/usr/bin/env", ["python3", "-m", "zipfile", "-c", zip, Self.export + "/Dev Journal.json",
                                                          Self.export + "/photos", Self.export + "/videos", Self.export + "/audios"],
                                         environment: fixture.cli.environment)
        try #require(made.status == 0, "\(made.stderr)")
        let imported = try fixture.trove("import", "dayone", zip)
        #expect(imported.status == 0, "\(imported.stderr)")
        try expectFixtureEntries()

        // A newer export: one entry's text edited in Day One.
        let json = try String(contentsOfFile: Self.export + "/Dev Journal.json", encoding: .utf8)
            .replacingOccurrences(of: "\"modifiedDate\": \"2024-04-19T21:48:52Z\"", with: "\"modifiedDate\": \"2024-05-01T10:00:00Z\"")
            .replacingOccurrences(of: "This text is in quotes", with: "This text was edited later")
        let newer = try work.write("newer/Dev Journal.json", json)
        let update = try fixture.trove("import", "dayone", newer)
        #expect(update.stdout.contains("0 added, 1 updated, 4 unchanged"), "\(update.stdout)\(update.stderr)")
        let edited = try #require(try entriesByOrigin()["876E72B228F847379F296B1698CA3F61"])
        #expect((edited["text"] as? String)?.hasPrefix("\"This text was edited later\"") == true)
    }

    @Test("a corrupt ZIP, a zip-slip member and a missing file each get their own message, and change nothing")
    func badFiles() throws {
        let work = TemporaryFolder()
        let log = try fixture.gitLog()
        let corrupt = try work.write("broken.zip", Array("PK\u{03}\u{04}not really a zip at all".utf8))
        let slip = work.child("slip.zip")
        let script = "import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1],'w')\nz.writestr('../evil.json','{}')\nz.writestr('Journal.json','{\"entries\":[]}')\nz.close()"
        try #require(ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, slip], environment: fixture.cli.environment).status == 0)
        for (path, message) in [(corrupt, "broken.zip"), (slip, "../evil.json"), (work.child("nope.zip"), "nope.zip")] {
            let output = try fixture.trove("import", "dayone", path)
            #expect(output.status == 1 && output.stderr.contains(message), "\(path): \(output.stderr)")
        }
        #expect(try fixture.gitLog() == log)
    }

    /// Issue 26: a member whose data does not match its CRC-32 was imported as it was.
    @Test("a ZIP whose photo member fails its checksum is refused, naming the member, for real and in a dry run")
    func damagedMember() throws {
        let work = TemporaryFolder()
        let log = try fixture.gitLog()
        let zip = work.child("Export.zip")
        let member = "photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg"
        // Stored, not deflated, so that the photo's bytes stand in the archive as they are; one of them is flipped.
        let script = """
            import zipfile, sys
            root, out, member = sys.argv[1], sys.argv[2], sys.argv[3]
            with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED) as z:
                z.write(root + '/Dev Journal.json', 'Dev Journal.json')
                z.write(root + '/' + member, member)
                info = z.getinfo(member)
            data = bytearray(open(out, 'rb').read())
            name_length = int.from_bytes(data[info.header_offset + 26:info.header_offset + 28], 'little')
            extra_length = int.from_bytes(data[info.header_offset + 28:info.header_offset + 30], 'little')
            data[info.header_offset + 30 + name_length + extra_length + info.file_size // 2] ^= 0x5A
            open(out, 'wb').write(data)
            """
        let made = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, Self.export, zip, member], environment: fixture.cli.environment)
        try #require(made.status == 0, "\(made.stderr)")
        for extra in [[], ["--dry-run"]] {
            let output = try fixture.cli.run(["import", "dayone", zip] + extra)
            #expect(output.status == 1, "\(extra): \(output.stdout)")
            #expect(output.stderr.contains("member \"\(member)\"") && output.stderr.contains("checksum"), "\(extra): \(output.stderr)")
        }
        #expect(try fixture.gitLog() == log)
        try fixture.expectClean()
    }

    @Test("jrnl's JSON export: entries, tags and stars, into a journal; importing again adds nothing")
    func jrnl() throws {
        let work = TemporaryFolder()
        let file = try work.write("work.json", """
            {"tags": {"@release": 1}, "entries": [
              {"title": "Shipped the release.", "body": "Long day, good team. @release", "date": "2026-03-02", "time": "18:30", "tags": ["@release"], "starred": true},
              {"title": "Quiet morning.", "body": "", "date": "2026-03-03", "time": "08:05", "tags": [], "starred": false}
            ]}
            """)
        let imported = try fixture.trove("import", "jrnl", file, "--journal", "Work")
        #expect(imported.status == 0 && imported.stdout.contains("2 added"), "\(imported.stderr)")
        let list = try fixture.trove("entry", "list", "--journal", "Work", "--json")
        let entries = try #require(parseJSON(list.stdout) as? [[String: Any]])
        #expect(entries.map { $0["title"] as? String } == ["Quiet morning.", "Shipped the release."])
        #expect(entries[1]["tags"] as? [String] == ["release"] && entries[1]["starred"] as? Bool == true)
        #expect(entries[1]["text"] as? String == "Long day, good team. @release")
        let again = try fixture.trove("import", "jrnl", file, "--journal", "Work")
        #expect(again.stdout.contains("0 added, 0 updated, 2 unchanged"))
    }

    /// Written by jrnl 4.1 itself (tagsymbols "#@", timeformat "%F %r"); its own `--tags` counts `##` as a tag.
    static let jrnlWritten = """
        [2023-05-01 10:15:00 AM] Planned the trip with @anna.
        #travel starts here

        [2023-05-02 08:00:00 PM] Notes.
        Bullet list follows
        [2023-05-03 08:00:00 AM] Heading day.
        ## Packing list
        - socks #gear

        """

    @Test("a jrnl journal file: #tags and @tags by default, a heading is no tag, --tag-symbols for other configs")
    func jrnlTagSymbols() throws {
        let work = TemporaryFolder()
        let file = try work.write("journal.txt", Self.jrnlWritten)
        func tagsByTitle(_ journal: String) throws -> [String: [String]] {
            let list = try fixture.trove("entry", "list", "--journal", journal, "--json")
            let entries = try #require(parseJSON(list.stdout) as? [[String: Any]], "\(list.stderr)")
            return Dictionary(uniqueKeysWithValues: entries.map { ($0["title"] as? String ?? "", $0["tags"] as? [String] ?? []) })
        }
        let imported = try fixture.trove("import", "jrnl", file, "--journal", "Default")
        #expect(imported.status == 0 && imported.stdout.contains("3 added"), "\(imported.stdout)\(imported.stderr)")
        #expect(try tagsByTitle("Default") == ["Planned the trip with @anna.": ["anna", "travel"], "Notes.": [], "Heading day.": ["gear"]])

        // Read again with jrnl's `tagsymbols: "@"`: the same entries, updated to the tags that config gives.
        let atOnly = try fixture.trove("import", "jrnl", file, "--journal", "Default", "--tag-symbols", "@")
        #expect(atOnly.status == 0 && atOnly.stdout.contains("2 updated"), "\(atOnly.stdout)\(atOnly.stderr)")
        #expect(try tagsByTitle("Default") == ["Planned the trip with @anna.": ["anna"], "Notes.": [], "Heading day.": []])

        let bad = try fixture.trove("import", "jrnl", file, "--tag-symbols", "ab")
        #expect(bad.status == 2 && bad.stderr.contains("--tag-symbols: \"a\" cannot start a tag"), "\(bad.stderr)")
    }

    @Test("issue 27: a file in the wrong format is counted by entries, names a few problems, and says what it is not")
    func wrongFormat() throws {
        let log = try fixture.gitLog()
        // Day One's JSON given to import jrnl: each of its 5 entries lacks jrnl's title, date and time.
        let dayOne = try fixture.trove("import", "jrnl", Self.export + "/Dev Journal.json")
        #expect(dayOne.status == 1)
        let lines = dayOne.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "trove: Dev Journal.json does not look like a jrnl file: 5 of 5 entries could not be read, so nothing was imported:",
                "\(dayOne.stderr)")
        #expect(lines.count == 5 && lines[4] == "  … and 12 more" && !dayOne.stderr.contains("--skip-invalid"), "\(dayOne.stderr)")

        // A CSV given to import jrnl: no line starts an entry.
        let work = TemporaryFolder()
        let rows = (1...50).map { "2024-02-\(10 + $0 % 18) 10:00,Day \($0),Some text" }
        let csv = try work.write("days.csv", (["date,title,body"] + rows).joined(separator: "\n") + "\n")
        let refused = try fixture.trove("import", "jrnl", csv)
        #expect(refused.status == 1)
        #expect(refused.stderr == "trove: \(csv) does not look like a jrnl file: none of its 51 lines starts an entry (a line like \"[2020-01-02 09:30] Title.\"), so nothing was imported\n",
                "\(refused.stderr)")

        // A GPX given to import ics: one line that names the file and what it is not.
        let gpx = StoreAudit.packageRoot + "/../shared/fixtures/gpx/gpxpy-korita-zbevnica.gpx"
        let ics = try fixture.trove("import", "ics", gpx)
        #expect(ics.status == 1 && ics.stderr.split(separator: "\n").count == 1, "\(ics.stderr)")
        #expect(ics.stderr.contains("gpxpy-korita-zbevnica.gpx: not an iCalendar file"), "\(ics.stderr)")
        #expect(try fixture.gitLog() == log)
    }
}
