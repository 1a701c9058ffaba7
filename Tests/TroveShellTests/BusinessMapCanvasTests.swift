import Testing
import TroveKit
@testable import TroveShell

/// The terminal map drawn from a hand-made view at (0, 0), zoom 16, 20 × 5 cells.
struct BusinessMapCanvasTests {
    static func view(_ markers: [(dx: Int, dy: Int, kind: BusinessKind, count: Int, at: String)]) throws -> BusinessMapView {
        var view = BusinessMapView(center: try Coordinates(latitude: 0, longitude: 0), zoom: 16, width: 40, height: 20)
        for (number, marker) in markers.enumerated() {
            // A dot's centre, back to a place: dots are pixels from the canvas's top left.
            let place = view.projection.coordinates(x: view.originX + Double(marker.dx) + 0.5, y: view.originY + Double(marker.dy) + 0.5)
            let latest = MappedBusiness(id: "m\(number)", dogID: "dog", kind: marker.kind, at: marker.at,
                                        latitude: place.latitude, longitude: place.longitude)
            view.markers.append(BusinessMarker(point: MapPoint(x: Double(marker.dx), y: Double(marker.dy)),
                                               latest: latest, statistics: BusinessStatistics(count: marker.count, pees: 0, first: nil, last: marker.at)))
            view.dots.append((marker.dx, marker.dy))
            view.recordCount += marker.count
        }
        view.markers.sort { $0.latest.at > $1.latest.at }
        return view
    }

    @Test func drawsMarkersWithCountsTheUserNorthAndAScale() throws {
        let view = try Self.view([(4, 5, .poo, 12, "2026-11-22"), (30, 9, .pee, 1, "2026-11-21")])
        let lines = BusinessMapCanvas(view: view, here: try Coordinates(latitude: 0, longitude: 0)).render(color: false)
        #expect(lines.count == 5 && lines.allSatisfy { $0.count == 20 })
        #expect(lines[1].hasPrefix("  ●12"), "the poo at dot (4, 5) is in cell (2, 1): \(lines[1])")
        #expect(lines[2].contains("◉"), "the user at the centre, cell (10, 2)")
        #expect(lines[2].dropFirst(15).first == "○", "a single record has no count")
        #expect(lines[0].hasSuffix("N ") && lines[1].hasSuffix("↑ "))
        #expect(lines[4].contains(" m"), "the scale bar's label")
    }

    @Test func aCountNeverRunsIntoTheNextLabel() throws {
        // Two markers two cells apart on one row: the newer keeps its count, the older loses its own.
        let view = try Self.view([(8, 4, .poo, 39, "2026-11-22"), (12, 4, .pee, 31, "2026-11-21")])
        let row = BusinessMapCanvas(view: view, here: nil).render(color: false)[1]
        #expect(row.contains("●39") && !row.contains("3931") && !row.contains("○31"), "\(row)")
        let apart = BusinessMapCanvas(view: try Self.view([(8, 4, .poo, 39, "2026-11-22"), (20, 4, .pee, 31, "2026-11-21")]), here: nil)
        #expect(apart.render(color: false)[1].contains("●39   ○31"), "columns 4 and 10")
    }
}
