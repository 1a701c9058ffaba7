import Foundation
import TroveJSON
import TroveStore

/// Where the user is now, kept in local state (never synced) and updated by hand or from a GPS.
public struct CurrentLocation: Sendable, Equatable {
    /// The local-state key.
    static let key = "here"

    public var coordinates: Coordinates
    /// When it was set, a UTC timestamp.
    public var at: String
    /// `manual`, or the kind of position source (`nmea`, `gpsd`, `owntracks`, `json`).
    public var source: String

    public init(coordinates: Coordinates, at: Date = Date(), source: String = "manual") {
        self.coordinates = coordinates
        self.at = Timestamp.string(at)
        self.source = source
    }

    /// The saved location of the store at `storePath`, if any.
    public static func read(storePath: String) -> CurrentLocation? {
        guard let value = LocalSettings(storePath: storePath).value(key),
              let latitude = value["lat"]?.doubleValue, let longitude = value["lon"]?.doubleValue,
              let coordinates = try? Coordinates(latitude: latitude, longitude: longitude)
        else { return nil }
        var location = CurrentLocation(coordinates: coordinates, source: value["source"]?.stringValue ?? "manual")
        location.at = value["at"]?.stringValue ?? ""
        return location
    }

    /// Saves this as the current location of the store at `storePath`.
    public func save(storePath: String) throws {
        try LocalSettings(storePath: storePath).set(Self.key, [
            "lat": .double(coordinates.latitude), "lon": .double(coordinates.longitude),
            "at": .string(at), "source": .string(source),
        ])
    }

    /// Forgets the current location of the store at `storePath`.
    public static func clear(storePath: String) throws {
        try LocalSettings(storePath: storePath).set(key, nil)
    }

    /// The place a command works at: `--at` when given, else the saved location; refused when there is neither.
    public static func resolve(_ given: String?, storePath: String) throws -> Coordinates {
        if let given { return try Coordinates(parsing: given) }
        guard let saved = read(storePath: storePath) else { throw DogError.noLocation }
        return saved.coordinates
    }
}
