import Foundation

/// A Day One export opened for reading: its journals, and its media read on demand.
///
/// Day One's "Export → JSON" gives a ZIP holding one `<Journal Name>.json` per journal and
/// folders `photos/`, `videos/`, `audios/` and `pdfs/` of files named `<md5>.<extension>`.
/// All journals are parsed when the export is opened; media bytes are read only when asked
/// for, since an export can hold thousands of photos.
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
    /// - Throws: `DayOneError` when the path is missing or unreadable, the ZIP is damaged or
    ///   unsafe, there is no journal file, or a journal file is not a Day One journal.
    public static func open(_ path: String, limits: DayOneZipLimits = .standard) throws(DayOneError) -> DayOneExport {
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
            guard let bytes = try files.contents(of: file) else { throw .fileNotFound(path: source) }
            journals.append(try DayOneJournal(parsing: bytes, file: file, source: source, mediaIndex: mediaIndex))
        }
        journals.sort { $0.name < $1.name }
        return DayOneExport(path: path, journals: journals, files: files, mediaIndex: mediaIndex)
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
