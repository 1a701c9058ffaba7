import Foundation

/// A Day One export opened for reading: its journals, and its media read on demand.
///
/// Day One's "Export → JSON" gives a ZIP holding one `<Journal Name>.json` per journal and
/// folders `photos/`, `videos/`, `audios/` and `pdfs/` of files named `<md5>.<extension>`.
/// All journals are read through when the export is opened (their entries kept, or only counted and checked);
/// media bytes are read only when asked for, since an export can hold thousands of photos.
public struct DayOneExport: Sendable {
    /// The path that was opened.
    public let path: String
    /// The journals, sorted by name.
    public let journals: [DayOneJournal]
    private let files: any DayOneFileSource
    private let mediaIndex: DayOneMediaIndex

    /// Opens an export.
    ///
    /// - Parameters:
    ///   - path: a `.zip` file, a folder (the unzipped export, or a folder holding it), or a
    ///     single journal `.json` file whose media folders sit beside it.
    ///   - limits: what a ZIP may declare before it is refused.
    ///   - holdingEntries: keep every entry in `journals`; without, each journal is read an entry at a time, to be
    ///     counted and checked now and read again by `forEachEntry` (an import of 100,000 entries held them all).
    /// - Throws: `DayOneError` when the path is missing or unreadable, the ZIP is damaged or
    ///   unsafe, there is no journal file, or a journal file is not a Day One journal.
    public static func open(_ path: String, limits: DayOneZipLimits = .standard,
                            holdingEntries: Bool = true) throws(DayOneError) -> DayOneExport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        let files: any DayOneFileSource
        let journalFiles: [String]
        if isDirectory.boolValue {
            files = try DayOneFolderSource(folder: DayOneFolderSource.exportRoot(of: path))
            journalFiles = files.journalFiles
        } else if try isZipArchive(path) {
            files = try DayOneZipSource(path: path, limits: limits)
            journalFiles = files.journalFiles
        } else {
            let url = URL(fileURLWithPath: path)
            files = try DayOneFolderSource(folder: url.deletingLastPathComponent().path)
            journalFiles = [url.lastPathComponent]
        }
        guard !journalFiles.isEmpty else { throw .noJournal(path: path) }

        let mediaIndex = DayOneMediaIndex(relativePaths: files.relativePaths)
        var journals: [DayOneJournal] = []
        for file in journalFiles {
            let source = files.displayPath(of: file)
            if holdingEntries {
                guard let bytes = try files.contents(of: file) else { throw .fileNotFound(path: source) }
                journals.append(try DayOneJournal(parsing: bytes, file: file, source: source, mediaIndex: mediaIndex))
                continue
            }
            var journal = DayOneJournal(name: DayOneJournal.journalName(ofFile: file), file: file, entries: [])
            var count = 0
            var problems: [DayOneProblem] = []
            var warnings: [DayOneProblem] = []
            do {
                try read(file, in: files, mediaIndex: mediaIndex, entry: { _ in count += 1 },
                         problem: { problems.append($0) }, warning: { warnings.append($0) })
            } catch let error as DayOneError {
                throw error
            } catch {
                throw .unreadableFile(path: source, reason: "\(error)")
            }
            (journal.entryCount, journal.problems, journal.warnings) = (count, problems, warnings)
            journals.append(journal)
        }
        journals.sort { $0.name < $1.name }
        return DayOneExport(path: path, journals: journals, files: files, mediaIndex: mediaIndex)
    }

    /// Hands over every valid entry of every journal, in order: the held ones, or each journal read again an entry at
    /// a time; throws `DayOneError.changedWhileReading` when a journal no longer reads as it did when opened.
    public func forEachEntry(_ body: (DayOneJournal, DayOneEntry) throws -> Void) throws {
        for journal in journals {
            if journal.entries.count == journal.entryCount {
                for entry in journal.entries { try body(journal, entry) }
                continue
            }
            let changed = DayOneError.changedWhileReading(file: files.displayPath(of: journal.file))
            // The import's own errors (a photo that cannot be read, a refused entry) go on as they are.
            try SecondReading.check(items: journal.entryCount, problems: journal.problems.count, changed: changed) { tally in
                try Self.read(journal.file, in: files, mediaIndex: mediaIndex, entry: { entry in
                    try tally.item { try body(journal, entry) }
                }, problem: { _ in tally.problem() }, warning: { _ in })
            }
        }
    }

    /// Reads the journal file `file` of `files` an entry at a time (`DayOneJournal.read`).
    private static func read(_ file: String, in files: any DayOneFileSource, mediaIndex: DayOneMediaIndex,
                             entry: (DayOneEntry) throws -> Void, problem: (DayOneProblem) -> Void,
                             warning: (DayOneProblem) -> Void) throws {
        let source = files.displayPath(of: file)
        guard var stream = try files.jsonStream(of: file) else { throw DayOneError.fileNotFound(path: source) }
        // What `entry` throws (an import's errors) goes to the caller as it is.
        try DayOneJournal.read(&stream, file: file, source: source, mediaIndex: mediaIndex, entry: entry, problem: problem, warning: warning)
    }

    /// The bytes of a media file, or `nil` when the export lacks it (Day One sometimes
    /// leaves files out; that is a warning, not an error).
    ///
    /// The file is found again by kind and MD5, so any `DayOneMedia` of this export works.
    /// - Throws: `DayOneError` when the file exists but cannot be read or decompressed.
    public func bytes(of media: DayOneMedia) throws(DayOneError) -> [UInt8]? {
        let declared = media.fileExtension
        guard let path = mediaIndex.path(of: media.kind, md5: media.md5, declaredExtension: declared) else {
            return nil
        }
        return try files.contents(of: path)
    }

    /// Every media item that entries list but the export lacks, across all journals.
    public var warnings: [DayOneProblem] { journals.flatMap(\.warnings) }

    /// Every entry left out as invalid, across all journals.
    public var problems: [DayOneProblem] { journals.flatMap(\.problems) }

    /// A ZIP by its first bytes (local file header, or the end record of an empty archive),
    /// or by its `.zip` name so that a damaged ZIP is reported as one.
    private static func isZipArchive(_ path: String) throws(DayOneError) -> Bool {
        if path.lowercased().hasSuffix(".zip") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadableFile(path: path, reason: "the file cannot be opened")
        }
        defer { try? handle.close() }
        let start = [UInt8]((try? handle.read(upToCount: 4)) ?? Data())
        return start == [0x50, 0x4B, 0x03, 0x04] || start == [0x50, 0x4B, 0x05, 0x06]
    }
}
