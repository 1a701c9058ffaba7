import TroveSchema
import TroveStore

/// Pee or poo.
public enum BusinessKind: String, Sendable, CaseIterable {
    case pee, poo
}

/// One pee or poo of a dog, as read from a `business` record.
public struct Business: Sendable, Equatable {
    public var id: String
    public var dogID: String
    public var kind: BusinessKind
    /// When it happened, a UTC timestamp.
    public var at: String
    public var latitude: Double
    public var longitude: Double
    public var note: String?

    public init?(_ record: Record) {
        let value = record.value
        guard record.type == RecordType.business, let dog = value["dogId"]?.stringValue,
              let kind = value["kind"]?.stringValue.flatMap(BusinessKind.init(rawValue:)), let at = value["at"]?.stringValue,
              let latitude = value["location"]?["lat"]?.doubleValue, let longitude = value["location"]?["lon"]?.doubleValue
        else { return nil }
        id = record.id
        dogID = dog
        self.kind = kind
        self.at = at
        self.latitude = latitude
        self.longitude = longitude
        note = value["note"]?.stringValue
    }
}
