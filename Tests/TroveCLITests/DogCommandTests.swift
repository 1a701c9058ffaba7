import Foundation
import Testing
import TroveTestSupport

/// The dog commands as a user drives them: the seed's scenarios in order, and every bad input.
@Suite("dogs through the command")
struct DogCommandTests {
    static let fixtures = StoreAudit.packageRoot + "/../shared/fixtures/gpx/"

    /// The business records, newest first, through `business list --all --all-dogs --json`.
    static func records(_ fixture: CLIFixture) throws -> [[String: Any]] {
        let output = try fixture.trove("business", "list", "--all", "--all-dogs", "--json")
        return try #require(parseJSON(output.stdout) as? [[String: Any]], "\(output.stderr)")
    }

    @Test("the seed's scenarios in order through a script: first dog, location, pee, poo, map, statistics, list, select, delete")
    func seedScenarios() throws {
        let fixture = try CLIFixture()
        let script = """
            dog list
            dog add Pixel --sex female --born 2021-04-17
            here 48.8725,2.3651
            here
            pee
            poo --at 48.87249,2.36512
            map --size 60x16
            business at 48.8725,2.3651 --zoom 16
            business list --at 48.8725,2.3651 --zoom 16
            dog add Rex --sex male
            dog select Rex
            pee --at 48.8726,2.3653
            map --size 60x16 --all-dogs --zoom 16
            dog list

            """
        let output = try fixture.cli.run([], input: script)
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout
        #expect(text.contains("No dogs yet: add one with 'trove dog add NAME'."), "A3: a new store has no dog")
        #expect(text.contains("Added Pixel (selected)."))
        #expect(text.contains("You are at 48.87250, 2.36510 (set by hand"))
        #expect(text.components(separatedBy: "Please clean up!").count == 4, "each record says it")
        #expect(text.contains("Recorded a pee of Pixel at 48.87250, 2.36510"))
        #expect(text.contains("Recorded a poo of Pixel at 48.87249, 2.36512"))

        let lines = text.components(separatedBy: "\n")
        let title = try #require(lines.firstIndex { $0.hasPrefix("Pixel · 48.87250, 2.36510 · zoom 16") }, "\(text)")
        #expect(lines[title].hasSuffix("2 records in 1 marker"), "the two overlap: one marker")
        let map = Array(lines[(title + 1)...(title + 16)])
        #expect(map.allSatisfy { $0.count == 60 }, "every row is the map's width")
        #expect(map.joined().contains("◉"), "the location marker")
        #expect(map.joined().contains("●2"), "the latest (the poo) stands for both, with a count")
        #expect(!map.joined().contains("○"), "the pee is inside the poo's marker")
        #expect(map[0].hasSuffix("N ") && map[1].hasSuffix("↑ "), "a north arrow")
        #expect(map[15].contains(" 20 m"), "a scale bar")

        #expect(text.contains("2 records at this marker (zoom 16):"))
        #expect(text.contains("pee ") && text.contains(" 50%") && text.contains("1 pee, 1 poo"))
        let listed = lines.filter { $0.contains("Pixel") && $0.contains("48.87") && ($0.contains("  pee  ") || $0.contains("  poo  ")) }
        #expect(listed.count == 2 && listed[0].contains("poo"), "the list, newest first: \(listed)")

        #expect(text.contains("Selected Rex."))
        #expect(text.contains("Recorded a pee of Rex at 48.87260, 2.36530"))
        #expect(text.contains("All dogs · 48.87250, 2.36510 · zoom 16"), "the map stays around the location")
        #expect(text.contains("3 records in 2 markers"))
        #expect(text.contains("*  Rex"), "the selection is shown")

        // Deleting asks, and only a yes deletes: a script is not a person, so it needs --yes.
        let newest = try #require(try Self.records(fixture).first?["id"] as? String)
        let commits = try fixture.commitCount()
        let refused = try fixture.trove("business", "rm", newest)
        #expect(refused.status == 1 && refused.stderr.contains("Delete this record? no (pass --yes to confirm in a script)"), "\(refused.stderr)")
        #expect(try fixture.commitCount() == commits && Self.records(fixture).count == 3)
        #expect(try fixture.trove("business", "rm", String(newest.prefix(13)), "--yes").status == 0)
        #expect(try Self.records(fixture).count == 2 && fixture.commitCount() == commits + 1)
        try fixture.expectClean()
    }

    @Test("business show prints the record and centres the next map on it")
    func showCentres() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        try #require(fixture.trove("here", "48.8725,2.3651").status == 0)
        let made = try fixture.trove("poo", "--at", "48.8800,2.3800", "--note", "by the bench", "--json")
        let id = try #require((parseJSON(made.stdout) as? [String: Any])?["id"] as? String, "\(made.stderr)")
        let shown = try fixture.trove("business", "show", id, "--size", "40x10")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("poo of Pixel · ") && shown.stdout.contains("48.88000, 2.38000 · by the bench"))
        #expect(shown.stdout.contains("Pixel · 48.88000, 2.38000 · zoom 16"))
        let map = try fixture.trove("map", "--size", "40x10", "--json")
        let view = try #require(parseJSON(map.stdout) as? [String: Any])
        #expect((view["center"] as? [String: Double])?["lat"] == 48.88, "the map stays where show put it")
        let back = try #require(parseJSON(try fixture.trove("map", "--center", "--json").stdout) as? [String: Any])
        #expect((back["center"] as? [String: Double])?["lat"] == 48.8725, "--center goes back to the location")
        try #require(fixture.trove("map", "--around", "48.88,2.38").status == 0)
        try #require(fixture.trove("here", "48.8726,2.3652").status == 0)
        let followed = try #require(parseJSON(try fixture.trove("map", "--json").stdout) as? [String: Any])
        #expect((followed["center"] as? [String: Double])?["lat"] == 48.8726, "a new location brings the map back to it")
    }

    @Test("--sex takes f and m as the first-dog question does")
    func sexShortForms() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel", "--sex", "f").status == 0)
        try #require(fixture.trove("dog", "add", "Rex", "--sex", "M").status == 0)
        let dogs = try #require(parseJSON(try fixture.trove("dog", "list", "--json").stdout) as? [[String: Any]])
        #expect(dogs.map { $0["sex"] as? String } == ["female", "male"])
        #expect(try fixture.trove("dog", "add", "Odd", "--sex", "x").status == 2)
    }

    @Test("bad input: a clear message, exit 1, and nothing written", arguments: [
        (["here", "95,2.3"], "latitude 95.0 is out of range: it must be between -90 and 90"),
        (["pee", "--at", "48.8,200"], "longitude 200.0 is out of range: it must be between -180 and 180"),
        (["dog", "add", "Soon", "--born", "2999-01-01"], "the date of birth 2999-01-01 is in the future"),
        (["pee", "--dog", "Nobody", "--at", "48.8,2.3"], "no dog called 'Nobody' (dogs: Pixel)"),
        (["dog", "select", "Nobody"], "no dog called 'Nobody' (dogs: Pixel)"),
        (["poo"], "there is no current location: set it with 'trove here LAT,LON'"),
        (["dog", "add", "pixel"], "a dog called 'pixel' already exists"),
        (["business", "rm", "0000aaaa"], "no business record with id 0000aaaa"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let before = try fixture.gitLog()
        let output = try fixture.cli.run(arguments)
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(try fixture.gitLog() == before)
        #expect(try Self.records(fixture).isEmpty)
    }

    @Test("pee with no dog in a script says how to add one, and writes nothing")
    func noDog() throws {
        let fixture = try CLIFixture()
        let before = try fixture.gitLog()
        let output = try fixture.trove("pee", "--at", "48.8725,2.3651")
        #expect(output.status == 1 && output.stderr.contains("there is no dog yet: add one with 'trove dog add NAME'"), "\(output.stderr)")
        #expect(try fixture.gitLog() == before)
    }

    @Test("bad files are refused whole, with the problem named", arguments: [
        ("walk.gpx", "gpx", "this is not XML at all\n", "not a GPX file"),
        ("walk.gpx", "gpx", #"<?xml version="1.0"?><gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt><name>pee</name><time>2026-11-22T07:00:00Z</time></wpt></gpx>"#,
         "waypoint 1"),
        ("walk.geojson", "geojson", #"{"type":"Feature","geometry":{"type":"Point","coordinates":[48.87,120.5]},"properties":{"kind":"pee","time":"2026-11-22T07:00:00Z"}}"#,
         "this looks swapped"),
        ("walk.csv", "csv", "time,lat,lon,dog\n2026-11-22T07:00:00Z,48.87,2.36,Pixel\n", "kind"),
        ("walk.csv", "csv", "time,lat,lon,kind\n2026-11-22T07:00:00Z,48.87,2.36,pee\n2026-11-22T07:00:00Z,95,2.36,pee\n", "line 3"),
        ("walk.csv", "csv", "time,lat,lon,kind,dog\n2026-11-22T07:00:00Z,48.87,2.36,pee,Nobody\n", "no dog called 'Nobody'"),
    ])
    func badFiles(name: String, format: String, content: String, message: String) throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let path = try fixture.folder.write(name, Array(content.utf8))
        let before = try fixture.gitLog()
        let output = try fixture.trove("import", format, path)
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(try fixture.gitLog() == before)
        #expect(try Self.records(fixture).isEmpty)
    }

    /// Issue 26: FoundationXML trapped (SIGILL, no message) on such a name, even in a dry run.
    @Test("a GPX file with a byte that is not UTF-8 in an element name is refused with its line, for real and in a dry run")
    func gpxNotUTF8() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let content = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\">\n<wpt lat=\"1\" lon=\"2\"><n".utf8)
            + [0xFF] + Array("me>pee</n\u{FF}me></wpt>\n</gpx>\n".utf8)
        let path = try fixture.folder.write("bad.gpx", content)
        let before = try fixture.gitLog()
        for extra in [[], ["--dry-run"]] {
            let output = try fixture.cli.run(["import", "gpx", path] + extra)
            #expect(output.status == 1, "\(extra): \(output.stdout)")
            #expect(output.stderr.contains("bad.gpx: not UTF-8 text: byte 0xFF on line 3"), "\(extra): \(output.stderr)")
        }
        #expect(try fixture.gitLog() == before)
        #expect(try Self.records(fixture).isEmpty)
    }

    @Test("the GPX fixtures: waypoints that say nothing are refused and named, --as takes them, tracks and routes are reported")
    func gpxFixtures() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let unicode = Self.fixtures + "gpxpy-unicode.gpx"
        let refused = try fixture.trove("import", "gpx", unicode)
        #expect(refused.status == 1 && refused.stderr.contains("6 invalid entries") && refused.stderr.contains("does not say pee or poo"),
                "\(refused.stderr)")
        #expect(try Self.records(fixture).isEmpty)
        let commits = try fixture.commitCount()
        let taken = try fixture.trove("import", "gpx", unicode, "--as", "poo")
        #expect(taken.status == 0 && taken.stdout.contains("6 added"), "\(taken.stdout)\(taken.stderr)")
        #expect(try fixture.commitCount() == commits + 1, "one commit")
        let again = try fixture.trove("import", "gpx", unicode, "--as", "poo")
        #expect(again.stdout.contains("0 added") && again.stdout.contains("6 unchanged") && again.stdout.contains("Nothing changed."))
        #expect(try fixture.commitCount() == commits + 1, "importing again adds nothing")
        let records = try Self.records(fixture)
        #expect(records.count == 6 && records.allSatisfy { $0["kind"] as? String == "poo" })
        #expect(records.contains { abs(($0["lat"] as? Double ?? 0) - 45.735199945) < 1e-6 })

        let route = try fixture.trove("import", "gpx", Self.fixtures + "gpxpy-route.gpx")
        #expect(route.status == 1 && route.stderr.contains("has no pee or poo points to import: 1 route (55 points)"), "\(route.stderr)")
        let track = try fixture.trove("import", "gpx", Self.fixtures + "gpxpy-track-with-empty-segment.gpx")
        #expect(track.status == 1 && track.stderr.contains("1 track"), "\(track.stderr)")
        let korita = try fixture.trove("import", "gpx", Self.fixtures + "gpxpy-korita-zbevnica.gpx", "--as", "pee")
        #expect(korita.status == 0 && korita.stdout.contains("2 added") && korita.stderr.contains("4 tracks (871 points)"),
                "\(korita.stdout)\(korita.stderr)")
        let allFields = try fixture.trove("import", "gpx", Self.fixtures + "gpxpy-gpx1.1_with_all_fields.gpx", "--as", "pee", "--dry-run")
        #expect(allFields.status == 0 && allFields.stdout.contains("Would import") && allFields.stdout.contains("2 added"), "\(allFields.stdout)\(allFields.stderr)")
        #expect(try Self.records(fixture).count == 8)
    }

    @Test("export GeoJSON and GPX, and import them into another store: the same records, and again adds nothing")
    func exportRoundTrip() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let csv = "kind,lat,lon,time,note\npee,48.8725,2.3651,2026-11-20T07:00:00Z,\"by the bench, left\"\npoo,48.8726,2.3652,2026-11-21T07:00:00Z,\n"
        let imported = try fixture.trove("import", "csv", try fixture.folder.write("walk.csv", Array(csv.utf8)))
        #expect(imported.status == 0 && imported.stdout.contains("2 added"), "\(imported.stdout)\(imported.stderr)")
        let geojson = fixture.folder.child("out.geojson"), gpx = fixture.folder.child("out.gpx")
        #expect(try fixture.trove("export", "geojson", geojson).status == 0)
        #expect(try fixture.trove("export", "gpx", gpx).status == 0)
        let original = try Self.records(fixture)

        for (format, file) in [("geojson", geojson), ("gpx", gpx)] {
            let other = try CLIFixture()
            try #require(other.trove("dog", "add", "Pixel").status == 0)
            let first = try other.trove("import", format, file)
            #expect(first.status == 0 && first.stdout.contains("2 added"), "\(format): \(first.stdout)\(first.stderr)")
            let copied = try Self.records(other)
            #expect(copied.map { $0["id"] as? String } == original.map { $0["id"] as? String }, "\(format) keeps Trove's ids")
            #expect(copied.map { $0["kind"] as? String } == ["poo", "pee"])
            let again = try other.trove("import", format, file)
            #expect(again.stdout.contains("2 unchanged"), "\(again.stdout)")
        }
        // The same points through standard input: kept in a scratch file, and read twice as a file is.
        for (format, text) in [("geojson", try String(contentsOfFile: geojson, encoding: .utf8)), ("csv", csv),
                               ("gpx", try String(contentsOfFile: gpx, encoding: .utf8))] {
            let other = try CLIFixture()
            try #require(other.trove("dog", "add", "Pixel").status == 0)
            let piped = try other.trove("import", format, "-", input: text)
            #expect(piped.status == 0 && piped.stdout.contains("2 added"), "\(format): \(piped.stdout)\(piped.stderr)")
            #expect(try Self.records(other).map { $0["kind"] as? String } == ["poo", "pee"], "\(format)")
            let bad = try other.trove("import", format, "-", input: String(text.dropLast(25)))
            #expect(bad.status == 1 && bad.stderr.contains("nothing was imported"), "\(format): \(bad.stderr)")
            // Cut short, the GeoJSON is not JSON, nor the GPX a whole document; the CSV's last row is short of fields.
            #expect(bad.stderr.hasPrefix(format == "csv" ? "trove: the file has 1 invalid entry" : "trove: -: "), "\(format): \(bad.stderr)")
            #expect(try Self.records(other).count == 2)
        }
        let note = try fixture.trove("business", "show", try #require(original.last?["id"] as? String), "--json")
        #expect((parseJSON(note.stdout) as? [String: Any])?["note"] as? String == "by the bench, left")
    }

    @Test("here --follow reads a stream of positions (NMEA, gpsd, OwnTracks) and keeps the last; a dead gpsd is named")
    func follow() throws {
        let fixture = try CLIFixture()
        let stream = """
            $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47
            $GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00*74
            {"class":"TPV","mode":3,"lat":48.8725,"lon":2.3651,"time":"2026-11-22T07:55:00.000Z"}
            not a position at all
            {"_type":"location","lat":48.8731,"lon":2.3662,"tst":1795334400,"acc":12}

            """
        let followed = try fixture.cli.run(["here", "--follow", "-"], input: stream)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(followed.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("You are at") }.count == 3, "\(followed.stdout)")
        #expect(followed.stderr.contains("the stream ended after 3 fixes"))
        let here = try #require(parseJSON(try fixture.trove("here", "--json").stdout) as? [String: Any])
        #expect(here["lat"] as? Double == 48.8731 && here["source"] as? String == "owntracks")
        let empty = try fixture.cli.run(["here", "--follow", "-"], input: "nothing useful\n")
        #expect(empty.status == 1 && empty.stderr.contains("without a position fix"))
        let gpsd = try fixture.trove("here", "--gpsd-address", "127.0.0.1:1")
        #expect(gpsd.status == 1 && gpsd.stderr.contains("gpsd"), "\(gpsd.stderr)")
        #expect(try fixture.commitCount() == 1, "following never commits")
    }

    @Test("the map's SVG and GeoJSON: written whole, or a clear message when the folder is missing")
    func mapFiles() throws {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        try #require(fixture.trove("poo", "--at", "48.8725,2.3651").status == 0)
        let svg = fixture.folder.child("walk.svg"), geojson = fixture.folder.child("walk.geojson")
        let written = try fixture.trove("map", "--around", "48.8725,2.3651", "--svg", svg, "--geojson", geojson)
        #expect(written.status == 0 && written.stdout.contains("1 record"), "\(written.stderr)")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<?xml") && picture.contains("class=\"marker poo\"") && picture.hasSuffix("</svg>\n"))
        #expect(try String(contentsOfFile: geojson, encoding: .utf8).contains("\"kind\": \"poo\""))
        let missing = try fixture.trove("map", "--svg", fixture.folder.child("no/such/folder/walk.svg"))
        #expect(missing.status == 1 && missing.stderr.contains("cannot write") && missing.stderr.contains("no/such/folder"), "\(missing.stderr)")
    }
}
