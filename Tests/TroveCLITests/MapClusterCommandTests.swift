import Foundation
import Testing
import TroveTestSupport

/// The map's markers cluster by distance on the picture drawn, the same for the terminal and the SVG.
@Suite("map markers through the command")
struct MapClusterCommandTests {
    static let latitude = 48.8725
    /// Zoom 16's world is 2^16 × 256 pixels wide; the old grid drew a line every 8 pixels.
    static let pixelsPerDegree = 65_536 * 256 / 360.0
    /// A longitude on an old grid line near 2.3651, and 3 m either way of it (1.9 pixels at this latitude).
    static let edge = (2.3651 * pixelsPerDegree / 8).rounded(.down) * 8 / pixelsPerDegree
    static let threeMetres = 3 / (111_320 * cos(latitude * .pi / 180))

    static func place(_ longitude: Double, latitude: Double = latitude) -> String { String(format: "%.7f,%.7f", latitude, longitude) }

    /// A store with Pixel and, per `records`, a record at a longitude and time; the ids, in order.
    static func store(_ records: [(kind: String, longitude: Double, time: String)]) throws -> (CLIFixture, [String]) {
        let fixture = try CLIFixture()
        try #require(fixture.trove("dog", "add", "Pixel").status == 0)
        let ids = try records.map { record in
            let made = try fixture.trove(record.kind, "--at", place(record.longitude), "--time", record.time, "--json")
            return try #require((parseJSON(made.stdout) as? [String: Any])?["id"] as? String, "\(made.stderr)")
        }
        return (fixture, ids)
    }

    /// The markers of `map --json` around the edge.
    static func markers(_ fixture: CLIFixture, _ extra: String...) throws -> [[String: Any]] {
        let output = try fixture.cli.run(["map", "--around", place(edge), "--zoom", "16", "--size", "40x10", "--json"] + extra)
        return try #require((parseJSON(output.stdout) as? [String: Any])?["markers"] as? [[String: Any]], "\(output.stderr)")
    }

    /// The SVG's markers: their classes and circles' centres.
    static func svgMarkers(_ fixture: CLIFixture, around: String) throws -> (markers: [(classes: String, x: Double, y: Double)], you: (x: Double, y: Double)?) {
        let file = fixture.folder.child("map.svg")
        let written = try fixture.trove("map", "--around", around, "--zoom", "16", "--size", "40x10", "--svg", file)
        try #require(written.status == 0, "\(written.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        func circles(_ pattern: String) throws -> [(String, Double, Double)] {
            let regex = try NSRegularExpression(pattern: pattern)
            return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
                let text = { (group: Int) in String(svg[Range(match.range(at: group), in: svg)!]) }
                return (text(1), Double(text(2))!, Double(text(3))!)
            }
        }
        let markers = try circles(#"<g class="(marker[^"]*)"><title>[^<]*</title><circle cx="([-\d.]+)" cy="([-\d.]+)""#)
        let you = try circles(#"<g class="(you)"><title>You</title><circle cx="([-\d.]+)" cy="([-\d.]+)""#).first
        return (markers.map { ($0.0, $0.1, $0.2) }, you.map { ($0.1, $0.2) })
    }

    @Test("two records 3 m apart across an old grid line are one marker, the newer, in the terminal and the SVG")
    func acrossTheOldGridLine() throws {
        let (fixture, ids) = try Self.store([("pee", Self.edge - Self.threeMetres / 2, "2026-01-05T10:00:00Z"),
                                             ("poo", Self.edge + Self.threeMetres / 2, "2026-01-05T10:05:00Z")])
        let markers = try Self.markers(fixture)
        #expect(markers.count == 1, "\(markers)")
        #expect(markers.first?["id"] as? String == ids[1] && markers.first?["count"] as? Int == 2, "the newer poo stands for both")
        let text = try fixture.trove("map", "--around", Self.place(Self.edge), "--zoom", "16", "--size", "40x10")
        let drawing = text.stdout.components(separatedBy: "\n").prefix { !$0.hasPrefix("◉ you") }.joined(separator: "\n")
        #expect(text.stdout.contains("2 records in 1 marker") && drawing.contains("●2") && !drawing.contains("○"), "\(text.stdout)")
        let svg = try Self.svgMarkers(fixture, around: Self.place(Self.edge))
        #expect(svg.markers.count == 1 && svg.markers.first?.classes == "marker poo", "\(svg.markers)")
    }

    @Test("the latest of a cluster is its newest record, whatever order they were written in")
    func latestIsNewest() throws {
        // Written newest first: the older record, written last, must not take the marker.
        let (fixture, ids) = try Self.store([("poo", Self.edge + Self.threeMetres / 2, "2026-01-05T12:00:00Z"),
                                             ("pee", Self.edge - Self.threeMetres / 2, "2026-01-05T09:00:00+09:00"),
                                             ("pee", Self.edge, "2026-01-04T23:00:00Z")])
        let markers = try Self.markers(fixture)
        #expect(markers.count == 1 && markers.first?["id"] as? String == ids[0] && markers.first?["count"] as? Int == 3, "\(markers)")
        #expect(markers.first?["kind"] as? String == "poo")
    }

    @Test("two records 100 m apart are two markers, and no two SVG circles overlap")
    func farApart() throws {
        let (fixture, _) = try Self.store([("pee", Self.edge - 50 / (111_320 * cos(Self.latitude * .pi / 180)), "2026-01-05T10:00:00Z"),
                                           ("poo", Self.edge + 50 / (111_320 * cos(Self.latitude * .pi / 180)), "2026-01-05T10:05:00Z")])
        #expect(try Self.markers(fixture).count == 2)
        let svg = try Self.svgMarkers(fixture, around: Self.place(Self.edge))
        #expect(svg.markers.count == 2 && abs(svg.markers[0].x - svg.markers[1].x) >= 16, "\(svg.markers)")
    }

    @Test("a record where the user stands is drawn just right of the location marker, not under it")
    func underTheUser() throws {
        let (fixture, ids) = try Self.store([("poo", Self.edge, "2026-01-05T10:00:00Z")])
        try #require(fixture.trove("here", Self.place(Self.edge)).status == 0)
        let text = try fixture.trove("map", "--around", Self.place(Self.edge), "--zoom", "16", "--size", "40x10")
        #expect(text.stdout.contains("◉●"), "the poo beside the location marker: \(text.stdout)")
        #expect(text.stdout.contains("records where you stand: the marker just right of ◉"), "the legend says so")
        let markers = try Self.markers(fixture)
        #expect(markers.count == 1 && markers.first?["id"] as? String == ids[0] && markers.first?["besideYou"] as? Bool == true)
        let svg = try Self.svgMarkers(fixture, around: Self.place(Self.edge))
        let you = try #require(svg.you)
        let marker = try #require(svg.markers.first)
        #expect(marker.classes == "marker poo beside-you")
        #expect(hypot(marker.x - you.x, marker.y - you.y) >= 8 + 12, "the circle clears the location marker's halo: \(marker) \(you)")
    }
}
