import TroveJSON

/// One journal of a Day One export: the entries of one `<Journal Name>.json` file.
public struct DayOneJournal: Sendable, Hashable {
    /// The journal's name: its file name without `.json`, like `Dev Journal`.
    public var name: String
    /// The journal file's name inside the export, like `Dev Journal.json`.
    public var file: String
    /// The valid entries, in the file's order; none when the export was opened without holding them
    /// (`DayOneExport.open(_:holdingEntries:)`), whose `forEachEntry` reads them instead.
    public var entries: [DayOneEntry]
    /// How many valid entries the file has.
    public var entryCount: Int
    /// Entries left out because they are invalid: one problem per thing wrong.
    public var problems: [DayOneProblem]
    /// Media that entries list but the export lacks; those entries are kept without it.
    public var warnings: [DayOneProblem]

    public init(name: String, file: String, entries: [DayOneEntry], problems: [DayOneProblem] = [],
                warnings: [DayOneProblem] = []) {
        self.name = name
        self.file = file
        self.entries = entries
        entryCount = entries.count
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
        self.init(name: Self.journalName(ofFile: file), file: file, entries: [])
        var stream = JSONObjectStream(bytes: bytes)
        var entries: [DayOneEntry] = []
        var problems: [DayOneProblem] = []
        var warnings: [DayOneProblem] = []
        do {
            try Self.read(&stream, file: file, source: source, mediaIndex: mediaIndex, entry: { entries.append($0) },
                          problem: { problems.append($0) }, warning: { warnings.append($0) })
        } catch let error as DayOneError {
            throw error
        } catch {
            throw .unreadableFile(path: source ?? file, reason: "\(error)")
        }
        (self.entries, entryCount, self.problems, self.warnings) = (entries, entries.count, problems, warnings)
    }

    /// Reads a journal file one entry at a time: each valid entry (its media files found in `mediaIndex`) goes to
    /// `entry`, each problem of an invalid one to `problem`, each missing media file to `warning`, in the file's
    /// order, in memory that does not grow with the file but for one uuid per entry.
    ///
    /// Throws `DayOneError.invalidJSON` or `.notAJournal` (after handing over the entries before the fault), and
    /// whatever the closures throw.
    static func read(_ stream: inout JSONObjectStream, file: String, source: String?, mediaIndex: DayOneMediaIndex?,
                     entry: (DayOneEntry) throws -> Void, problem: (DayOneProblem) -> Void, warning: (DayOneProblem) -> Void) throws {
        let shownAs = source ?? file
        // A repeated uuid would make an import overwrite the first entry with the second.
        var positionOfUUID: [String: Int] = [:]
        var index = 0
        do {
            try stream.read(streaming: "entries", element: { item in
                index += 1
                let outcome = DayOneEntryReader.read(item)
                for issue in outcome.issues {
                    problem(DayOneProblem(file: file, entryIndex: index, uuid: outcome.uuid, field: issue.field, message: issue.message))
                }
                guard var read = outcome.entry else { return }
                if let first = positionOfUUID[read.uuid] {
                    problem(DayOneProblem(file: file, entryIndex: index, uuid: read.uuid, field: "uuid",
                                          message: "repeats the uuid of entry \(first); only the first is kept"))
                    return
                }
                positionOfUUID[read.uuid] = index
                if let mediaIndex { locateMedia(of: &read, index: index, file: file, in: mediaIndex, warning: warning) }
                try entry(read)
            }, member: { name, value in
                guard name == "entries" else { return }
                throw DayOneError.notAJournal(file: shownAs, reason: "\"entries\" must be an array, found \(value.typeName)")
            })
        } catch let error as JSONParseError {
            throw DayOneError.invalidJSON(file: shownAs, line: error.line, column: error.column, reason: error.reason)
        } catch JSONStreamError.notAnObject(let found) {
            throw DayOneError.notAJournal(file: shownAs, reason: "the top level must be an object, found \(found)")
        } catch JSONStreamError.unreadable(let reason) {
            throw DayOneError.unreadableFile(path: shownAs, reason: reason)
        }
        if !stream.sawArrayMember { throw DayOneError.notAJournal(file: shownAs, reason: "it has no \"entries\" array") }
    }

    /// The journal name for a file name: `Dev Journal.json` → `Dev Journal`.
    static func journalName(ofFile file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.lowercased().hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    /// Finds the file of each of the entry's media, noting in `warnings` the ones that are missing.
    private static func locateMedia(of entry: inout DayOneEntry, index entryIndex: Int, file: String, in mediaIndex: DayOneMediaIndex,
                                    warning: (DayOneProblem) -> Void) {
        for position in entry.media.indices {
            let media = entry.media[position]
            guard let path = mediaIndex.path(of: media.kind, md5: media.md5, declaredExtension: media.fileExtension) else {
                let expected = "\(media.kind.folder)/\(media.md5)" + (media.fileExtension.map { ".\($0)" } ?? ".*")
                warning(DayOneProblem(
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
