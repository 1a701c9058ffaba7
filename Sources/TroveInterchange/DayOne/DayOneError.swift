import TroveKit

/// Why a Day One export could not be opened at all.
///
/// Each case names the file (and, in a ZIP, the member) so that the user knows what to fix.
/// An entry that is merely invalid is not an error: it becomes a `DayOneProblem`.
public enum DayOneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The file or folder exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// The file is not a ZIP archive, or a damaged or truncated one.
    case notAZipArchive(path: String, reason: String)
    /// A member's path would land outside the export when unpacked ("zip slip").
    case unsafeMemberPath(archive: String, member: String)
    /// A member declares more uncompressed bytes than `DayOneZipLimits` allows.
    case memberTooLarge(archive: String, member: String, size: UInt64, limit: UInt64)
    /// The members together declare more uncompressed bytes than `DayOneZipLimits` allows.
    case archiveTooLarge(archive: String, totalSize: UInt64, limit: UInt64)
    /// The archive has more members than `DayOneZipLimits` allows.
    case tooManyMembers(archive: String, limit: Int)
    /// A member could not be decompressed (bad checksum, bad data, or more bytes than declared).
    case unreadableMember(archive: String, member: String, reason: String)
    /// No `<Journal Name>.json` file at the top of the export (or of its one top-level folder).
    case noJournal(path: String)
    /// A journal file is not valid JSON.
    case invalidJSON(file: String, line: Int, column: Int, reason: String)
    /// A journal file is JSON but not shaped like a Day One journal.
    case notAJournal(file: String, reason: String)
    /// A journal file read differently the second time, while its entries were being written.
    case changedWhileReading(file: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file or folder"
        case .unreadableFile(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        case .notAZipArchive(let path, let reason):
            return "\(path): not a valid ZIP archive (\(reason)); is the download complete?"
        case .unsafeMemberPath(let archive, let member):
            return "\(archive): refused: member \"\(member)\" points outside the export"
        case .memberTooLarge(let archive, let member, let size, let limit):
            return "\(archive): refused: member \"\(member)\" declares \(size) bytes, over the limit of \(limit)"
        case .archiveTooLarge(let archive, let totalSize, let limit):
            return "\(archive): refused: the members declare \(totalSize) bytes in all, over the limit of \(limit)"
        case .tooManyMembers(let archive, let limit):
            return "\(archive): refused: more than \(limit) members"
        case .unreadableMember(let archive, let member, let reason):
            return "\(archive): member \"\(member)\" cannot be read: \(reason)"
        case .noJournal(let path):
            return "\(path): no Day One journal (a <Journal Name>.json file) found at the top of the export"
        case .invalidJSON(let file, let line, let column, let reason):
            return "\(file): invalid JSON at line \(line), column \(column): \(reason)"
        case .notAJournal(let file, let reason):
            return "\(file): not a Day One journal: \(reason)"
        case .changedWhileReading(let file):
            return "\(file) changed while it was being imported, so nothing was imported; try again once it is written"
        }
    }
}

/// Something wrong with one entry or one media file of a journal.
///
/// In `DayOneJournal.problems` it means the entry was left out; in `DayOneJournal.warnings`
/// the entry was kept without the media that is named.
public struct DayOneProblem: Sendable, Hashable, CustomStringConvertible {
    /// The journal file, like `Dev Journal.json`.
    public var file: String
    /// The entry's 1-based position in the file's `entries` array.
    public var entryIndex: Int
    /// The entry's `uuid`, when it could be read.
    public var uuid: String?
    /// A JSON path inside the entry, like `text`, `location/latitude` or `photos/0/md5`.
    public var field: String
    /// What is wrong, like `must be a string, found object`.
    public var message: String

    public init(file: String, entryIndex: Int, uuid: String?, field: String, message: String) {
        self.file = file
        self.entryIndex = entryIndex
        self.uuid = uuid
        self.field = field
        self.message = message
    }

    /// Like `Dev Journal.json: entry 6 (uuid 1461153D…): text: must be a string, found object`.
    public var description: String {
        let shortUUID = uuid.map { $0.count > 8 ? " (uuid \($0.prefix(8))…)" : " (uuid \($0))" } ?? ""
        return "\(file): entry \(entryIndex)\(shortUUID): \(field): \(message)"
    }
}

/// A member found damaged while importing (its media is read then) reaches the user in these words too.
extension DayOneError: UserFacingError {}
