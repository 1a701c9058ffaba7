import Foundation

/// Exports journal entries as Markdown files with YAML front matter, one folder per journal.
///
/// Each entry becomes `<journal-slug>/<yyyy-mm-dd>-<slug>-<id8>.md`, its photos and attachments
/// copied beside it as `<sha256>.<ext>`. Files an earlier export wrote are replaced, or removed when their
/// entry is gone; other files in the folder are left alone, and one in the way stops the export (see `ExportFolder`).
public enum MarkdownExport {
    /// Writes every entry (public or not) under `folder`.
    /// - Parameters:
    ///   - media: the bytes of a media file, or nil when it is missing (a warning, not a failure).
    ///   - force: overwrite a file in the way even if no earlier export wrote it.
    /// - Throws: `ExportError` for an unreadable date, a failed write, a file in the way (`notOurFile`), or a
    ///   media source that throws.
    @discardableResult
    public static func write(
        journals: [ExportedJournal], entries: [ExportedEntry], to folder: URL, force: Bool = false,
        media: @escaping ExportMediaSource
    ) throws -> ExportReport {
        try ExportFolder.perform(root: folder, kind: "markdown", force: force, media: media) { out in
            try write(journals: journals, entries: entries, into: &out)
        }
    }

    private static func write(journals: [ExportedJournal], entries: [ExportedEntry], into out: inout ExportFolder) throws {
        let journalFolders = uniqueJournalSlugs(journals)
        let journalsByID = Dictionary(journals.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var usedNames: Set<String> = []

        for entry in entries {
            guard let (time, zoneKnown) = ExportLocalTime.make(date: entry.date, zoneID: entry.timeZone) else {
                throw ExportError.invalidDate(entryID: entry.id, value: entry.date)
            }
            if !zoneKnown, let zone = entry.timeZone { out.warn(.unknownTimeZone(identifier: zone, entryID: entry.id)) }
            let journal = journalsByID[entry.journalID]
            if journal == nil { out.warn(.unknownJournal(journalID: entry.journalID, entryID: entry.id)) }
            let dir = journalFolders[entry.journalID] ?? ExportSlug.slug(entry.journalID, fallback: "journal")

            // Copy media first: the text and front matter name only files that exist.
            var fileNames: [String: String] = [:]
            for item in entry.photos + entry.attachments {
                if let name = try out.copyMedia(item, into: dir, entryID: entry.id) {
                    fileNames[item.sha256.lowercased()] = name
                }
            }
            let name = fileName(for: entry, day: time.dayStamp, in: dir, taken: &usedNames)
            let body = markdownBody(entry, fileNames: fileNames, warn: { out.warn($0) })
            let photos = entry.photos.compactMap { fileNames[$0.sha256.lowercased()] }
            let front = frontMatter(entry, journal: journal, time: time, photos: photos)
            try out.write(front + "\n" + body, to: "\(dir)/\(name)")
        }
    }

    /// Journal id → folder name; a repeated name gets its id appended so journals never share a folder.
    static func uniqueJournalSlugs(_ journals: [ExportedJournal]) -> [String: String] {
        var result: [String: String] = [:]
        var used: Set<String> = []
        for journal in journals where result[journal.id] == nil {
            var slug = ExportSlug.slug(journal.name, fallback: "journal")
            if used.contains(slug) { slug += "-" + ExportSlug.slug(String(journal.id.prefix(8)), fallback: "x") }
            var n = 2
            let base = slug
            while used.contains(slug) { slug = "\(base)-\(n)"; n += 1 }
            used.insert(slug)
            result[journal.id] = slug
        }
        return result
    }

    /// `<day>-<slug>-<id8>.md`; the full id is used if two entries would share a name.
    static func fileName(for entry: ExportedEntry, day: String, in dir: String, taken: inout Set<String>) -> String {
        let words = entry.title.flatMap { $0.isEmpty ? nil : $0 } ?? ExportSlug.firstWords(ofMarkdown: entry.text)
        let stem = "\(day)-\(ExportSlug.slug(words))"
        let safeID = ExportSlug.fileComponent(entry.id)
        var name = "\(stem)-\(safeID.prefix(8)).md"
        if taken.contains("\(dir)/\(name)") { name = "\(stem)-\(safeID).md" }
        taken.insert("\(dir)/\(name)")
        return name
    }

    /// The entry's text with media URLs pointing at the copied files, and unreferenced photos appended.
    static func markdownBody(_ entry: ExportedEntry, fileNames: [String: String], warn: (ExportWarning) -> Void) -> String {
        let known = ExportMediaReference.mediaByHash(entry)
        var text = ExportMediaReference.rewrite(entry.text) { hash in
            if known[hash] == nil { warn(.unresolvedMediaReference(sha256: hash, entryID: entry.id)) }
            return fileNames[hash]
        }
        let referenced = Set(ExportMediaReference.hashes(in: entry.text))
        var appended: [String] = []
        for photo in entry.photos where !referenced.contains(photo.sha256.lowercased()) {
            guard let file = fileNames[photo.sha256.lowercased()], !appended.contains(where: { $0.hasSuffix("(\(file))") }) else { continue }
            appended.append("![\(escapeLabel(photo.caption ?? ""))](\(file))")
        }
        if !appended.isEmpty {
            while text.hasSuffix("\n") { text.removeLast() }
            text += (text.isEmpty ? "" : "\n\n") + appended.joined(separator: "\n\n")
        }
        return text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
    }

    /// An image label that cannot end the `[...]` early or span lines.
    static func escapeLabel(_ s: String) -> String {
        var out = ""
        for c in s {
            if c.isNewline { out += " "; continue }
            if "\\[]".contains(c) { out += "\\" }
            out.append(c)
        }
        return out
    }

    static func frontMatter(
        _ entry: ExportedEntry, journal: ExportedJournal?, time: ExportLocalTime, photos: [String]
    ) -> String {
        var fields: [(String, ExportYAML.Value)] = [
            ("id", .string(entry.id)),
            ("journal", .string(journal?.name ?? entry.journalID)),
        ]
        if let title = entry.title, !title.isEmpty { fields.append(("title", .string(title))) }
        fields.append(("date", .string(time.isoWithOffset)))
        fields.append(("timezone", .string(time.zoneID)))
        fields.append(("tags", .list(entry.tags)))
        fields.append(("starred", .bool(entry.starred)))
        fields.append(("public", .bool(entry.isPublished(in: journal))))
        if let place = entry.place { fields.append(("place", .string(place))) }
        if let lat = entry.latitude { fields.append(("latitude", .number(lat))) }
        if let lon = entry.longitude { fields.append(("longitude", .number(lon))) }
        fields.append(("photos", .list(photos)))
        return ExportYAML.frontMatter(fields)
    }
}
