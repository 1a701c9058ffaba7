import Foundation
import Testing
import TroveTestSupport

/// The item and tracker commands as a user drives them: seed 004's scenarios, then every bad input.
@Suite("items and trackers through the command")
struct ItemCommandTests {
    static let jpeg = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg"

    /// A store whose trackers pair through a loopback radio in `radio/` (switched on).
    static func fixture() throws -> CLIFixture {
        let fixture = try CLIFixture()
        let radio = fixture.folder.child("radio")
        try FileManager.default.createDirectory(atPath: radio, withIntermediateDirectories: true)
        try "on".write(toFile: radio + "/state", atomically: true, encoding: .utf8)
        fixture.cli.extraEnvironment["TROVE_TRACKER_TRANSPORT"] = "loopback"
        fixture.cli.extraEnvironment["TROVE_LOOPBACK_FOLDER"] = radio
        fixture.cli.extraEnvironment["XDG_PICTURES_DIR"] = fixture.folder.child("Pictures")
        return fixture
    }

    /// A stand-in for ffmpeg: it "captures" the fixture JPEG into its last argument and counts its runs,
    /// or says the device is busy. A real camera cannot be on a CI machine; everything around it is real.
    static func fakeCamera(_ fixture: CLIFixture, busy: Bool = false) throws {
        let bin = fixture.folder.child("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = busy
            ? "#!/bin/sh\necho \"[video4linux2,v4l2 @ 0x1] Cannot open video device $6: Device or resource busy\" >&2\nexit 1\n"
            : "#!/bin/sh\nfor last; do :; done\necho run >> \"\(fixture.folder.child("captures"))\"\ncp \"\(jpeg)\" \"$last\"\n"
        try script.write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        let device = fixture.folder.child("video0")
        FileManager.default.createFile(atPath: device, contents: nil)
        fixture.cli.extraEnvironment["PATH"] = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        fixture.cli.extraEnvironment["TROVE_CAMERA"] = device
    }

    static func items(_ fixture: CLIFixture) throws -> [[String: Any]] {
        let output = try fixture.trove("item", "list", "--json")
        return try #require(parseJSON(output.stdout) as? [[String: Any]], "\(output.stderr)")
    }

    @Test("seed 004 rows 1-14 and 30 through a script: list, add with a photo, camera, placeholder, register, activate, reports, navigate")
    func seedScenarios() throws {
        let fixture = try Self.fixture()
        try Self.fakeCamera(fixture)
        try "tracker,time,lat,lon,accuracy\nc4-7f-51-0a-9e-22,2026-11-21T16:40:05Z,48.8566135,2.3522219,12.5\n"
            .write(toFile: fixture.folder.child("reports.csv"), atomically: true, encoding: .utf8)
        let script = """
            item list
            item add "Blue backpack" --photo \(Self.jpeg)
            item add Keys --camera
            item add Umbrella
            item show Umbrella
            item list
            tracker register "Blue backpack" C4:7F:51:0A:9E:22
            tracker activate "Blue backpack"
            tracker ingest \(fixture.folder.child("reports.csv"))
            item locate "Blue backpack"
            item navigate "Blue backpack" --from 48.8606,2.3376
            item navigate "Blue backpack" --from 48.9362,2.3574

            """
        let output = try fixture.cli.run([], input: script)
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout
        #expect(text.contains("No items yet: add one with 'trove item add NAME'."), "row 1: the list starts empty")
        #expect(text.contains("Added Blue backpack with its photo."), "row 6: a photo from the library")
        #expect(text.contains("Added Keys with its photo."), "rows 3-4: a photo from the camera")
        #expect(try String(contentsOfFile: fixture.folder.child("captures"), encoding: .utf8) == "run\n", "one capture, used")
        let library = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.child("Pictures"))
        #expect(library.count == 1 && library[0].hasPrefix("trove-") && library[0].hasSuffix(".jpg"), "row 5: the taken photo is kept in the library")
        #expect(text.contains("Added Umbrella (no photo: a placeholder picture shows)."), "row 7: saving without a photo")
        #expect(text.contains("no photo    │") && text.contains("none: a placeholder shows"), "row 7: the placeholder picture")
        #expect(text.contains("Registered tracker c4-7f-51-0a-9e-22 to Blue backpack and paired it."), "rows 11-13")
        #expect(FileManager.default.fileExists(atPath: fixture.folder.child("radio/paired/c4-7f-51-0a-9e-22")))
        #expect(text.contains("Activated tracker c4-7f-51-0a-9e-22 of Blue backpack"), "row 14")
        #expect(FileManager.default.fileExists(atPath: fixture.folder.child("radio/active/c4-7f-51-0a-9e-22")))
        #expect(text.contains("Ingested 1 report."))
        #expect(text.contains("Blue backpack was at 48.85661, 2.35222 (±13 m)"))
        // Row 30: 1.1 km away is walking; 8.9 km away is transit.
        #expect(text.contains("Blue backpack is 1.2 km away") && text.contains("travelmode=walking") && text.contains("dirflg=w"))
        #expect(text.contains("Blue backpack is 8.9 km away") && text.contains("travelmode=transit") && text.contains("dirflg=r"))

        let items = try Self.items(fixture)
        #expect(items.map { $0["name"] as? String } == ["Blue backpack", "Keys", "Umbrella"])
        #expect(items[0]["photo"] is String && items[1]["photo"] is String && items[2]["photo"] is NSNull)
        #expect(((items[0]["lastSeen"] as? [String: Any])?["lat"] as? Double) == 48.8566135)
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)
        let log = try fixture.git("show", "HEAD:logs/tracker-reports/c4-7f-51-0a-9e-22/2026-11.jsonl").stdout
        #expect(log.hasPrefix("{\"accuracy\":12.5,\"at\":\"2026-11-21T16:40:05.000Z\",\"id\":\"01a1fefa-b288-7"), "\(log)")
    }

    @Test("the item list as HTML shows each photo, or the placeholder picture")
    func htmlPlaceholder() throws {
        let fixture = try Self.fixture()
        try #require(fixture.trove("item", "add", "Keys", "--photo", Self.jpeg).status == 0)
        try #require(fixture.trove("item", "add", "Umbrella").status == 0)
        let page = fixture.folder.child("items.html")
        #expect(try fixture.trove("item", "list", "--html", page).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("src=\"data:image/jpeg;base64,/9j/"), "the photo, embedded")
        #expect(html.components(separatedBy: "aria-label=\"No photo\"").count == 2, "one placeholder, for Umbrella")
    }

    @Test("bad names, a bad photo, an absent or busy camera: each its message, and nothing is saved")
    func badItems() throws {
        let fixture = try Self.fixture()
        try #require(fixture.trove("item", "add", "Keys").status == 0)
        let before = try fixture.gitLog()
        let cases: [([String], String)] = [
            (["item", "add", "   "], "the item's name is empty"),
            (["item", "add", String(repeating: "x", count: 81)], "is 81 characters long: at most 80"),
            (["item", "add", "KEYS"], "an item called 'Keys' already exists"),
            (["item", "add", "Bag", "--photo", fixture.folder.child("notes.jpg")], "is not an image"),
            (["item", "add", "Bag", "--photo", fixture.folder.child("missing.jpg")], "cannot be read"),
            (["item", "add", "Bag", "--photo", Self.jpeg, "--camera"], "not both"),
            (["item", "edit", "Keys"], "say what to change"),
            (["item", "show", "Wallet"], "no item called 'Wallet' (items: Keys)"),
        ]
        try "just text".write(toFile: fixture.folder.child("notes.jpg"), atomically: true, encoding: .utf8)
        for (arguments, message) in cases {
            let output = try fixture.cli.run(arguments)
            #expect(output.status != 0, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        fixture.cli.extraEnvironment["TROVE_CAMERA"] = fixture.folder.child("no-such-video9")
        let absent = try fixture.trove("item", "add", "Bag", "--camera")
        #expect(absent.status == 1 && absent.stderr.contains("there is no camera on this machine") && absent.stderr.contains("--photo FILE"))
        try Self.fakeCamera(fixture, busy: true)
        let busy = try fixture.trove("item", "add", "Bag", "--camera")
        #expect(busy.status == 1 && busy.stderr.contains("is busy (another program is using it)"), "\(busy.stderr)")
        #expect(try fixture.gitLog() == before, "nothing was saved")
        #expect(try Self.items(fixture).count == 1)
    }

    @Test("trackers: an unknown or bound tracker, Bluetooth off, and navigation without a location")
    func badTrackers() throws {
        let fixture = try Self.fixture()
        for name in ["Keys", "Bag"] { try #require(fixture.trove("item", "add", name).status == 0) }
        try #require(fixture.trove("tracker", "register", "Keys", "aa-01").status == 0)
        let bound = try fixture.trove("tracker", "register", "Bag", "AA-01")
        #expect(bound.status == 1 && bound.stderr.contains("tracker aa-01 is already bound to 'Keys'"))
        let invalid = try fixture.trove("tracker", "register", "Bag", "tag #1")
        #expect(invalid.status == 1 && invalid.stderr.contains("is not a tracker id"))
        let noTracker = try fixture.trove("tracker", "activate", "Bag")
        #expect(noTracker.status == 1 && noTracker.stderr.contains("'Bag' has no tracker"))
        let unknownItem = try fixture.trove("tracker", "activate", "zz-99")
        #expect(unknownItem.status == 1 && unknownItem.stderr.contains("no item called 'zz-99'"))

        try "off".write(toFile: fixture.folder.child("radio/state"), atomically: true, encoding: .utf8)
        let off = try fixture.trove("tracker", "register", "Bag", "bb-02")
        #expect(off.status == 0 && off.stderr.contains("Loopback is off: turn it on and try again"))
        #expect(off.stdout.contains("not paired yet"))
        // A suggestion printed for pasting quotes a name with a space.
        try #require(fixture.trove("item", "add", "Blue bag").status == 0)
        let spaced = try fixture.trove("tracker", "register", "Blue bag", "bb-03")
        #expect(spaced.stdout.contains(#"'trove tracker activate "Blue bag"' pairs it"#), "\(spaced.stdout)")
        let before = try fixture.gitLog()
        let activate = try fixture.trove("tracker", "activate", "Bag")
        #expect(activate.status == 1 && activate.stderr.contains("is off: turn it on and try again"))
        #expect(try fixture.gitLog() == before)
        fixture.cli.extraEnvironment["TROVE_TRACKER_TRANSPORT"] = "bluetooth"
        fixture.cli.extraEnvironment["PATH"] = "/nonexistent"
        let noBluetooth = try fixture.trove("tracker", "activate", "Bag")
        #expect(noBluetooth.status == 1 && noBluetooth.stderr.contains("there is no Bluetooth adapter"), "\(noBluetooth.stderr)")
        fixture.cli.extraEnvironment["PATH"] = nil

        let locate = try fixture.trove("item", "locate", "Keys")
        #expect(locate.status == 1 && locate.stderr.contains("'Keys' has no location yet"))
        let navigate = try fixture.trove("item", "navigate", "Keys", "--from", "48.85,2.35")
        #expect(navigate.status == 1 && navigate.stderr.contains("has no location yet"))
    }

    @Test("report lines with bad coordinates, times or trackers are named by line; the good ones are kept")
    func badReports() throws {
        let fixture = try Self.fixture()
        try #require(fixture.trove("item", "add", "Keys").status == 0)
        try #require(fixture.trove("tracker", "register", "Keys", "aa-01").status == 0)
        let lines = """
            tracker,time,lat,lon
            aa-01,2026-11-20T10:00:00Z,48.85,2.35
            aa-01,2026-11-20T10:01:00Z,95,2.35
            aa-01,soon,48.85,2.35
            zz-99,2026-11-20T10:02:00Z,48.85,2.35
            {"tracker":"aa-01","time":"2026-11-20T10:03:00Z","lat":48.86,"lon":2.36}
            aa-01,2026-11-20T10:04:00Z,48.85

            """
        let output = try fixture.trove("tracker", "ingest", "-", input: lines)
        #expect(output.status == 1)
        #expect(output.stderr.contains("line 3: has a latitude out of range: 95.0"), "\(output.stderr)")
        #expect(output.stderr.contains("line 4: has a time that does not read: 'soon'"))
        #expect(output.stderr.contains("line 5: tracker zz-99 is not registered"))
        #expect(output.stderr.contains("line 7: has 3 fields"))
        #expect(output.stdout.contains("Ingested 2 reports; 4 lines left out."))
        let again = try fixture.trove("tracker", "ingest", "-", input: lines)
        #expect(again.stdout.contains("Ingested 0 reports (2 already there)"))
        #expect(try fixture.trove("item", "locate", "Keys").stdout.contains("48.86000, 2.36000"))
        let missing = try fixture.trove("tracker", "ingest", fixture.folder.child("none.csv"))
        #expect(missing.status == 1 && missing.stderr.contains("none.csv does not exist"))
    }

    @Test("ingest --follow commits lines as the file grows, and Ctrl-C ends it cleanly")
    func followGrowingFile() throws {
        let fixture = try Self.fixture()
        try #require(fixture.trove("item", "add", "Keys").status == 0)
        try #require(fixture.trove("tracker", "register", "Keys", "aa-01").status == 0)
        let file = fixture.folder.child("live.csv")
        try "aa-01,2026-11-20T10:00:00Z,48.85,2.35\n".write(toFile: file, atomically: true, encoding: .utf8)
        let process = try fixture.cli.start(["tracker", "ingest", "--follow", file])
        defer { if process.isRunning { process.terminate() } }
        func seen(_ text: String) throws -> Bool {
            for _ in 0..<100 {
                if try fixture.trove("item", "locate", "Keys").stdout.contains(text) { return true }
                usleep(100_000)
            }
            return false
        }
        #expect(try seen("48.85000, 2.35000"), "the lines already there")
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data("aa-01,2026-11-20T10:05:00Z,48.86,2.36\n".utf8))
        try handle.close()
        #expect(try seen("48.86000, 2.36000"), "a line appended later")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Ctrl-C finishes cleanly")
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)
        let log = try fixture.git("show", "HEAD:logs/tracker-reports/aa-01/2026-11.jsonl").stdout
        #expect(log.split(separator: "\n").count == 2)
    }

    @Test("import items: one commit, photos and trackers, and importing again changes nothing")
    func importItems() throws {
        let fixture = try Self.fixture()
        try FileManager.default.copyItem(atPath: Self.jpeg, toPath: fixture.folder.child("bag.jpg"))
        let csv = fixture.folder.child("items.csv")
        try "name,tracker,photo,notes\nBlue backpack,AA:BB:CC:DD:EE:01,bag.jpg,\"Zip pocket, left\"\nKeys,,,\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let commits = try fixture.commitCount()
        let first = try fixture.trove("import", "items", csv)
        #expect(first.status == 0 && first.stdout.contains("2 added, 0 updated, 0 unchanged"), "\(first.stdout)\(first.stderr)")
        #expect(try fixture.commitCount() == commits + 1)
        let again = try fixture.trove("import", "items", csv)
        #expect(again.stdout.contains("0 added, 0 updated, 2 unchanged") && again.stdout.contains("Nothing changed."))
        #expect(try fixture.commitCount() == commits + 1)
        let items = try Self.items(fixture)
        #expect(items.first?["notes"] as? String == "Zip pocket, left" && items.first?["photo"] is String)
        #expect(((items.first?["trackers"] as? [[String: Any]])?.first?["trackerId"] as? String) == "aa-bb-cc-dd-ee-01")

        let bad = fixture.folder.child("bad.csv")
        try "name,photo\n,\nKeys2,missing.jpg\nKeys3,words.jpg\nKeys4,.\nKeys5,empty.jpg\n".write(toFile: bad, atomically: true, encoding: .utf8)
        try "".write(toFile: fixture.folder.child("empty.jpg"), atomically: true, encoding: .utf8)
        try "not a picture at all".write(toFile: fixture.folder.child("words.jpg"), atomically: true, encoding: .utf8)
        let refused = try fixture.trove("import", "items", bad)
        #expect(refused.status == 1 && refused.stderr.contains("line 2: the item's name is empty") && refused.stderr.contains("missing.jpg cannot be read"))
        // A photo is judged by its first bytes: text, and a folder, are refused by name.
        #expect(refused.stderr.contains("line 4: the photo words.jpg is not an image"), "\(refused.stderr)")
        #expect(refused.stderr.contains("line 5: the photo . cannot be read"), "\(refused.stderr)")
        #expect(refused.stderr.contains("line 6: the photo empty.jpg is not an image"), "\(refused.stderr)")
        #expect(try fixture.commitCount() == commits + 1)

        // Standard input is read as a file is (kept in a scratch file, read twice); photos are found from the current folder.
        let piped = try fixture.cli.run(["import", "items", "-"], input: "name,photo,notes\nLamp,bag.jpg,desk\nKeys,,hook\n", in: fixture.folder.path)
        #expect(piped.status == 0 && piped.stdout.contains("1 added, 1 updated, 0 unchanged"), "\(piped.stdout)\(piped.stderr)")
        #expect(try fixture.commitCount() == commits + 2)
        let latin1 = fixture.folder.child("latin1.csv")
        try Data([0x6E, 0x61, 0x6D, 0x65, 0x0A, 0x43, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        let refusedLatin1 = try fixture.trove("import", "items", latin1)
        #expect(refusedLatin1.status == 1 && refusedLatin1.stderr.contains("latin1.csv: line 2 is not UTF-8 text: save the file as CSV (UTF-8); nothing was imported"),
                "\(refusedLatin1.stderr)")
        #expect(try fixture.commitCount() == commits + 2)
    }

    /// Issue 26: one bad items CSV printed 124 MB of errors, every row named with its whole value.
    @Test("an items CSV with 2,000 bad rows of 5,000-character values: the first 10 named, values cut, the rest counted")
    func manyBadRows() throws {
        let fixture = try Self.fixture()
        let value = "#" + String(repeating: "x", count: 5_000)
        let rows = (0..<2_000).map { "Thing \($0),\(value)" }
        let csv = try fixture.folder.write("many.csv", "name,tracker\nKeys,aa-01\n" + rows.joined(separator: "\n") + "\n")
        let log = try fixture.gitLog()
        for extra in [[], ["--dry-run"]] {
            let refused = try fixture.cli.run(["import", "items", csv] + extra)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("the file has 2,000 invalid entries, so nothing was imported"), "\(refused.stderr.prefix(500))")
            #expect(refused.stderr.contains("  line 3: '#xxx") && refused.stderr.contains("  line 12: ") && !refused.stderr.contains("line 13:"))
            #expect(refused.stderr.contains("  … and 1,990 more\n(--skip-invalid imports the others)"), "\(refused.stderr.prefix(5_000))")
            #expect(refused.stderr.utf8.count < 5_000, "\(refused.stderr.utf8.count) bytes of errors")
            #expect(refused.stderr.split(separator: "\n").allSatisfy { $0.count <= 310 })
            #expect(refused.stderr.contains("is not a tracker id"), "the reason after the value stays")
        }
        #expect(try fixture.gitLog() == log)

        let skipped = try fixture.trove("import", "items", csv, "--skip-invalid")
        #expect(skipped.status == 0 && skipped.stdout.contains("1 added") && skipped.stdout.contains("2000 skipped"), "\(skipped.stdout)")
        #expect(skipped.stderr.split(separator: "\n").count == 11, "\(skipped.stderr.prefix(5_000))")
        #expect(skipped.stderr.hasSuffix("warning: … and 1,990 more (--json lists them all)\n"), "\(skipped.stderr.suffix(300))")
        #expect(skipped.stderr.utf8.count < 5_000)
    }

    @Test("two machines ingest reports for one tracker, then sync: each log is the union, without duplicates")
    func twoPeersIngest() throws {
        let folder = TemporaryFolder()
        let hub = folder.child("nas/trove.git")
        let a = TroveCLI(home: folder.child("home-a"), store: folder.child("a"))
        let b = TroveCLI(home: folder.child("home-b"), store: folder.child("b"))
        try #require(a.run("init").status == 0)
        try #require(a.run("remote", "add", "nas", hub, "--create").status == 0)
        try #require(a.run("item", "add", "Keys").status == 0)
        var registering = a
        registering.extraEnvironment["TROVE_TRACKER_TRANSPORT"] = "loopback"
        try #require(registering.run("tracker", "register", "Keys", "aa-01").status == 0)
        try #require(a.run("sync").status == 0)
        try #require(b.run("clone", hub, b.store).status == 0)
        func lines(_ minutes: ClosedRange<Int>) -> String {
            minutes.map { String(format: "aa-01,2026-11-20T10:%02d:00Z,48.85,2.%02d\n", $0, $0) }.joined()
        }
        // Overlapping reports: both saw minutes 5-9.
        try #require(a.run(["tracker", "ingest", "-"], input: lines(0...9)).status == 0)
        try #require(b.run(["tracker", "ingest", "-"], input: lines(5...14)).status == 0)
        for peer in [a, b, a] { try #require(peer.run("sync").status == 0) }
        for peer in [a, b] {
            let log = try peer.git("show", "HEAD:logs/tracker-reports/aa-01/2026-11.jsonl", in: peer.store).stdout
            let ids = log.split(separator: "\n").map { String($0.split(separator: "\"id\":\"")[1].prefix(36)) }
            #expect(ids.count == 15 && Set(ids).count == 15 && ids == ids.sorted(), "\(log)")
            #expect(try peer.run("item", "locate", "Keys").stdout.contains("48.85000, 2.14000"))
        }
    }
}

/// An ingest killed part-way: the store holds all of it or none of it, and running it again finishes the job.
@Suite("SIGKILL during a tracker ingest")
struct IngestKillTests {
    static let count = 20_000

    @Test("killed early and late in a 20,000-line ingest, the store is clean, checks, and a second run ends with every line once")
    func killedIngest() throws {
        for delay in [0.4, 2.0] {
            let fixture = try ItemCommandTests.fixture()
            try #require(fixture.trove("item", "add", "Keys").status == 0)
            try #require(fixture.trove("tracker", "register", "Keys", "aa-01").status == 0)
            let lines = (0..<Self.count).map { String(format: "aa-01,%@,48.85,2.35\n", ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_750_000_000 + Double($0) * 60))) }
            let file = try fixture.folder.write("reports.csv", lines.joined())
            let before = try fixture.head()
            let process = try fixture.cli.start(["tracker", "ingest", file])
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try fixture.head()
            let again = try fixture.trove("tracker", "ingest", file)
            #expect(again.status == 0, "after \(delay) s: \(again.stderr)")
            if after == before {
                #expect(again.stdout.contains("Ingested \(Self.count) reports."), "nothing had landed: all of it now")
            } else {
                #expect(again.stdout.contains("Ingested 0 reports (\(Self.count) already there)"), "all of it had landed")
            }
            #expect(try fixture.trove("check").status == 0)
            #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)
            var ids = Set<String>()
            var count = 0
            for month in try fixture.git("ls-tree", "--name-only", "HEAD", "logs/tracker-reports/aa-01/").stdout.split(separator: "\n") {
                for line in try fixture.git("show", "HEAD:\(month)").stdout.split(separator: "\n") {
                    count += 1
                    ids.insert(String(line.split(separator: "\"id\":\"")[1].prefix(36)))
                }
            }
            #expect(count == Self.count && ids.count == Self.count, "after \(delay) s: every line once")
        }
    }
}
