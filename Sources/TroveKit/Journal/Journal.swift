import TroveJSON
import TroveSchema
import TroveStore

/// A named collection of entries, public or private.
public struct Journal: Sendable, Equatable {
    public var id: String
    public var name: String
    public var description: String?
    /// Whether its entries are published by the HTML export (an entry may say otherwise for itself).
    public var isPublic: Bool

    init?(_ record: Record) {
        guard record.type == RecordType.journal, let name = record.value["name"]?.stringValue else { return nil }
        id = record.id
        self.name = name
        description = record.value["description"]?.stringValue
        isPublic = record.value["public"]?.boolValue ?? false
    }
}

/// Why a journal or entry command was refused.
public enum JournalError: Error, Equatable, CustomStringConvertible {
    case unknownJournal(String, known: [String])
    case journalExists(String)
    case ambiguousJournal(String)
    case noJournal
    case chooseJournal(known: [String])
    case emptyEntry
    case unknownEntry(String)
    case ambiguousEntry(String, matches: Int)
    case unreadableFile(String)
    case noSuchPhoto(String, count: Int)
    case placeWithoutPosition

    public var description: String {
        switch self {
        case .unknownJournal(let name, let known):
            return "no journal called '\(name)'" + (known.isEmpty ? ": there is none yet" : " (journals: \(known.joined(separator: ", ")))")
        case .journalExists(let name):
            return "a journal called '\(name)' already exists"
        case .ambiguousJournal(let name):
            return "several journals are called '\(name)': give its id"
        case .noJournal:
            return "there is no journal yet"
        case .chooseJournal(let known):
            return "say which journal with --journal (journals: \(known.joined(separator: ", ")))"
        case .emptyEntry:
            return "the entry is empty: give it some text or a photo"
        case .unknownEntry(let id):
            return "no entry with id \(id)"
        case .ambiguousEntry(let prefix, let count):
            return "\(count) entries have ids starting or ending with \(prefix): give more of the id"
        case .unreadableFile(let path):
            return "cannot read \(path): no such file, or it is not readable"
        case .noSuchPhoto(let selector, let count):
            return "the entry has no photo \(selector): give a number from 1 to \(count), or a photo id or media hash"
        case .placeWithoutPosition:
            return "a place needs a position: add --at LAT,LON"
        }
    }
}
