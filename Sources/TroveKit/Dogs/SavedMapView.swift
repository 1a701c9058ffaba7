import Foundation
import TroveJSON
import TroveStore

/// Where the map was last looked at, in local state: its centre and zoom.
///
/// The map follows the current location, unless it was moved (`--around`, `business show`) after
/// the location last changed; `--center` brings it back, as the seed's centring button does.
public struct SavedMapView: Sendable, Equatable {
    static let key = "mapView"
    /// The zoom a map starts at: a few streets across in a usual terminal.
    public static let defaultZoom = 16

    public var center: Coordinates?
    public var zoom: Int
    /// When the centre was chosen, a UTC timestamp.
    public var at: String

    public init(center: Coordinates?, zoom: Int, at: Date = Date()) {
        self.center = center
        self.zoom = zoom
        self.at = Timestamp.string(at)
    }

    /// The saved view of the store at `storePath`; the default zoom and no centre when none is saved.
    public static func read(storePath: String) -> SavedMapView {
        let value = LocalSettings(storePath: storePath).value(key)
        var view = SavedMapView(center: nil, zoom: value?["zoom"]?.intValue ?? defaultZoom)
        if let latitude = value?["lat"]?.doubleValue, let longitude = value?["lon"]?.doubleValue {
            view.center = try? Coordinates(latitude: latitude, longitude: longitude)
        }
        view.at = value?["at"]?.stringValue ?? ""
        return view
    }

    public func save(storePath: String) throws {
        var fields: [String: JSONValue] = ["zoom": .integer(zoom), "at": .string(at)]
        if let center { fields["lat"] = .double(center.latitude); fields["lon"] = .double(center.longitude) }
        try LocalSettings(storePath: storePath).set(Self.key, .object(fields))
    }

    /// The centre to draw: the saved one if it was chosen after the location last changed, else the location.
    public func centre(following location: CurrentLocation?) -> Coordinates? {
        guard let center else { return location?.coordinates }
        guard let location else { return center }
        return location.at > at ? location.coordinates : center
    }
}
