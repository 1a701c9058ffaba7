import Foundation
import TroveIndex

/// Directions to a place, as links for the map applications: walking when it is near, transit beyond.
public struct Directions: Sendable, Equatable {
    public enum Mode: String, Sendable { case walking, transit }

    /// The default walking limit, in metres.
    public static let defaultWalkingLimit = 2_000.0

    public var from: Coordinates
    public var to: Coordinates
    /// The great-circle (haversine) distance, in metres.
    public var distance: Double
    public var mode: Mode

    /// Directions from `from` to `to`; walking up to `walkingLimit` metres (inclusive), transit beyond.
    public init(from: Coordinates, to: Coordinates, walkingLimit: Double = Directions.defaultWalkingLimit) {
        self.from = from
        self.to = to
        distance = GeoMath.distance(GeoPoint(latitude: from.latitude, longitude: from.longitude),
                                    GeoPoint(latitude: to.latitude, longitude: to.longitude))
        mode = distance <= walkingLimit ? .walking : .transit
    }

    /// Google Maps, with `travelmode`.
    public var googleMaps: String {
        "https://www.google.com/maps/dir/?api=1&origin=\(Self.pair(from))&destination=\(Self.pair(to))&travelmode=\(mode.rawValue)"
    }

    /// Apple Maps, with `dirflg` (`w` walking, `r` transit).
    public var appleMaps: String {
        "https://maps.apple.com/?saddr=\(Self.pair(from))&daddr=\(Self.pair(to))&dirflg=\(mode == .walking ? "w" : "r")"
    }

    /// OpenStreetMap's directions. It has no transit routing, so beyond walking distance it gives the car route.
    public var openStreetMap: String {
        let engine = mode == .walking ? "fossgis_osrm_foot" : "fossgis_osrm_car"
        return "https://www.openstreetmap.org/directions?engine=\(engine)&route=\(Self.pair(from))%3B\(Self.pair(to))"
    }

    /// The distance in words: "850 m", "2.4 km", "37 km".
    public var distanceText: String {
        if distance < 1_000 { return "\(Int(distance.rounded())) m" }
        if distance < 10_000 { return String(format: "%.1f km", distance / 1_000) }
        return "\(Int((distance / 1_000).rounded())) km"
    }

    private static func pair(_ point: Coordinates) -> String {
        "\(format(point.latitude)),\(format(point.longitude))"
    }

    private static func format(_ degrees: Double) -> String {
        let text = String(format: "%.7f", degrees)
        var trimmed = text
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed
    }
}
