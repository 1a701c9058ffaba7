import Foundation

/// A business record as exported.
public struct ExportedBusiness: Sendable, Equatable {
    /// The record id (a lowercase UUID).
    public var id: String
    /// `"pee"` or `"poo"`.
    public var kind: String
    public var time: Date
    public var latitude: Double
    public var longitude: Double
    /// The dog record's id.
    public var dogID: String
    /// The dog's name, when known.
    public var dogName: String?
    public var note: String?

    public init(
        id: String, kind: String, time: Date, latitude: Double, longitude: Double,
        dogID: String, dogName: String? = nil, note: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.dogID = dogID
        self.dogName = dogName
        self.note = note
    }
}
