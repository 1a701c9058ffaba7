import Foundation
import Testing
import TroveTestSupport
@testable import TroveInterchange

/// The bytes of a GPX fixture from `shared/fixtures/gpx`, next to the package.
///
/// The package root is three folders above this file's folder; symlinks are resolved
/// first so a scratch package that links this folder in finds the same fixtures.
private func gpxFixture(_ name: String, filePath: String = #filePath) throws -> [UInt8] {
    var root = URL(fileURLWithPath: filePath).resolvingSymlinksInPath()
    for _ in 0..<4 { root.deleteLastPathComponent() }
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/gpx/\(name)")
    return try [UInt8](Data(contentsOf: url))
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A GPX 1.1 document around some waypoints.
private func gpx(_ body: String) -> [UInt8] {
    bytes("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:trove="https://trove.invalid/gpx/1">
        \(body)
        </gpx>
        """)
}

/// GPX reading: the gpxpy fixtures and hand-made edge cases.
struct GPXReaderTests {
    @Test func unicodeFixtureWithoutKindIsSixProblems() throws {
        let file = try GPXReader.read(gpxFixture("gpxpy-unicode.gpx"))
        #expect(file.points.isEmpty)
        #expect(file.problems.count == 6)
        #expect(file.problems.first == "waypoint 1 (\"šđčćž\", sym \"City (Small)\"): does not say pee or poo (use --as pee|poo)")
        #expect(file.problems.last == "waypoint 6 (\"VANSHNG LK\", sym \"City (Small)\"): does not say pee or poo (use --as pee|poo)")
        #expect(file.notes.isEmpty)
    }

    @Test func unicodeFixtureWithKindOverride() throws {
        let file = try GPXReader.read(gpxFixture("gpxpy-unicode.gpx"), kindOverride: "poo")
        #expect(file.problems.isEmpty)
        #expect(file.points.count == 6)
        let first = try #require(file.points.first)
        #expect(first.latitude == 45.757933259)
        #expect(first.longitude == 14.294899916)
        #expect(first.kind == "poo")
        #expect(first.time == nil)
        #expect(first.note == "BACK TO THE ROOTS\nŠĐČĆŽ")
        #expect(first.dog == nil && first.recordID == nil)
        #expect(first.position == "waypoint 1")
        #expect(first.sourceKey == "45.7579333,14.2948999,,poo")
        #expect(file.points.map(\.position).last == "waypoint 6")
        #expect(file.points.allSatisfy { $0.kind == "poo" })
    }

    @Test func koritaFixtureHasTwoWaypointsAndFourTracks() throws {
        let file = try GPXReader.read(gpxFixture("gpxpy-korita-zbevnica.gpx"))
        #expect(file.points.isEmpty)
        #expect(file.problems == [
            "waypoint 1 (\"001\", sym \"Flag, Blue\"): does not say pee or poo (use --as pee|poo)",
            "waypoint 2 (\"002\", sym \"Flag, Blue\"): does not say pee or poo (use --as pee|poo)",
        ])
        #expect(file.notes == ["4 tracks (871 points) are not business records; only waypoints are"])

        let taken = try GPXReader.read(gpxFixture("gpxpy-korita-zbevnica.gpx"), kindOverride: "PEE")
        #expect(taken.points.map(\.latitude) == [45.380593557, 45.452596452])
        #expect(taken.points.map(\.longitude) == [14.144484317, 14.018189488])
        #expect(taken.points.map(\.note) == ["02-OCT-10 16:01:13", "03-OCT-10 15:03:30"])
        #expect(taken.points.allSatisfy { $0.kind == "pee" })
    }

    @Test func routeFixtureIsOnlyANote() throws {
        let file = try GPXReader.read(gpxFixture("gpxpy-route.gpx"), kindOverride: "pee")
        #expect(file.points.isEmpty)
        #expect(file.problems.isEmpty)
        #expect(file.notes == ["1 route (55 points) is not a business record; only waypoints are"])
    }

    @Test func trackFixtureIsOnlyANote() throws {
        let file = try GPXReader.read(gpxFixture("gpxpy-track-with-empty-segment.gpx"), kindOverride: "pee")
        #expect(file.points.isEmpty)
        #expect(file.problems.isEmpty)
        #expect(file.notes == ["1 track (9 points) is not a business record; only waypoints are"])
    }

    @Test func allFieldsFixture() throws {
        let data = try gpxFixture("gpxpy-gpx1.1_with_all_fields.gpx")
        let file = try GPXReader.read(data)
        #expect(file.points.isEmpty)
        #expect(file.problems == [
            "waypoint 1 (\"example name\", sym \"example sym\", type \"example type\"): does not say pee or poo (use --as pee|poo)",
            "waypoint 2: does not say pee or poo (use --as pee|poo)",
        ])
        #expect(file.notes == ["2 tracks (1 point) and 2 routes (5 points) are not business records; only waypoints are"])

        let taken = try GPXReader.read(data, kindOverride: "pee")
        #expect(taken.problems.isEmpty)
        #expect(taken.points.count == 2)
        let first = try #require(taken.points.first)
        #expect(first.latitude == 12.3 && first.longitude == 45.6)
        #expect(first.time == Date(timeIntervalSince1970: 1_357_092_180))
        #expect(first.note == "example desc\nexample cmt")
        #expect(first.dog == nil && first.recordID == nil)
        #expect(first.sourceKey == "12.3000000,45.6000000,2013-01-02T02:03:00.000Z,pee")
        let second = try #require(taken.points.last)
        #expect(second.latitude == 13.4 && second.longitude == 46.7)
        #expect(second.time == nil && second.note == nil)
        #expect(second.position == "waypoint 2")
    }

    @Test func kindComesFromTypeSymOrNameAsWholeWords() throws {
        let file = try GPXReader.read(gpx("""
            <wpt lat="1" lon="2"><name>Poo bag bin</name><sym>Pin</sym><type>pee</type></wpt>
            <wpt lat="1" lon="2"><name>Rex</name><sym>POOP</sym></wpt>
            <wpt lat="1" lon="2"><name>Morning wee</name></wpt>
            <wpt lat="1" lon="2"><name>Rex pooped here!</name></wpt>
            <wpt lat="1" lon="2"><name>Weekend peek</name></wpt>
            <wpt lat="1" lon="2"><name>pee and poo</name></wpt>
            """))
        #expect(file.points.map(\.kind) == ["pee", "poo", "pee", "poo"])
        #expect(file.problems == [
            "waypoint 5 (\"Weekend peek\"): does not say pee or poo (use --as pee|poo)",
            "waypoint 6 (\"pee and poo\"): says both pee and poo (use --as pee|poo)",
        ])
        // The file's own word wins over --as.
        let overridden = try GPXReader.read(gpx(#"<wpt lat="1" lon="2"><type>poo</type></wpt>"#), kindOverride: "pee")
        #expect(overridden.points.map(\.kind) == ["poo"])
    }

    @Test func badCoordinatesAreProblems() throws {
        let file = try GPXReader.read(gpx("""
            <wpt lon="2"><type>pee</type></wpt>
            <wpt lat="abc" lon="2"><type>pee</type></wpt>
            <wpt lat="95" lon="2"><type>pee</type></wpt>
            <wpt lat="-45.5" lon="-200.25"><type>pee</type></wpt>
            <wpt lat=" -45.5 " lon="-170.25"><type>pee</type></wpt>
            """))
        #expect(file.problems == [
            "waypoint 1 (type \"pee\"): no lat/lon attributes",
            "waypoint 2 (type \"pee\"): lat \"abc\" is not a number",
            "waypoint 3 (type \"pee\"): latitude 95 is out of range",
            "waypoint 4 (type \"pee\"): longitude -200.25 is out of range",
        ])
        #expect(file.points.map(\.position) == ["waypoint 5"])
        #expect(file.points.first?.latitude == -45.5)
    }

    @Test func waypointWithoutLatAndWithoutAnythingElse() throws {
        let file = try GPXReader.read(gpx(#"<wpt lon="14.5"/>"#), kindOverride: "poo")
        #expect(file.problems == ["waypoint 1: no lat/lon attributes"])
        #expect(file.points.isEmpty)
    }

    @Test func timesNotesDogsAndTroveIDs() throws {
        let file = try GPXReader.read(gpx("""
            <wpt lat="45.1" lon="14.2">
              <time>2026-11-22T08:55:12.345+01:00</time><name>pee</name><cmt>by the tree</cmt>
              <extensions><trove:id>0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10</trove:id><trove:dog>Rex</trove:dog></extensions>
            </wpt>
            <wpt lat="45.1" lon="14.2">
              <time>2026-11-22T07:55:00</time><type>poo</type><desc><![CDATA[a <b> & c]]></desc>
              <extensions><other:meta xmlns:other="urn:x"><other:id>0C5E1A7E-4B0F-4D7A-9C51-2F1B9D3E8A10</other:id></other:meta></extensions>
            </wpt>
            <wpt lat="45.1" lon="14.2"><time>yesterday</time><type>poo</type></wpt>
            """))
        #expect(file.points.count == 2)
        let first = file.points[0]
        #expect(first.time == Date(timeIntervalSince1970: 1_795_334_112.345))
        #expect(first.note == "by the tree")
        #expect(first.dog == "Rex")
        #expect(first.recordID == "0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10")
        #expect(first.sourceKey == "45.1000000,14.2000000,2026-11-22T07:55:12.345Z,pee")
        let second = file.points[1]
        #expect(second.time == Date(timeIntervalSince1970: 1_795_334_100)) // GPX times without a zone are UTC
        #expect(second.note == "a <b> & c")
        #expect(second.recordID == nil) // not a lowercase UUID, so not a Trove export
        #expect(file.problems == [
            "waypoint 3 (type \"poo\"): time \"yesterday\" is not an ISO 8601 time (e.g. 2026-11-22T07:55:00Z)",
        ])
    }

    @Test func anyNamespacePrefixAndGPX10() throws {
        let prefixed = try GPXReader.read(bytes("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1">
              <g:wpt lat="1.5" lon="2.5"><g:type>poo</g:type></g:wpt>
            </g:gpx>
            """))
        #expect(prefixed.points.map(\.kind) == ["poo"])
        let old = try GPXReader.read(bytes("""
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0">
              <wpt lat="1.5" lon="2.5"><sym>Pee</sym><t:dog xmlns:t="urn:t">Fido</t:dog></wpt>
            </gpx>
            """))
        #expect(old.points.map(\.dog) == ["Fido"])
    }

    @Test func notXMLIsAnError() throws {
        for text in ["hello, these are not waypoints", "{\"type\": \"FeatureCollection\"}"] {
            do {
                _ = try GPXReader.read(bytes(text))
                Issue.record("no error for \(text)")
            } catch let error as PointFileError {
                guard case .notXML(let line, let column, let reason) = error else {
                    Issue.record("wrong error \(error)")
                    continue
                }
                #expect(line == 1 && column == 1)
                #expect(reason.contains("does not start with '<'"))
                #expect(error.description.hasPrefix("not a GPX file: not XML at line 1, column 1"))
            }
        }
        #expect(throws: PointFileError.notXML(line: 1, column: 1, reason: "the file is empty")) {
            try GPXReader.read([])
        }
        #expect(throws: PointFileError.notXML(line: 1, column: 1, reason: "the file is empty")) {
            try GPXReader.read(bytes(" \n\t "))
        }
    }

    @Test func brokenXMLNamesTheLine() throws {
        let mismatched = gpx("<wpt lat=\"1\" lon=\"2\">\n<name>pee</nam>\n</wpt>")
        #expect(throws: PointFileError.notXML(line: 4, column: 16, reason: "an end tag does not match its start tag")) {
            try GPXReader.read(mismatched)
        }
        let truncated = bytes(#"<gpx version="1.1"><wpt lat="1" lon="2"><name>pee</name>"#)
        do {
            _ = try GPXReader.read(truncated)
            Issue.record("a cut-short file was read")
        } catch let PointFileError.notXML(_, _, reason) {
            #expect(reason == "the file ends before </gpx> (is it cut short?)")
        }
    }

    /// Issue 26: one byte that is not UTF-8 in an element name killed the process inside FoundationXML (SIGILL).
    @Test func notUTF8IsRefusedBeforeXMLParserSeesIt() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\">\n<wpt lat=\"1\" lon=\"2\"><".utf8)
        let offset = head.count
        // In an element name (the crash), an attribute value, text, a comment; and a file with no declaration.
        let cases: [[UInt8]] = [
            head + [0x6E, 0xFF, 0x6D, 0x65] + Array(">pee</n\u{FF}me></wpt></gpx>".utf8),
            head + Array("name>pee</name></wpt></gpx>".utf8) + [0xC3],
            Array("<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>p".utf8) + [0xE9] + Array("e</name></wpt></gpx>".utf8),
        ]
        #expect(throws: PointFileError.notUTF8(line: 3, offset: offset + 1, byte: 0xFF)) { try GPXReader.read(cases[0]) }
        #expect(throws: PointFileError.notUTF8(line: 3, offset: cases[1].count - 1, byte: 0xC3)) { try GPXReader.read(cases[1]) }
        #expect(throws: PointFileError.notUTF8(line: 1, offset: 47, byte: 0xE9)) { try GPXReader.read(cases[2]) }
        // Declared UTF-16 (or anything else libxml2 does not convert) and still 8-bit: refused the same, not trusted.
        for encoding in ["UTF-16", "EUC-JP", "x-made-up"] {
            let declared = Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>".utf8) + cases[0].drop { $0 != 0x0A }
            #expect(throws: PointFileError.self, "\(encoding)") { try GPXReader.read(declared) }
        }
        // A UTF-8 byte-order mark is UTF-8, and a file that declares a single-byte encoding is converted by libxml2.
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>pee ".utf8)
            + [0xE9, 0x74, 0xE9] + Array("</name></wpt></gpx>".utf8)
        #expect(try GPXReader.read(latin1).points.first?.kind == "pee")
        let bom = [0xEF, 0xBB, 0xBF] + gpx(#"<wpt lat="1" lon="2"><name>pee</name></wpt>"#)
        #expect(try GPXReader.read(bom).points.count == 1)
    }

    /// A file on disk is read a piece at a time through the guard (`GPXFile`), twice: it gives what the same bytes
    /// read whole give, and a file that changed between the two readings imports nothing.
    @Test func aFileOnDiskReadsAsItsBytes() throws {
        let folder = TemporaryFolder()
        var text = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">"#
            + "<metadata><time>2026-11-01T06:00:00Z</time></metadata><?garmin?>\n"
        for number in 0..<20_000 {
            text += number % 1_000 == 3 ? "<wpt lat=\"x\" lon=\"2\"><name>pee</name></wpt>\n"
                : "<wpt lat=\"48.\(number)\" lon=\"2.3\"><name>\(number % 2 == 0 ? "pee" : "spot")</name><desc>walk <?x?>\(number) é</desc></wpt>\n"
        }
        text += "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n"
        let path = folder.child("walk.gpx")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try GPXReader.read(bytes(text), kindOverride: "poo")
        let file = try GPXFile(path: path, format: GPXReader(kindOverride: "poo"))
        #expect(file.pointCount == whole.points.count && file.problems == whole.problems && file.notes == whole.notes)
        #expect(file.pointCount == 19_980 && file.problems.first == "waypoint 4 (\"pee\"): lat \"x\" is not a number")
        #expect(file.fileTime == whole.fileTime && whole.fileTime == PointFormat.parseTime("2026-11-01T06:00:00Z"))
        #expect(file.notes == ["1 track (1 point) is not a business record; only waypoints are"])
        var points: [BusinessPoint] = []
        try file.forEachPoint { points.append($0) }
        #expect(points == whole.points)
        #expect(points.filter { $0.kind == "poo" }.count == 9_980 && points.last?.note == "walk 19999 é")
        // Changed between the readings: cut short, it is no longer a whole document.
        try Data(text.dropLast(40).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: PointFileError.changedWhileReading) { try file.forEachPoint { _ in } }
        #expect(throws: PointFileError.unreadable("No such file or directory")) { try GPXFile(path: folder.child("none.gpx"), format: GPXReader()) }
        // What the work done with a point throws stops the reading and reaches the caller.
        struct Full: Error {}
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var handed = 0
        #expect(throws: Full.self) { try file.forEachPoint { _ in handed += 1; if handed == 5 { throw Full() } } }
        #expect(handed == 5)
    }

    @Test func otherXMLRootIsNotGPX() throws {
        let kml = bytes(#"<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>"#)
        #expect(throws: PointFileError.notGPX(root: "kml")) { try GPXReader.read(kml) }
        #expect(PointFileError.notGPX(root: "kml").description == "not a GPX file: the root element is <kml>, not <gpx>")
    }

    @Test func kindOverrideMustBePeeOrPoo() throws {
        #expect(throws: PointFileError.invalidKind("wee-wee")) {
            try GPXReader.read(gpx(#"<wpt lat="1" lon="2"/>"#), kindOverride: "wee-wee")
        }
    }

    /// Found by fuzz-gpx (Fuzz/): an element name that is not UTF-8 trapped inside FoundationXML.
    @Test func elementNameNotUTF8IsAnErrorNotACrash() throws {
        /// The line of the byte the reader refuses as not UTF-8; nil when it reads the file, -1 for another error.
        func badLine(_ bytes: [UInt8]) -> Int? {
            do { _ = try GPXReader.read(bytes); return nil } catch PointFileError.notUTF8(let line, _, _) { return line } catch { return -1 }
        }
        #expect(badLine([0x3C, 0xF6, 0x0A, 0x0A, 0x0A]) == 1)
        let name = Array("<gpx>\n<wpt lat=\"1\" lon=\"2\"/>\n<a".utf8) + [0xF6] + Array(" /></gpx>".utf8)
        #expect(badLine(name) == 3)
        // A file that names its encoding is converted by libxml2, and read.
        let latin1 = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx version="1.1"><wpt lat="1" lon="2"><type>pee</type><desc>caf"#.utf8)
            + [0xE9] + Array("</desc></wpt></gpx>".utf8)
        let file = try GPXReader.read(latin1)
        #expect(file.points.map(\.note) == ["caf\u{E9}"])
        // Not when a UTF-8 byte order mark says otherwise, nor with a name libxml2 does not know (the fuzzer's second find).
        #expect(badLine([0xEF, 0xBB, 0xBF] + latin1) == 1)
        let unknown = Array(#"<?xml version="1.0" encoding="UTF-4UT]-8"?>"#.utf8) + [0x0A] + name
        #expect(badLine(unknown) == 4)
    }
}

/// What FoundationXML cannot be given (`XMLInputGuard`): each of these crashed the process inside it, or could.
struct GPXReaderInputGuardTests {
    /// `text` as UTF-16, with a byte order mark or without.
    private func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var out: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 { out += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return out
    }

    private let document = """
        <?xml version="1.0"?><?garmin?>
        <gpx version="1.1"><?x-y?><wpt lat="1" lon="2"><name>pee <?x?></name><?a-b?></wpt></gpx><?end?>
        """

    /// Found by fuzz-gpx in CI: `<?xm?>` made libxml2 pass no data, and FoundationXML took its length (SIGSEGV).
    @Test func emptyProcessingInstructionsAreRead() throws {
        let crash = Array("<?xm?>\n<gpxon=\"1.0\" <wpt lat=\" -45.55\"><sye:dog></sym></wpt>\n</gpx2\n".utf8)
        #expect(throws: PointFileError.self) { try GPXReader.read(crash) }
        #expect(try GPXReader.read(bytes(document)).points.map(\.kind) == ["pee"])
        // `xml` is a reserved name: an error, as libxml2 says, and no crash.
        #expect(throws: PointFileError.self) { try GPXReader.read(gpx("<?xml?>")) }
        for bigEndian in [false, true] {
            for mark in [false, true] {
                let file = try GPXReader.read(utf16(document, bigEndian: bigEndian, mark: mark))
                #expect(file.points.map(\.kind) == ["pee"], "UTF-16, big-endian \(bigEndian), mark \(mark)")
            }
        }
        #expect(try XMLInputGuard.settled(bytes("<?a?><b/>")) == bytes("<?a ?><b/>"))
        #expect(try XMLInputGuard.settled(bytes("<?a b?><?a\n?><b/>")) == bytes("<?a b?><?a\n?><b/>"))
        // The fuzzer's second find: libxml2 goes on after a `<?` it cannot read.
        #expect(try XMLInputGuard.settled(bytes("<?<?xm?><<?y?><?a>?>")) == bytes("<?<?xm ?><<?y ?><?a> ?>"))
    }

    /// An entity's text is parsed again where it is used, so `&#60;?x?>` in one becomes an empty processing
    /// instruction no scan of the bytes sees: a document type declaration is refused, in any layout.
    @Test func documentTypeDeclarationsAreRefused() throws {
        let declared = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY e "&#60;?x?>">]>
            <gpx version="1.1"><wpt lat="1" lon="2"><name>pee&e;</name></wpt></gpx>
            """
        let reason = "a <!DOCTYPE> declaration, which GPX files do not have (Trove does not read one)"
        #expect(throws: PointFileError.notXML(line: 2, column: 1, reason: reason)) { try GPXReader.read(bytes(declared)) }
        #expect(throws: PointFileError.notXML(line: 2, column: 1, reason: reason)) {
            try GPXReader.read(utf16(declared, bigEndian: false, mark: true))
        }
    }

    /// libxml2 switches to the encoding a declaration names, in which `<?x?>` need not be those bytes (UTF-7 writes
    /// `<` as `+ADw-`); and UTF-32 and EBCDIC are detected from the first bytes. Those files are refused.
    @Test func encodingsWhoseMarkupIsOtherBytesAreRefused() throws {
        let body = "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>pee</name></wpt></gpx>"
        for encoding in ["UTF-7", "IBM037", "x-made-up", "UTF-32"] {
            #expect(throws: PointFileError.self, "\(encoding)") {
                try GPXReader.read(bytes("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>" + body))
            }
        }
        let utf7 = bytes("<?xml version=\"1.0\" encoding=\"UTF-7\"?>" + body)
        #expect(throws: PointFileError.notXML(
            line: 1, column: 1, reason: "the file declares the encoding \"UTF-7\", which Trove does not read (save it as UTF-8)"
        )) { try GPXReader.read(utf7) }
        // A UTF-16 file may only say it is UTF-16.
        #expect(throws: PointFileError.self) {
            try GPXReader.read(utf16("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + body, bigEndian: true, mark: true))
        }
        #expect(try GPXReader.read(utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + body, bigEndian: true, mark: true)).points.count == 1)
        // ASCII-compatible encodings are read, as before.
        for encoding in ["EUC-JP", "us-ascii", "windows-1252", "utf-8"] {
            #expect(try GPXReader.read(bytes("<?xml version=\"1.0\" encoding='\(encoding)' ?>" + body)).points.count == 1, "\(encoding)")
        }
        // The fuzzer's third find: `encoding` where libxml2 does not look for it (here after junk with no version)
        // was taken for ISO-8859-4, and bytes that are not UTF-8 reached FoundationXML. A declaration is trusted only
        // whole and well-formed, and a single-byte encoding only by a name libxml2 knows.
        let junk = Array("<?xml ZZ<?l><Z: enco".utf8) + [0xFF, 0xFF] + Array("version=\"1.0\" encodingiso-8859-45898</el lon=\"1".utf8)
        #expect(throws: PointFileError.notUTF8(line: 1, offset: 20, byte: 0xFF)) { try GPXReader.read(junk) }
        for declaration in [#"<?xml version="1.0"Xencoding="ISO-8859-1"?>"#, #"<?xml version="1..0" encoding="ISO-8859-1"?>"#,
                            #"<?xml version="1.0" encoding="ISO-8859-99"?>"#] {
            let bytes = Array((declaration + "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>pee ").utf8) + [0xE9] + Array("</name></wpt></gpx>".utf8)
            #expect(throws: PointFileError.notUTF8(line: 1, offset: declaration.utf8.count + 50, byte: 0xE9), "\(declaration)") {
                try GPXReader.read(bytes)
            }
            let ascii = bytes.filter { $0 < 0x80 }
            #expect(throws: PointFileError.self, "\(declaration)") { try GPXReader.read(ascii) }
        }
        for head: [UInt8] in [[0, 0, 0, 0x3C], [0x3C, 0, 0, 0], [0, 0, 0x3C, 0], [0, 0x3C, 0, 0], [0x4C, 0x6F, 0xA7, 0x94]] {
            #expect(throws: PointFileError.notXML(line: 1, column: 1, reason: "the file is in UTF-32 or EBCDIC (save it as UTF-8)")) {
                try GPXReader.read(head + bytes(body))
            }
        }
    }
}

/// GeoJSON reading: collections, single features, bare points, and the usual mistakes.
struct GeoJSONReaderTests {
    @Test func featureCollectionWithPointsAndOtherGeometries() throws {
        let file = try GeoJSONReader.read(bytes("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.2948999, 45.7579333, 310.5]},
               "properties": {"kind": "Pee", "time": "2026-11-22T07:55:12.345Z", "dog": "Rex", "note": "gate",
                              "id": "0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10"}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}, "properties": {}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-0.1, 51.5]},
               "properties": {"type": "poo", "at": "2026-11-22T08:55:00+01:00", "id": "walk-7"}},
              {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": []}, "properties": null},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": []}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2, 3]}, "properties": {"kind": "poo", "time": null}}
            ]}
            """))
        #expect(file.problems.isEmpty)
        #expect(file.points.count == 3)
        let first = file.points[0]
        #expect(first.latitude == 45.7579333 && first.longitude == 14.2948999)
        #expect(first.kind == "pee")
        #expect(first.time == Date(timeIntervalSince1970: 1_795_334_112.345))
        #expect(first.dog == "Rex" && first.note == "gate")
        #expect(first.recordID == "0c5e1a7e-4b0f-4d7a-9c51-2f1b9d3e8a10")
        #expect(first.position == "feature 1")
        let second = file.points[1]
        #expect(second.kind == "poo" && second.recordID == nil)
        #expect(second.time == Date(timeIntervalSince1970: 1_795_334_100))
        #expect(second.position == "feature 3")
        #expect(second.sourceKey == "51.5000000,-0.1000000,2026-11-22T07:55:00.000Z,poo")
        #expect(file.points[2].time == nil)
        #expect(file.notes == ["2 LineString features and 1 Polygon feature are not points; only Point features are"])
    }

    @Test func swappedCoordinatesAreExplained() throws {
        let file = try GeoJSONReader.read(bytes("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.2, 45.7]}, "properties": {"kind": "pee"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [45.5, 120.5]}, "properties": {"kind": "pee"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [200, 10]}, "properties": {"kind": "pee"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [100, 100]}, "properties": {"kind": "pee"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": ["14", 45]}, "properties": {"kind": "pee"}}
            ]}
            """))
        #expect(file.points.count == 1)
        #expect(file.problems == [
            "feature 2: latitude 120.5 is out of range (GeoJSON puts longitude first: [lon, lat]; this looks swapped)",
            "feature 3: longitude 200 is out of range",
            "feature 4: latitude 100 is out of range",
            "feature 5: coordinates are not [lon, lat] numbers",
        ])
    }

    @Test func kindAndTimeProblems() throws {
        let file = try GeoJSONReader.read(bytes("""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {"kind": "wee-wee"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {"kind": 3}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {"kind": "poo", "time": "yesterday"}},
              {"type": "Feature", "geometry": null, "properties": {"kind": "poo"}},
              "not a feature"
            ]}
            """))
        #expect(file.points.isEmpty)
        #expect(file.problems == [
            "feature 1: no kind (properties.kind must be \"pee\" or \"poo\")",
            "feature 2: kind \"wee-wee\" must be pee or poo",
            "feature 3: kind 3 must be pee or poo",
            "feature 4: time \"yesterday\" is not an ISO 8601 time (e.g. 2026-11-22T07:55:00Z)",
            "feature 5: has no geometry",
            "feature 6: not a Feature object",
        ])
    }

    @Test func singleFeatureAndBarePoint() throws {
        let feature = try GeoJSONReader.read(bytes("""
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14, 45]}, "properties": {"kind": "poo"}}
            """))
        #expect(feature.points.map(\.position) == ["feature 1"])
        #expect(feature.points.first?.sourceKey == "45.0000000,14.0000000,,poo")
        let point = try GeoJSONReader.read(bytes(#"{"type": "Point", "coordinates": [14, 45]}"#))
        #expect(point.points.isEmpty)
        #expect(point.problems == ["geometry: no kind (properties.kind must be \"pee\" or \"poo\")"])
        let line = try GeoJSONReader.read(bytes(#"{"type": "LineString", "coordinates": [[14, 45], [15, 46]]}"#))
        #expect(line.notes == ["the file is a single LineString geometry, not points"])
    }

    @Test func notJSONAndNotGeoJSON() throws {
        #expect(throws: PointFileError.notJSON("line 2, column 1: unexpected end of input")) {
            try GeoJSONReader.read(bytes("{\"type\": \n"))
        }
        #expect(throws: PointFileError.notGeoJSON(found: "a JSON array")) { try GeoJSONReader.read(bytes("[1, 2]")) }
        #expect(throws: PointFileError.notGeoJSON(found: "an object with \"type\": \"Topology\"")) {
            try GeoJSONReader.read(bytes(#"{"type": "Topology", "objects": {}}"#))
        }
        #expect(throws: PointFileError.notGeoJSON(found: "an object without a \"type\"")) {
            try GeoJSONReader.read(bytes(#"{"features": []}"#))
        }
        #expect(PointFileError.notGeoJSON(found: "a JSON array").description
            == "not a GeoJSON file: found a JSON array; expected a FeatureCollection, a Feature or a Point")
    }
}

/// CSV reading: the header, RFC 4180 quoting, line endings and per-row problems.
struct BusinessCSVReaderTests {
    @Test func documentedHeaderReadsRows() throws {
        #expect(BusinessCSVReader.header == ["time", "lat", "lon", "kind", "dog"])
        let file = try BusinessCSVReader.read(bytes("""
            time,lat,lon,kind,dog
            2026-11-22T07:55:00Z,45.7579333,14.2948999,pee,Rex
            ,45.1,14.2,POO,
            """))
        #expect(file.problems.isEmpty)
        #expect(file.points.count == 2)
        let first = file.points[0]
        #expect(first.time == Date(timeIntervalSince1970: 1_795_334_100))
        #expect(first.kind == "pee" && first.dog == "Rex" && first.note == nil && first.recordID == nil)
        #expect(first.position == "line 2")
        #expect(first.sourceKey == "45.7579333,14.2948999,2026-11-22T07:55:00.000Z,pee")
        let second = file.points[1]
        #expect(second.time == nil && second.kind == "poo" && second.dog == nil)
        #expect(second.sourceKey == "45.1000000,14.2000000,,poo")
    }

    @Test func columnsInAnyOrderAndCase() throws {
        let file = try BusinessCSVReader.read(bytes("""
             Kind , LON,extra, Lat ,TIME,Note
            poo,-0.1,whatever,51.5,2026-11-22T08:55:00+01:00,by the gate
            """))
        #expect(file.problems.isEmpty)
        let point = try #require(file.points.first)
        #expect(point.latitude == 51.5 && point.longitude == -0.1)
        #expect(point.kind == "poo" && point.note == "by the gate")
        #expect(point.time == Date(timeIntervalSince1970: 1_795_334_100))
    }

    @Test func missingKindColumnNamesIt() throws {
        let csv = bytes("time,lat,lon,dog\n2026-11-22T07:55:00Z,45,14,Rex\n")
        #expect(throws: PointFileError.missingColumns(["kind"], found: ["time", "lat", "lon", "dog"])) {
            try BusinessCSVReader.read(csv)
        }
        let message = PointFileError.missingColumns(["kind"], found: ["time", "lat", "lon", "dog"]).description
        #expect(message == "missing column kind (found: time, lat, lon, dog); the first line must be a header like time,lat,lon,kind,dog")
        #expect(throws: PointFileError.missingColumns(["time", "lat", "lon", "kind"], found: [])) {
            try BusinessCSVReader.read(bytes("\n\n"))
        }
        #expect(throws: PointFileError.duplicateColumns(["lat"])) {
            try BusinessCSVReader.read(bytes("time,lat,lon,kind,lat\n"))
        }
    }

    @Test func quotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let file = try BusinessCSVReader.read(bytes("""
            time,lat,lon,kind,dog,note
            2026-11-22T07:55:00Z,"45.5","14.5",pee,"Rex, the brave","said ""good boy"", then
            walked home"
            2026-11-22T07:56:00Z,45.5,14.5,poo, "Fido" ,""
            """))
        #expect(file.problems.isEmpty)
        #expect(file.points.count == 2)
        #expect(file.points[0].dog == "Rex, the brave")
        #expect(file.points[0].note == "said \"good boy\", then\nwalked home")
        #expect(file.points[1].position == "line 4") // the quoted line break counts
        #expect(file.points[1].dog == "Fido" && file.points[1].note == nil)
    }

    @Test func bomCRLFAndBlankLines() throws {
        let text = "\u{FEFF}time,lat,lon,kind\r\n\r\n2026-11-22T07:55:00Z,45,14,pee\r\n   \r\n,46,15,poo\r\n"
        let file = try BusinessCSVReader.read(bytes(text))
        #expect(file.problems.isEmpty)
        #expect(file.points.map(\.position) == ["line 3", "line 5"])
        #expect(file.points.map(\.kind) == ["pee", "poo"])
        #expect(file.points[0].sourceKey == "45.0000000,14.0000000,2026-11-22T07:55:00.000Z,pee")
    }

    @Test func rowProblemsNameTheLine() throws {
        let file = try BusinessCSVReader.read(bytes("""
            time,lat,lon,kind,dog
            2026-11-22T07:55:00Z,45,14,wee-wee,Rex
            yesterday,45,14,pee,Rex
            2026-11-22T07:55:00Z,x,14,pee,Rex
            2026-11-22T07:55:00Z,45,14,pee
            2026-11-22T07:55:00Z,95,14,poo,Rex
            2026-11-22T07:55:00Z,,14,,Rex
            2026-11-22T07:55:00,45,14,poo,Rex
            2026-11-22T07:55:00Z,45,14,poo,"Rex
            """))
        #expect(file.points.isEmpty)
        #expect(file.problems == [
            "line 2: kind \"wee-wee\" must be pee or poo",
            "line 3: time \"yesterday\" is not an ISO 8601 time (e.g. 2026-11-22T07:55:00Z)",
            "line 4: lat \"x\" is not a number",
            "line 5: 4 fields, but the header has 5",
            "line 6: latitude 95 is out of range",
            "line 7: lat is empty; kind is empty (must be pee or poo)",
            "line 8: time \"2026-11-22T07:55:00\" has no zone (add Z for UTC, or an offset like +01:00)",
            "line 9: a quoted field is not closed before the end of the file",
        ])
    }

    /// A file on disk is read a piece at a time (`BusinessCSVFile`), twice: it gives what the same bytes read whole
    /// give, and a file that changed between the two readings imports nothing.
    @Test func aFileOnDiskReadsAsItsBytes() throws {
        let folder = TemporaryFolder()
        var text = "\u{FEFF}time,lat,lon,kind,dog,note\r\n"
        for row in 0..<30_000 {
            text += row % 1_000 == 7 ? "2026-11-22T07:55:00Z,x,14,pee,Rex,\r\n"
                : "2026-11-\(10 + row % 10)T08:00:00Z,48.\(row),2.3,\(row % 2 == 0 ? "pee" : "poo"),Rex,\"row \(row),\nquoted\"\r\n"
        }
        let path = folder.child("points.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try BusinessCSVReader.read(bytes(text))
        let file = try BusinessCSVFile(path: path)
        #expect(file.pointCount == whole.points.count && file.problems == whole.problems)
        #expect(file.problems.count == 30 && file.problems.first == "line 16: lat \"x\" is not a number")
        var points: [BusinessPoint] = []
        try file.forEachPoint { points.append($0) }
        #expect(points == whole.points)
        // Changed between the readings: one row fewer.
        try Data(text.dropLast(40).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: PointFileError.changedWhileReading) { try file.forEachPoint { _ in } }
        #expect(throws: PointFileError.unreadable("No such file or directory")) { try BusinessCSVFile(path: folder.child("none.csv")) }
    }

    @Test func notUTF8IsAnError() throws {
        let latin1: [UInt8] = Array("time,lat,lon,kind,dog\n,45,14,pee,".utf8) + [0xE9] + [0x0A]
        #expect(throws: PointFileError.notUTF8(line: 2, offset: 33, byte: 0xE9)) { try BusinessCSVReader.read(latin1) }
        #expect(PointFileError.notUTF8(line: 2, offset: 33, byte: 0xE9).description
                == "not UTF-8 text: byte 0xE9 on line 2 (offset 33) is not UTF-8; save the file as UTF-8")
    }
}
