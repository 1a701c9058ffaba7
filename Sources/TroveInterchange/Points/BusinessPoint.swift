import Foundation

/// One pee or poo read from a file, before it becomes a record.
///
/// The readers (`GPXReader`, `GeoJSONReader`, `BusinessCSVReader`) only report what the
/// file says; turning a point into a business record (picking the dog, the id) is the
/// importer's job, which is why `dog` is free text and `recordID` is only a hint.
public struct BusinessPoint: Sendable, Equatable {
    /// Degrees north, within ±90.
    public var latitude: Double
    /// Degrees east, within ±180.
    public var longitude: Double
    /// `"pee"` or `"poo"`, or nil when the source does not say.
    public var kind: String?
    /// When it happened, or nil when the source has no time.
    public var time: Date?
    /// A dog's name or id, as the source gives it.
    public var dog: String?
    /// Free text that came with the point (a GPX description, a GeoJSON or CSV note).
    public var note: String?
    /// The record id of a Trove export (a lowercase UUID), or nil for any other source.
    public var recordID: String?
    /// A stable key for idempotent ids: `"<lat>,<lon>,<time or ''>,<kind or ''>"`, 7 decimals.
    public var sourceKey: String
    /// Where the point is in the file, for messages: `"waypoint 3"`, `"feature 2"`, `"line 5"`.
    public var position: String

    /// A point; `sourceKey` is computed from the coordinates, time and kind.
    public init(
        latitude: Double, longitude: Double, kind: String?, time: Date?, dog: String? = nil,
        note: String? = nil, recordID: String? = nil, position: String
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.kind = kind
        self.time = time
        self.dog = dog
        self.note = note
        self.recordID = recordID
        self.sourceKey = PointFormat.sourceKey(latitude: latitude, longitude: longitude, time: time, kind: kind)
        self.position = position
    }
}

/// What a file held: points, and why others were not taken.
public struct PointFile: Sendable, Equatable {
    /// The points that could be read, in file order.
    public var points: [BusinessPoint]
    /// One line per point left out, each naming its position: `"waypoint 4: no lat/lon attributes"`.
    public var problems: [String]
    /// Things left alone that are not errors, such as tracks and routes in a GPX file.
    public var notes: [String]
    /// When the file as a whole was made (GPX metadata), for points that carry no time of their own.
    public var fileTime: Date?

    public init(points: [BusinessPoint] = [], problems: [String] = [], notes: [String] = [], fileTime: Date? = nil) {
        self.points = points
        self.problems = problems
        self.notes = notes
        self.fileTime = fileTime
    }
}
