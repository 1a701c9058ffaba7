import Foundation
import TroveKit
import TroveSchema
import TroveStore

/// What the exporters need from a store: its journals, entries and profile as export models, and its media.
public struct StoreExportSource {
    public let store: Store
    public let journals: [ExportedJournal]
    public let entries: [ExportedEntry]
    public let profile: ExportedProfile

    /// Reads every journal and entry at HEAD, and the profile of `account` (or of the store's first account).
    public init(store: Store, account: Account? = nil) throws {
        self.store = store
        var kinds: [String: String] = [:]
        func media(_ sha256: String, caption: String? = nil) throws -> ExportedMedia {
            if kinds[sha256] == nil { kinds[sha256] = try store.mediaKind(sha256: sha256)?.rawValue ?? "bin" }
            return ExportedMedia(sha256: sha256, fileExtension: kinds[sha256]!, caption: caption)
        }
        journals = try JournalBook(store: store).all().map {
            ExportedJournal(id: $0.id, name: $0.name, description: $0.description, isPublic: $0.isPublic)
        }
        entries = try store.records(ofType: RecordType.entry).compactMap(Entry.init).map { entry in
            ExportedEntry(
                id: entry.id, journalID: entry.journalID, title: entry.title, text: entry.text, date: entry.date,
                timeZone: entry.timeZone, tags: entry.tags, starred: entry.starred, isPublic: entry.isPublic,
                place: entry.location?.description, latitude: entry.location?.latitude, longitude: entry.location?.longitude,
                photos: try entry.photos.map { try media($0.media, caption: $0.caption) },
                attachments: try entry.attachments.map { try media($0.media, caption: $0.caption) })
        }
        let books = AccountBook(store: store)
        if let account = try account ?? books.all().first {
            let found = try ProfileBook(store: store).profile(of: account)
            profile = ExportedProfile(displayName: found?.displayName, username: account.username, bio: found?.bio,
                                      avatar: try found?.avatar.map { try media($0) })
        } else {
            profile = ExportedProfile()
        }
    }

    /// The bytes of one media file, for the exporters to copy.
    public func bytes(_ media: ExportedMedia) throws -> [UInt8]? {
        try store.media(sha256: media.sha256)
    }
}
