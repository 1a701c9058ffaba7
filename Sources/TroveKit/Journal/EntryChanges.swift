import Foundation
import TroveJSON
import TroveStore

/// What `entry new` and `entry edit` ask for: each field given replaces, adds to or removes from the entry.
public struct EntryChanges: Sendable {
    public var text: String?
    /// A journal name or id.
    public var journal: String?
    public var addTags: [String] = []
    public var removeTags: [String] = []
    /// Image files to attach, in order.
    public var addPhotos: [String] = []
    /// Photos to remove: a 1-based position, a photo id, or the start of a media hash.
    public var removePhotos: [String] = []
    public var position: Coordinates?
    public var place: String?
    public var date: Date?
    public var starred: Bool?
    public var isPublic: Bool?
    public var timeZone: TimeZone?

    public init() {}

    /// A tag as stored: trimmed, without a leading '#' people type from habit.
    public static func tag(_ text: String) -> String {
        var tag = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if tag.hasPrefix("#") { tag = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces) }
        return tag
    }

    /// Applies every change to an entry's fields; photo files must already be stored (`photos`, in order).
    func apply(to fields: inout [String: JSONValue], photos newPhotos: [MediaReference]) throws {
        if let text { fields["text"] = .string(text) }
        var tags = fields["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let removed = Set(removeTags.map(Self.tag))
        tags.removeAll { removed.contains($0) }
        for tag in addTags.map(Self.tag) where !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        fields["tags"] = tags.isEmpty ? nil : .array(tags.map { .string($0) })

        var photos = fields["photos"]?.arrayValue ?? []
        for selector in removePhotos {
            guard let index = Self.photoIndex(selector, in: photos) else { throw JournalError.noSuchPhoto(selector, count: photos.count) }
            photos.remove(at: index)
        }
        for reference in newPhotos {
            photos.append(["id": .string(RecordID.make()), "media": .string(reference.sha256)])
        }
        fields["photos"] = photos.isEmpty ? nil : .array(photos)

        if let position {
            var location: [String: JSONValue] = ["lat": .double(position.latitude), "lon": .double(position.longitude)]
            if let place = place ?? fields["location"]?["place"]?.stringValue, !place.isEmpty { location["place"] = .string(place) }
            fields["location"] = .object(location)
        } else if let place {
            guard var location = fields["location"]?.objectValue else { throw JournalError.placeWithoutPosition }
            location["place"] = place.isEmpty ? nil : .string(place)
            fields["location"] = .object(location)
        }
        if let date { fields["date"] = .string(Timestamp.string(date)) }
        if let timeZone { fields["timeZone"] = .string(timeZone.identifier) }
        if let starred { fields["starred"] = .bool(starred) }
        if let isPublic { fields["public"] = .bool(isPublic) }

        let text = fields["text"]?.stringValue ?? ""
        if text.allSatisfy(\.isWhitespace) && photos.isEmpty && (fields["attachments"]?.arrayValue ?? []).isEmpty {
            throw JournalError.emptyEntry
        }
    }

    /// The position of the photo `selector` names: 1-based number, photo id, or a media hash prefix of 6+ digits.
    static func photoIndex(_ selector: String, in photos: [JSONValue]) -> Int? {
        if let number = Int(selector) { return number >= 1 && number <= photos.count ? number - 1 : nil }
        if let index = photos.firstIndex(where: { $0["id"]?.stringValue == selector }) { return index }
        guard selector.count >= 6 else { return nil }
        let matches = photos.indices.filter { photos[$0]["media"]?.stringValue?.hasPrefix(selector.lowercased()) == true }
        return matches.count == 1 ? matches[0] : nil
    }
}
