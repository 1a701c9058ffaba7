import TroveJSON
import TroveSchema
import TroveStore

/// One journal entry, as read from an `entry` record.
public struct Entry: Sendable, Equatable {
    public struct Photo: Sendable, Equatable {
        public var id: String
        /// The SHA-256 of the image.
        public var media: String
        public var caption: String?
    }

    public struct Attachment: Sendable, Equatable {
        public var id: String
        public var media: String
        /// `audio`, `video` or `pdf`.
        public var kind: String
        public var caption: String?
    }

    public struct Location: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var place: String?
        public var locality: String?
        public var region: String?
        public var country: String?

        /// The place and the larger places around it, most specific first.
        public var description: String? {
            let parts = [place, locality, region, country].compactMap { $0 }
            return parts.isEmpty ? nil : parts.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")
        }
    }

    public var id: String
    public var journalID: String
    public var title: String?
    /// Markdown.
    public var text: String
    public var tags: [String]
    public var location: Location?
    public var photos: [Photo]
    public var attachments: [Attachment]
    public var starred: Bool
    /// `nil` follows the journal.
    public var isPublic: Bool?
    /// When the entry is about, as a UTC timestamp.
    public var date: String
    public var timeZone: String?
    public var createdAt: String
    public var updatedAt: String
    public var weather: JSONValue?

    public init?(_ record: Record) {
        let value = record.value
        guard record.type == RecordType.entry, let journal = value["journalId"]?.stringValue, let date = value["date"]?.stringValue else { return nil }
        id = record.id
        journalID = journal
        title = value["title"]?.stringValue
        text = value["text"]?.stringValue ?? ""
        tags = value["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        location = value["location"].flatMap { location in
            guard let lat = location["lat"]?.doubleValue, let lon = location["lon"]?.doubleValue else { return nil }
            return Location(latitude: lat, longitude: lon, place: location["place"]?.stringValue, locality: location["locality"]?.stringValue,
                            region: location["region"]?.stringValue, country: location["country"]?.stringValue)
        }
        photos = value["photos"]?.arrayValue?.compactMap { photo in
            guard let id = photo["id"]?.stringValue, let media = photo["media"]?.stringValue else { return nil }
            return Photo(id: id, media: media, caption: photo["caption"]?.stringValue)
        } ?? []
        attachments = value["attachments"]?.arrayValue?.compactMap { item in
            guard let id = item["id"]?.stringValue, let media = item["media"]?.stringValue, let kind = item["kind"]?.stringValue else { return nil }
            return Attachment(id: id, media: media, kind: kind, caption: item["caption"]?.stringValue)
        } ?? []
        starred = value["starred"]?.boolValue ?? false
        isPublic = value["public"]?.boolValue
        self.date = date
        timeZone = value["timeZone"]?.stringValue
        createdAt = record.createdAt ?? ""
        updatedAt = record.updatedAt ?? ""
        weather = value["weather"]
    }
}
