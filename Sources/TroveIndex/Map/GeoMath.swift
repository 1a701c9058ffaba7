import Foundation

/// A point on Earth in degrees.
public struct GeoPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A latitude/longitude box. `west > east` means it crosses the antimeridian.
public struct GeoBox: Sendable, Equatable {
    public var south: Double
    public var north: Double
    public var west: Double
    public var east: Double

    public init(south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// The box as one or two longitude ranges that do not cross the antimeridian.
    var longitudeRanges: [(Double, Double)] {
        west <= east ? [(west, east)] : [(west, 180), (-180, east)]
    }

    func contains(_ point: GeoPoint) -> Bool {
        guard point.latitude >= south && point.latitude <= north else { return false }
        return longitudeRanges.contains { point.longitude >= $0.0 && point.longitude <= $0.1 }
    }
}

/// Great-circle distances on a spherical Earth.
public enum GeoMath {
    /// The mean Earth radius, in metres.
    public static let earthRadius = 6_371_008.8

    /// The haversine distance between two points, in metres.
    public static func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let deltaPhi = (b.latitude - a.latitude) * .pi / 180
        let deltaLambda = (b.longitude - a.longitude) * .pi / 180
        let h = sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// A box holding every point within `radius` metres of `center` (a little more, never less).
    static func boundingBox(around center: GeoPoint, radius: Double) -> GeoBox {
        let angular = radius / earthRadius * 180 / .pi
        let south = center.latitude - angular, north = center.latitude + angular
        // Near a pole the circle covers every longitude.
        if south <= -90 || north >= 90 {
            return GeoBox(south: max(-90, south), north: min(90, north), west: -180, east: 180)
        }
        // The widest longitude spread of the circle, where it touches its tangent meridians.
        let ratio = sin(angular * .pi / 180) / cos(center.latitude * .pi / 180)
        if ratio >= 1 { return GeoBox(south: south, north: north, west: -180, east: 180) }
        let spread = asin(ratio) * 180 / .pi
        var west = center.longitude - spread, east = center.longitude + spread
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return GeoBox(south: south, north: north, west: west, east: east)
    }
}
