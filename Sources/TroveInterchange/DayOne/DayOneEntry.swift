import Foundation
import TroveJSON
import TroveStore

/// One Day One entry, checked and cleaned, ready to import.
public struct DayOneEntry: Sendable, Hashable {
    /// Day One's identifier of the entry, 32 hex digits; stable across exports.
    public var uuid: String
    /// When the entry was written (or the day it is about).
    public var creationDate: Date
    /// When the entry was last edited, when the export says.
    public var modifiedDate: Date?
    /// The time zone the entry was written in, like `Europe/Dublin`.
    public var timeZone: String?
    /// The Markdown text with Day One's backslash escapes removed; empty when absent.
    ///
    /// Media still appear as `![](dayone-moment://ID)` links: see `DayOneText.rewritingMoments`.
    public var text: String
    /// The entry's tags, as Day One spells them.
    public var tags: [String]
    /// Whether the entry is starred (a favourite).
    public var starred: Bool
    /// Whether the entry is about a whole day rather than a moment.
    public var isAllDay: Bool
    /// Where the entry was written.
    public var location: DayOneLocation?
    /// Day One's weather record, kept whole since its fields vary between versions.
    public var weather: JSONValue?
    /// Photos, then videos, audio and PDFs; each kind ordered by `orderInEntry`, then as listed.
    public var media: [DayOneMedia]

    public init(
        uuid: String, creationDate: Date, modifiedDate: Date? = nil, timeZone: String? = nil,
        text: String = "", tags: [String] = [], starred: Bool = false, isAllDay: Bool = false,
        location: DayOneLocation? = nil, weather: JSONValue? = nil, media: [DayOneMedia] = []
    ) {
        self.uuid = uuid
        self.creationDate = creationDate
        self.modifiedDate = modifiedDate
        self.timeZone = timeZone
        self.text = text
        self.tags = tags
        self.starred = starred
        self.isAllDay = isAllDay
        self.location = location
        self.weather = weather
        self.media = media
    }

    /// `creationDate` in UTC with milliseconds, like `2024-04-16T23:00:00.000Z`.
    public var creationTimestamp: String { Timestamp.string(creationDate, rounded: .toNearestOrAwayFromZero) }

    /// `modifiedDate` in UTC with milliseconds, when there is one.
    public var modifiedTimestamp: String? { modifiedDate.map { Timestamp.string($0, rounded: .toNearestOrAwayFromZero) } }
}

/// Where a Day One entry was written.
public struct DayOneLocation: Sendable, Hashable {
    /// Degrees north, -90...90.
    public var latitude: Double
    /// Degrees east, -180...180.
    public var longitude: Double
    /// The place, like `Dundas Castle`.
    public var placeName: String?
    /// The town or city, like `Edinburgh`.
    public var localityName: String?
    /// The region, like `Scotland`.
    public var administrativeArea: String?
    /// The country, like `United Kingdom`.
    public var country: String?

    public init(
        latitude: Double, longitude: Double, placeName: String? = nil, localityName: String? = nil,
        administrativeArea: String? = nil, country: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
        self.localityName = localityName
        self.administrativeArea = administrativeArea
        self.country = country
    }
}
