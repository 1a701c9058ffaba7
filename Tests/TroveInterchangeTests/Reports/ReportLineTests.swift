import Foundation
import Testing
import TroveInterchange
import TroveKit

/// Tracker report lines and item CSV rows, as files bring them.
@Suite("report lines and item rows")
struct ReportLineTests {
    static func parse(_ text: String) -> ReportLine.Parsed {
        ReportLine.parse(Array(text.utf8)[...], source: "file", latest: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func report(_ text: String) throws -> TrackerReport {
        guard case .report(let report) = parse(text) else { throw ReportTestFailure(text: text, result: parse(text)) }
        return report
    }

    static func problem(_ text: String) -> String? {
        if case .problem(let reason) = parse(text) { return reason }
        return nil
    }

    @Test("CSV and JSON lines give the same report; a MAC address becomes the tracker id")
    func bothShapes() throws {
        let csv = try Self.report("C4:7F:51:0A:9E:22,2026-11-21T16:40:05Z,48.8566135,2.3522219,12.5\r")
        let json = try Self.report(#"{"tracker":"c4-7f-51-0a-9e-22","time":"2026-11-21T17:40:05+01:00","lat":48.8566135,"lon":2.3522219,"accuracy":12.5}"#)
        #expect(csv == json)
        #expect(csv.trackerID == "c4-7f-51-0a-9e-22" && csv.accuracy == 12.5 && csv.source == "file")
        #expect(csv.at == Date(timeIntervalSince1970: 1_795_279_205))
        let aliases = try Self.report(#"{"trackerId":"c4-7f-51-0a-9e-22","at":1795279205,"lat":48.8566135,"lng":2.3522219,"acc":12.5}"#)
        #expect(aliases == csv, "trackerId, at (epoch seconds), lng and acc are read too")
        #expect(try Self.report("c4-7f-51-0a-9e-22,1795279205000,48.8566135,2.3522219,12.5") == csv, "epoch milliseconds")
        #expect(try Self.report("c4-7f-51-0a-9e-22,2026-11-21T16:40:05Z,48.8566135,2.3522219").accuracy == nil)
    }

    @Test("CSV rows are read as RFC 4180 reads them: quoted fields, doubled quotes, commas inside quotes")
    func quotedFields() throws {
        let plain = try Self.report("c4-7f-51-0a-9e-22,2026-11-21T16:40:05Z,48.8566135,2.3522219,12.5")
        #expect(try Self.report(#""c4-7f-51-0a-9e-22", "2026-11-21T16:40:05Z" ,"48.8566135",2.3522219,"12.5""#) == plain)
        // A comma inside quotes is part of the field: a decimal comma is a latitude that is not a number, not a
        // sixth field that shifts the others.
        #expect(Self.problem(#"c4-7f-51-0a-9e-22,2026-11-21T16:40:05Z,"48,8566135",2.3522219"#)?.contains("latitude that is not a number: '48,8566135'") == true)
        #expect(Self.problem(#"c4-7f-51-0a-9e-22,2026-11-21T16:40:05Z,"48.85,2.35"#)?.contains("quoted field that does not end") == true)
        #expect(Self.problem(#""tag ""one""",2026-11-21T16:40:05Z,48.8,2.35"#)?.contains(#"tracker id that is not one: 'tag "one"'"#) == true)
    }

    @Test("headers, blank lines and comments are not reports")
    func nothing() {
        for text in ["tracker,time,lat,lon,accuracy", "tracker,time,latitude,longitude", "", "   ", "# exported 2026-11-21"] {
            #expect(Self.parse(text) == .nothing, "\(text)")
        }
    }

    @Test("bad coordinates, times and shapes are named")
    func problems() {
        #expect(Self.problem("t1,2026-11-21T16:40:05Z,91,2.35")?.contains("latitude out of range") == true)
        #expect(Self.problem("t1,2026-11-21T16:40:05Z,48.8,-180.5")?.contains("longitude out of range") == true)
        #expect(Self.problem("t1,2026-11-21T16:40:05Z,north,2.35")?.contains("latitude that is not a number") == true)
        #expect(Self.problem("t1,yesterday,48.8,2.35")?.contains("time that does not read: 'yesterday'") == true)
        #expect(Self.problem("t1,2026-02-30T10:00:00Z,48.8,2.35")?.contains("time that does not read") == true)
        #expect(Self.problem("t1,2027-06-01T10:00:00Z,48.8,2.35")?.contains("time in the future") == true)
        #expect(Self.problem("t1,,48.8,2.35")?.contains("has no time") == true)
        #expect(Self.problem("t1,2026-11-21T16:40:05Z,48.8")?.contains("3 fields") == true)
        #expect(Self.problem("t1,2026-11-21T16:40:05Z,48.8,2.35,-3")?.contains("accuracy") == true)
        #expect(Self.problem("tag #1,2026-11-21T16:40:05Z,48.8,2.35")?.contains("tracker id") == true)
        #expect(Self.problem(#"{"tracker":"t1","time":"2026-11-21T16:40:05Z","lat":"x","lon":2}"#)?.contains("lat and lon") == true)
        #expect(Self.problem("{not json")?.contains("not a JSON object") == true)
    }

    @Test("item rows: Trove's columns in any order, Homebox's export, quoted fields")
    func itemRows() throws {
        let trove = try ItemCSVReader.read(Array("""
            notes,name,photo,tracker
            "Zip pocket, left",Blue backpack,photos/bag.jpg,AA:BB:CC:DD:EE:FF
            ,Keys,,

            """.utf8))
        #expect(trove.problems.isEmpty)
        #expect(trove.rows.map(\.name) == ["Blue backpack", "Keys"])
        #expect(trove.rows[0].notes == "Zip pocket, left" && trove.rows[0].photo == "photos/bag.jpg" && trove.rows[0].tracker == "AA:BB:CC:DD:EE:FF")
        #expect(trove.rows[1].notes == nil && trove.rows[1].tracker == nil && trove.rows[1].position == "line 3")

        let homebox = try ItemCSVReader.read(Array(#"""
            HB.import_ref,HB.location,HB.name,HB.quantity,HB.description,HB.notes
            ,Garage,Drill,1,Cordless drill,Battery in the drawer
            ,Hall,"Umbrella ""big""",1,,

            """#.utf8))
        #expect(homebox.rows.map(\.name) == ["Drill", #"Umbrella "big""#])
        #expect(homebox.rows[0].notes == "Cordless drill\n\nBattery in the drawer")
        #expect(throws: ItemCSVError.noNameColumn(found: ["title", "tracker"])) { try ItemCSVReader.read(Array("title,tracker\nx,y\n".utf8)) }
        let short = try ItemCSVReader.read(Array("name,notes\nKeys\n".utf8))
        #expect(short.problems == ["line 2: 1 fields, but the header has 2"])
    }
}

struct ReportTestFailure: Error, CustomStringConvertible {
    var text: String
    var result: ReportLine.Parsed
    var description: String { "\(text) gave \(result)" }
}
