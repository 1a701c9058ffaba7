import Foundation

/// A point on Earth as the user types it: `LAT,LON` in decimal degrees.
public struct Coordinates: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) throws {
        guard (-90...90).contains(latitude) else { throw InputError.latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw InputError.longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `48.8722,2.3659` (spaces allowed after the comma).
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              latitude.isFinite, longitude.isFinite
        else { throw InputError.invalidCoordinates(text) }
        try self.init(latitude: latitude, longitude: longitude)
    }
}
