import Foundation

/// Maps latitude and longitude to canvas dots around a centre: north up, east right, equirectangular.
///
/// East–west distances are scaled by the cosine of the centre's latitude, which is accurate for the
/// few kilometres a terminal map shows and distorts more the farther a point is from the centre's
/// latitude. Longitudes wrap, so a map across the 180° meridian works. Braille dots are about square
/// in usual terminal fonts (a cell is about twice as tall as wide and holds 2 × 4 dots), so one scale
/// serves both axes.
struct MapProjection: Sendable {
    /// The mean Earth radius, in metres.
    static let earthRadius = 6_371_008.8

    var latitude: Double
    var longitude: Double
    var metresPerDot: Double
    /// The dot the centre falls on.
    var center: BrailleCanvas.Dot

    /// A projection showing (`latitude`, `longitude`) at the dot `center`.
    init(latitude: Double, longitude: Double, metresPerDot: Double, center: BrailleCanvas.Dot) {
        self.latitude = latitude
        self.longitude = longitude
        self.metresPerDot = metresPerDot
        self.center = center
    }

    /// A projection showing (`latitude`, `longitude`) at the middle of `canvas`.
    init(latitude: Double, longitude: Double, metresPerDot: Double, canvas: BrailleCanvas) {
        self.init(latitude: latitude, longitude: longitude, metresPerDot: metresPerDot,
                  center: BrailleCanvas.Dot(x: canvas.width / 2, y: canvas.height / 2))
    }

    /// The dot for a point, or nil when an input is not a finite number, the scale is not positive,
    /// or the point is absurdly far off the canvas (more than a trillion dots).
    ///
    /// Points off the canvas still get dots, so lines towards them are drawn up to the edge.
    func dot(latitude: Double, longitude: Double) -> BrailleCanvas.Dot? {
        guard metresPerDot > 0, metresPerDot.isFinite else { return nil }
        var degreesEast = (longitude - self.longitude).truncatingRemainder(dividingBy: 360)
        if degreesEast > 180 { degreesEast -= 360 } else if degreesEast < -180 { degreesEast += 360 }
        let radiansPerDegree = Double.pi / 180
        let east = degreesEast * radiansPerDegree * cos(self.latitude * radiansPerDegree) * Self.earthRadius
        let north = (latitude - self.latitude) * radiansPerDegree * Self.earthRadius
        let x = Double(center.x) + east / metresPerDot
        let y = Double(center.y) - north / metresPerDot
        // Written so NaN fails too; the bound also keeps the conversion to Int safe.
        guard abs(x) < 1e12, abs(y) < 1e12 else { return nil }
        return BrailleCanvas.Dot(x: Int(x.rounded()), y: Int(y.rounded()))
    }
}
