import Foundation


/// The web map projection at one zoom level, in pixels of 256-pixel tiles; a braille dot is one pixel.
///
/// Zoom 0 shows the world in 256 pixels, and each level doubles that. Using the tiled maps' zoom
/// means `--zoom 16` shows what a phone map at zoom 16 shows, and clusters fall on a fixed grid
/// that does not move with the window.
public struct WebMercator: Sendable, Equatable {
    /// The projection's sphere: WGS 84's equatorial radius, in metres, as every web map uses.
    static let earthRadius = 6_378_137.0
    /// The projection's edge: latitudes beyond it are drawn at it.
    public static let latitudeLimit = 85.051_128_78
    /// The zooms a map may use.
    public static let zooms = 0...22

    public let zoom: Int
    /// The world's width (and height) in pixels.
    public let worldSize: Double

    public init(zoom: Int) {
        self.zoom = min(max(zoom, Self.zooms.lowerBound), Self.zooms.upperBound)
        worldSize = 256 * pow(2, Double(self.zoom))
    }

    /// The pixel of a point: x grows east from the antimeridian, y grows south from the top edge.
    public func pixel(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let latitude = min(max(latitude, -Self.latitudeLimit), Self.latitudeLimit) * .pi / 180
        let x = (longitude + 180) / 360 * worldSize
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2 * worldSize
        return (x, y)
    }

    /// The point at a pixel; x wraps around the world.
    public func coordinates(x: Double, y: Double) -> GeoPoint {
        var longitude = x / worldSize * 360 - 180
        longitude = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if longitude < 0 { longitude += 360 }
        let latitude = atan(sinh(.pi * (1 - 2 * y / worldSize))) * 180 / .pi
        return GeoPoint(latitude: latitude, longitude: longitude - 180)
    }

    /// How many metres one pixel spans on the ground at `latitude`.
    public func metresPerPixel(atLatitude latitude: Double) -> Double {
        cos(min(max(latitude, -Self.latitudeLimit), Self.latitudeLimit) * .pi / 180) * 2 * .pi * Self.earthRadius / worldSize
    }

    /// The closest zoom at which `radius` metres around `latitude` fits in `pixels` pixels from the centre.
    public static func zoom(fitting radius: Double, pixels: Int, atLatitude latitude: Double) -> Int {
        guard radius > 0, pixels > 0 else { return zooms.upperBound }
        for zoom in zooms.reversed() where WebMercator(zoom: zoom).metresPerPixel(atLatitude: latitude) * Double(pixels) >= radius {
            return zoom
        }
        return zooms.lowerBound
    }

    /// The box of points whose pixels lie within `rect` (x may run past the world's edges: it wraps).
    public func box(minX: Double, minY: Double, maxX: Double, maxY: Double) -> GeoBox {
        let north = coordinates(x: minX, y: max(0, minY)).latitude
        let south = coordinates(x: minX, y: min(worldSize, maxY)).latitude
        if maxX - minX >= worldSize { return GeoBox(south: south, north: north, west: -180, east: 180) }
        let west = coordinates(x: minX, y: 0).longitude
        var east = coordinates(x: maxX, y: 0).longitude
        // The wrap maps the world's east edge to -180; a box ending there ends at 180.
        if east == -180 && maxX > minX { east = 180 }
        return GeoBox(south: south, north: north, west: west, east: east)
    }
}
