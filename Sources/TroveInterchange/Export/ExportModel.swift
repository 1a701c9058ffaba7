/// The owner of a store, as shown at the top of an exported site.
public struct ExportedProfile: Sendable, Equatable {
    public var displayName: String?
    public var username: String?
    /// Markdown.
    public var bio: String?
    public var avatar: ExportedMedia?

    public init(displayName: String? = nil, username: String? = nil, bio: String? = nil, avatar: ExportedMedia? = nil) {
        self.displayName = displayName
        self.username = username
        self.bio = bio
        self.avatar = avatar
    }
}

/// A journal, the folder or page its entries are grouped under.
public struct ExportedJournal: Sendable, Equatable {
    public var id: String
    public var name: String
    public var description: String?
    /// Whether the journal's entries are published by default.
    public var isPublic: Bool

    public init(id: String, name: String, description: String? = nil, isPublic: Bool = false) {
        self.id = id
        self.name = name
        self.description = description
        self.isPublic = isPublic
    }
}

/// A stored media file, named by the SHA-256 of its bytes.
public struct ExportedMedia: Sendable, Equatable, Hashable {
    /// Lowercase hex SHA-256 of the bytes.
    public var sha256: String
    /// Without the dot: jpg, png, gif, webp, heic, mp4, m4a, mov, pdf…
    public var fileExtension: String
    public var caption: String?

    public init(sha256: String, fileExtension: String, caption: String? = nil) {
        self.sha256 = sha256
        self.fileExtension = fileExtension
        self.caption = caption
    }
}

/// One journal entry to export.
public struct ExportedEntry: Sendable, Equatable {
    public var id: String
    public var journalID: String
    public var title: String?
    /// Markdown; may reference media as `![caption](trove-media:<sha256>)`.
    public var text: String
    /// UTC instant, like `2026-11-22T07:30:00.000Z`.
    public var date: String
    /// IANA zone the entry was written in (`Europe/Paris`); dates are shown in it.
    public var timeZone: String?
    public var tags: [String]
    public var starred: Bool
    /// nil: follow the journal.
    public var isPublic: Bool?

    /// Whether an export publishes it, given its journal: its own choice, else the journal's (the one rule the
    /// HTML site and the Markdown front matter both follow).
    public func isPublished(in journal: ExportedJournal?) -> Bool { isPublic ?? journal?.isPublic ?? false }

    public var place: String?
    public var latitude: Double?
    public var longitude: Double?
    /// In display order.
    public var photos: [ExportedMedia]
    /// Audio, video, PDF.
    public var attachments: [ExportedMedia]

    public init(
        id: String, journalID: String, title: String? = nil, text: String, date: String,
        timeZone: String? = nil, tags: [String] = [], starred: Bool = false, isPublic: Bool? = nil,
        place: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        photos: [ExportedMedia] = [], attachments: [ExportedMedia] = []
    ) {
        self.id = id
        self.journalID = journalID
        self.title = title
        self.text = text
        self.date = date
        self.timeZone = timeZone
        self.tags = tags
        self.starred = starred
        self.isPublic = isPublic
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.photos = photos
        self.attachments = attachments
    }
}

/// Reads a media file's bytes; nil when the file is missing (the export warns and goes on).
public typealias ExportMediaSource = (ExportedMedia) throws -> [UInt8]?
