import TroveJSON

/// One journal of a Day One export: the entries of one `<Journal Name>.json` file.
public struct DayOneJournal: Sendable, Hashable {
    /// The journal's name: its file name without `.json`, like `Dev Journal`.
    public var name: String
    /// The journal file's name inside the export, like `Dev Journal.json`.
    public var file: String
    /// The valid entries, in the file's order.
    public var entries: [DayOneEntry]
    /// Entries left out because they are invalid: one problem per thing wrong.
    public var problems: [DayOneProblem]
    /// Media that entries list but the export lacks; those entries are kept without it.
    public var warnings: [DayOneProblem]

    public init(name: String, file: String, entries: [DayOneEntry], problems: [DayOneProblem] = [],
                warnings: [DayOneProblem] = []) {
        self.name = name
        self.file = file
        self.entries = entries
        self.problems = problems
        self.warnings = warnings
    }

    /// Reads a journal file.
    ///
    /// - Parameters:
    ///   - bytes: the file's UTF-8 JSON, `{"metadata": {...}, "entries": [...]}`.
    ///   - file: the file's name, like `Dev Journal.json`; the journal is named after it.
    ///   - source: how errors name the file (for example its full path); `file` when `nil`.
    /// - Throws: `DayOneError.invalidJSON` or `.notAJournal`. An invalid entry does not throw:
    ///   it is left out and described in `problems`.
    public init(parsing bytes: [UInt8], file: String, source: String? = nil) throws(DayOneError) {
        try self.init(parsing: bytes, file: file, source: source, mediaIndex: nil)
    }

    /// Reads a journal file and, given the export's media, finds each media item's file.
    init(parsing bytes: [UInt8], file: String, source: String?, mediaIndex: DayOneMediaIndex?) throws(DayOneError) {
        let shownAs = source ?? file
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw .invalidJSON(file: shownAs, line: error.line, column: error.column, reason: error.reason)
        }
        guard document.objectValue != nil else {
            throw .notAJournal(file: shownAs, reason: "the top level must be an object, found \(document.typeName)")
        }
        guard let list = document["entries"] else {
            throw .notAJournal(file: shownAs, reason: "it has no \"entries\" array")
        }
        guard let items = list.arrayValue else {
            throw .notAJournal(file: shownAs, reason: "\"entries\" must be an array, found \(list.typeName)")
        }
        self.init(name: Self.journalName(ofFile: file), file: file, entries: [])
        readEntries(items, mediaIndex: mediaIndex)
    }

    /// The journal name for a file name: `Dev Journal.json` → `Dev Journal`.
    static func journalName(ofFile file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.lowercased().hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    private mutating func readEntries(_ items: [JSONValue], mediaIndex: DayOneMediaIndex?) {
        // A repeated uuid would make an import overwrite the first entry with the second.
        var positionOfUUID: [String: Int] = [:]
        for (offset, item) in items.enumerated() {
            let index = offset + 1
            let outcome = DayOneEntryReader.read(item)
            for issue in outcome.issues {
                problems.append(DayOneProblem(
                    file: file, entryIndex: index, uuid: outcome.uuid, field: issue.field, message: issue.message))
            }
            guard var entry = outcome.entry else { continue }
            if let first = positionOfUUID[entry.uuid] {
                problems.append(DayOneProblem(
                    file: file, entryIndex: index, uuid: entry.uuid, field: "uuid",
                    message: "repeats the uuid of entry \(first); only the first is kept"))
                continue
            }
            positionOfUUID[entry.uuid] = index
            if let mediaIndex { locateMedia(of: &entry, index: index, in: mediaIndex) }
            entries.append(entry)
        }
    }

    /// Finds the file of each of the entry's media, noting in `warnings` the ones that are missing.
    private mutating func locateMedia(of entry: inout DayOneEntry, index entryIndex: Int, in mediaIndex: DayOneMediaIndex) {
        for position in entry.media.indices {
            let media = entry.media[position]
            guard let path = mediaIndex.path(of: media.kind, md5: media.md5, declaredExtension: media.fileExtension) else {
                let expected = "\(media.kind.folder)/\(media.md5)" + (media.fileExtension.map { ".\($0)" } ?? ".*")
                warnings.append(DayOneProblem(
                    file: file, entryIndex: entryIndex, uuid: entry.uuid, field: media.kind.entryField,
                    message: "\(media.kind.rawValue) \(media.identifier): file \(expected) is not in the export; "
                        + "the entry is imported without it, its text saying [\(media.kind.placeholderName) missing from the export]"))
                continue
            }
            let found = DayOneMediaIndex.fileExtension(of: path)
            entry.media[position].filePath = path
            entry.media[position].fileExtension = found.isEmpty ? media.fileExtension : found
        }
    }
}
