import Foundation

/// Links that show a place in map applications: OpenStreetMap, Google Maps, and a `geo:` URI (RFC 5870)
/// that the desktop's default map application opens.
///
/// Coordinates give exact links; an address alone gives searches for it.
public struct MapLinks: Sendable, Equatable {
    public var openStreetMap: String
    public var googleMaps: String
    public var geo: String

    /// The links for `place`.
    public init(_ place: Event.Place) {
        if let point = place.coordinates {
            let lat = Self.degrees(point.latitude), lon = Self.degrees(point.longitude)
            openStreetMap = "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)"
            googleMaps = "https://www.google.com/maps/search/?api=1&query=\(lat),\(lon)"
            geo = "geo:\(lat),\(lon)" + (place.address.map { "?q=\(lat),\(lon)(\(Self.escaped($0)))" } ?? "")
        } else {
            let query = Self.escaped(place.address ?? "")
            openStreetMap = "https://www.openstreetmap.org/search?query=\(query)"
            googleMaps = "https://www.google.com/maps/search/?api=1&query=\(query)"
            geo = "geo:0,0?q=\(query)"
        }
    }

    /// Percent-escaped for a query value.
    static func escaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func degrees(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
