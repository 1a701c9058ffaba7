import TroveKit

/// What an export wrote, and what it had to leave out.
public struct ExportReport: Sendable, Equatable {
    /// Paths relative to the export folder, in the order written.
    public var filesWritten: [String] = []
    /// Media files copied (each counted once).
    public var mediaCopied: Int = 0
    /// Files an earlier export of the same kind wrote and this one did not, deleted (pages of entries no longer
    /// published, files of entries gone).
    public var filesRemoved: [String] = []
    public var warnings: [ExportWarning] = []

    public init() {}
}

/// A problem that did not stop the export.
public enum ExportWarning: Sendable, Equatable, CustomStringConvertible {
    /// The media source had no bytes for this file; pages and files go on without it.
    case missingMedia(sha256: String, entryID: String?)
    /// A media name that is not a hex SHA-256 with a plain extension; not copied, so it cannot escape the folder.
    case invalidMediaName(sha256: String, fileExtension: String, entryID: String?)
    /// The text names `trove-media:<sha256>` but the entry has no such photo or attachment.
    case unresolvedMediaReference(sha256: String, entryID: String)
    /// Dates fall back to UTC.
    case unknownTimeZone(identifier: String, entryID: String)
    /// The entry names a journal not given to the export.
    case unknownJournal(journalID: String, entryID: String)

    public var description: String {
        switch self {
        case let .missingMedia(sha, entry):
            "media \(sha) is missing\(Self.suffix(entry)); left out"
        case let .invalidMediaName(sha, ext, entry):
            "media name \"\(sha).\(ext)\" is not a SHA-256 with a plain extension\(Self.suffix(entry)); left out"
        case let .unresolvedMediaReference(sha, entry):
            "entry \(entry) refers to trove-media:\(sha), which is not one of its photos or attachments"
        case let .unknownTimeZone(zone, entry):
            "entry \(entry) has unknown time zone \"\(zone)\"; dates shown in UTC"
        case let .unknownJournal(journal, entry):
            "entry \(entry) belongs to journal \(journal), which was not exported"
        }
    }

    private static func suffix(_ entryID: String?) -> String {
        entryID.map { " (entry \($0))" } ?? ""
    }
}

/// Why an export stopped.
public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry's `date` is not an ISO-8601 instant.
    case invalidDate(entryID: String, value: String)
    /// Creating a folder or writing a file failed.
    case writeFailed(path: String, reason: String)
    /// The media source threw for this file.
    case mediaUnreadable(sha256: String, reason: String)
    /// A file the export would write is already there and is not one an earlier export wrote.
    case notOurFile(path: String)

    public var description: String {
        switch self {
        case let .invalidDate(entry, value):
            "entry \(entry) has date \"\(value)\", which is not an ISO-8601 instant like 2026-11-22T07:30:00.000Z"
        case let .writeFailed(path, reason):
            "could not write \(path): \(reason)"
        case let .mediaUnreadable(sha, reason):
            "could not read media \(sha): \(reason)"
        case let .notOurFile(path):
            "\(path) is already there and was not written by an earlier export, so it was left alone and the export stopped; "
                + "move it away, export into another folder, or give --force to overwrite it"
        }
    }
}

/// Reaches the user in its own words (a file in the way names the file and the way out).
extension ExportError: UserFacingError {}
