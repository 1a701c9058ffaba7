import Testing
import TroveKit

/// The one rule the map's drawings share, on hand-placed points.
struct MarkerClusteringTests {
    static let cells = MarkerFootprint(width: 4, height: 4, youClearanceX: 2, youClearanceY: 4, unitsPerDot: 1)

    @Test("newest first, each point joins the first marker it would overlap; markers never overlap one another")
    func chain() {
        // 0 is newest. 1 is 3 dots from 0: one marker. 2 is 3 dots from 1 but 6 from 0: its own marker,
        // drawn at its place, which is clear of the first marker.
        let points = [MapPoint(x: 10, y: 10), MapPoint(x: 13, y: 10), MapPoint(x: 16, y: 10), MapPoint(x: 10, y: 14)]
        let groups = MarkerClustering.group(points, you: nil, footprint: Self.cells)
        #expect(groups.map(\.members) == [[0, 1], [2], [3]], "4 dots down is clear: the rule is 'closer than the footprint'")
        #expect(groups.map(\.point) == [points[0], points[2], points[3]])
        for (i, a) in groups.enumerated() { for b in groups[(i + 1)...] { #expect(!Self.cells.overlap(a.point, b.point)) } }
    }

    @Test("the footprint is in the drawing's units: 16-pixel circles at 4 pixels a dot overlap 3 dots apart, not 4")
    func drawnUnits() {
        let svg = MarkerFootprint(width: 16, height: 16, youClearanceX: 20, youClearanceY: 20, unitsPerDot: 4)
        #expect(svg.overlap(MapPoint(x: 0, y: 0), MapPoint(x: 3, y: 3)) && !svg.overlap(MapPoint(x: 0, y: 0), MapPoint(x: 4, y: 0)))
    }

    @Test("a point under the user is drawn beside them, and gathers what else would land there")
    func besideTheUser() {
        let you = MapPoint(x: 20, y: 20)
        let groups = MarkerClustering.group([MapPoint(x: 40, y: 40), MapPoint(x: 20, y: 21), MapPoint(x: 23, y: 20)], you: you, footprint: Self.cells)
        #expect(groups.map(\.members) == [[0], [1, 2]])
        #expect(groups[1].point == MapPoint(x: 22, y: 20) && groups[1].besideYou && !groups[0].besideYou)
        #expect(!Self.cells.hides(groups[1].point, you: you))
    }
}
