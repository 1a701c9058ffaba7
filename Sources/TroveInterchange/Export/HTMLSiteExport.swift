import Foundation

/// Exports the public entries as a static site that works offline from `file://`.
///
/// An entry is published when `entry.isPublic ?? journal.isPublic`. Nothing else reaches the output:
/// no page, list, search text or media file mentions an unpublished entry, and a private journal's
/// name is never shown. Pages: `index.html`, `all.html`, `journals/<slug>.html` (public journals),
/// `entries/<id>.html`; shared `style.css` and `site.js`; media in `media/<sha256>.<ext>`.
public enum HTMLSiteExport {
    /// How many entries the index lists before pointing to `all.html`.
    static let latestCount = 10

    /// Writes the site under `folder`, replacing the pages of an earlier export and deleting those of entries
    /// no longer published; files it did not write are left alone (see `ExportFolder`).
    /// - Parameters:
    ///   - media: the bytes of a media file, or nil when it is missing (a warning, not a failure).
    ///   - force: overwrite a file in the way even if no earlier export wrote it.
    /// - Throws: `ExportError` for a published entry with an unreadable date, a failed write, a file in the way
    ///   (`notOurFile`), or a media source that throws.
    @discardableResult
    public static func write(
        profile: ExportedProfile, journals: [ExportedJournal], entries: [ExportedEntry], to folder: URL,
        force: Bool = false, media: @escaping ExportMediaSource
    ) throws -> ExportReport {
        try ExportFolder.perform(root: folder, kind: "html", force: force, media: media) { out in
            let site = try publishedSite(profile: profile, journals: journals, entries: entries, out: &out)
            let pages = HTMLSitePages(site: site)

            try out.write(HTMLSiteAssets.css, to: "style.css")
            try out.write(HTMLSiteAssets.javaScript, to: "site.js")
            try out.write(pages.index(), to: "index.html")
            try out.write(pages.allEntries(), to: "all.html")
            for journal in site.journals {
                try out.write(pages.journal(journal), to: "journals/\(journal.page)")
            }
            for (position, entry) in site.entries.enumerated() {
                try out.write(pages.entry(at: position), to: "entries/\(entry.page)")
            }
        }
    }

    /// Selects what is published, parses its dates and copies its media.
    static func publishedSite(
        profile: ExportedProfile, journals: [ExportedJournal], entries: [ExportedEntry], out: inout ExportFolder
    ) throws -> HTMLSite {
        let journalsByID = Dictionary(journals.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let slugs = MarkdownExport.uniqueJournalSlugs(journals.filter(\.isPublic))

        var published: [HTMLSite.Entry] = []
        var usedPages: Set<String> = []
        for entry in entries {
            let journal = journalsByID[entry.journalID]
            if journal == nil { out.warn(.unknownJournal(journalID: entry.journalID, entryID: entry.id)) }
            guard entry.isPublished(in: journal) else { continue }
            guard let (time, zoneKnown) = ExportLocalTime.make(date: entry.date, zoneID: entry.timeZone) else {
                throw ExportError.invalidDate(entryID: entry.id, value: entry.date)
            }
            if !zoneKnown, let zone = entry.timeZone { out.warn(.unknownTimeZone(identifier: zone, entryID: entry.id)) }

            var files: [String: String] = [:]
            for item in entry.photos + entry.attachments {
                if let name = try out.copyMedia(item, into: "media", entryID: entry.id) {
                    files[item.sha256.lowercased()] = name
                }
            }
            for hash in ExportMediaReference.hashes(in: entry.text)
            where ExportMediaReference.mediaByHash(entry)[hash] == nil {
                out.warn(.unresolvedMediaReference(sha256: hash, entryID: entry.id))
            }
            var page = ExportSlug.fileComponent(entry.id)
            let base = page
            var n = 2
            while usedPages.contains(page) { page = "\(base)-\(n)"; n += 1 }
            usedPages.insert(page)

            let publicJournal = journal.flatMap { $0.isPublic ? $0 : nil }
            published.append(HTMLSite.Entry(
                entry: entry, time: time, page: page + ".html",
                journal: publicJournal.map { HTMLSite.Journal(journal: $0, page: slugs[$0.id]! + ".html") },
                mediaFiles: files))
        }
        // Newest first; ties broken by id so the order never depends on the input's.
        published.sort { a, b in
            a.time.instant != b.time.instant ? a.time.instant > b.time.instant : a.entry.id < b.entry.id
        }

        var avatarFile: String?
        if let avatar = profile.avatar {
            avatarFile = try out.copyMedia(avatar, into: "media", entryID: nil)
        }
        let publicJournals = journals.filter(\.isPublic).compactMap { j in
            slugs[j.id].map { HTMLSite.Journal(journal: j, page: $0 + ".html") }
        }
        return HTMLSite(profile: profile, avatarFile: avatarFile, journals: publicJournals, entries: published)
    }
}

/// What the site shows: only published material, already checked.
struct HTMLSite {
    struct Journal {
        var journal: ExportedJournal
        /// File name inside `journals/`.
        var page: String
    }

    struct Entry {
        var entry: ExportedEntry
        var time: ExportLocalTime
        /// File name inside `entries/`.
        var page: String
        /// The entry's journal when that journal is public; a private journal is never named.
        var journal: Journal?
        /// Lowercased hash → file name inside `media/`, for the media that were copied.
        var mediaFiles: [String: String]
    }

    var profile: ExportedProfile
    var avatarFile: String?
    var journals: [Journal]
    /// Newest first.
    var entries: [Entry]

    var siteName: String {
        profile.displayName.flatMap { $0.isEmpty ? nil : $0 }
            ?? profile.username.flatMap { $0.isEmpty ? nil : "@" + $0 } ?? "Journal"
    }
}
