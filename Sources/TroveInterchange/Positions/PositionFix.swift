import Foundation
import TroveKit

/// One position reading from a GPS receiver, gpsd, OwnTracks or a plain JSON line.
public struct PositionFix: Sendable, Equatable {
    /// Degrees north of the equator (negative for south), WGS 84.
    public var latitude: Double
    /// Degrees east of Greenwich (negative for west), WGS 84.
    public var longitude: Double
    /// When the fix was taken, if the source says so (NMEA GGA does not carry a date).
    public var time: Date?
    /// The horizontal error in metres, if the source gives it (gpsd `eph`, OwnTracks `acc`).
    public var accuracy: Double?
    /// The kind of line the fix came from: `"nmea"`, `"gpsd"`, `"owntracks"` or `"json"`.
    public var source: String

    public init(latitude: Double, longitude: Double, time: Date? = nil, accuracy: Double? = nil, source: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.time = time
        self.accuracy = accuracy
        self.source = source
    }

    /// Whether the coordinates are finite and on the globe (±90°, ±180°).
    public var hasValidCoordinates: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
