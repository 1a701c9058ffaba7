import Foundation
import Testing
@testable import TroveShell

struct MapProjectionTests {
    let metresPerDegree = MapProjection.earthRadius * .pi / 180
    let centre = BrailleCanvas.Dot(x: 40, y: 20)

    @Test func putsTheCentreOnTheCentreDot() {
        let projection = MapProjection(latitude: 48.2, longitude: 16.37, metresPerDot: 10, center: centre)
        #expect(projection.dot(latitude: 48.2, longitude: 16.37) == centre)
        let canvas = BrailleCanvas(columns: 40, rows: 10)
        let middle = MapProjection(latitude: 0, longitude: 0, metresPerDot: 1, canvas: canvas)
        #expect(middle.center == BrailleCanvas.Dot(x: 40, y: 20))
    }

    @Test func putsNorthUpAndEastRight() {
        let projection = MapProjection(latitude: 0, longitude: 0, metresPerDot: 10, center: centre)
        let step = 1000 / metresPerDegree
        #expect(projection.dot(latitude: step, longitude: 0) == BrailleCanvas.Dot(x: 40, y: -80))
        #expect(projection.dot(latitude: -step, longitude: 0) == BrailleCanvas.Dot(x: 40, y: 120))
        #expect(projection.dot(latitude: 0, longitude: step) == BrailleCanvas.Dot(x: 140, y: 20))
        #expect(projection.dot(latitude: 0, longitude: -step) == BrailleCanvas.Dot(x: -60, y: 20))
    }

    @Test func narrowsLongitudeByTheCentresLatitude() {
        let projection = MapProjection(latitude: 60, longitude: 10, metresPerDot: 10, center: centre)
        let step = 1000 / metresPerDegree
        // cos 60° = 0.5, so a degree of longitude is half as many metres as at the equator.
        #expect(projection.dot(latitude: 60, longitude: 10 + step) == BrailleCanvas.Dot(x: 90, y: 20))
    }

    @Test func wrapsAroundTheAntimeridian() {
        let projection = MapProjection(latitude: 0, longitude: 179.99, metresPerDot: 100, center: centre)
        let east = projection.dot(latitude: 0, longitude: -179.99)
        let expected = Int((0.02 * metresPerDegree / 100).rounded()) + 40
        #expect(east == BrailleCanvas.Dot(x: expected, y: 20))
        #expect(projection.dot(latitude: 0, longitude: 179.99 + 720) == centre)
    }

    @Test func refusesNonsense() {
        let projection = MapProjection(latitude: 0, longitude: 0, metresPerDot: 10, center: centre)
        #expect(projection.dot(latitude: .nan, longitude: 0) == nil)
        #expect(projection.dot(latitude: 0, longitude: .infinity) == nil)
        #expect(MapProjection(latitude: 0, longitude: 0, metresPerDot: 0, center: centre).dot(latitude: 0, longitude: 0) == nil)
        #expect(MapProjection(latitude: 0, longitude: 0, metresPerDot: -1, center: centre).dot(latitude: 0, longitude: 0) == nil)
        let tiny = MapProjection(latitude: 0, longitude: 0, metresPerDot: 1e-9, center: centre)
        #expect(tiny.dot(latitude: 10, longitude: 0) == nil, "too far to be a dot")
    }
}
