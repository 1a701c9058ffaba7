import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// Writing journal entries: each new entry, edit or removal is one commit.
public struct EntryBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// Makes an entry from `changes`: text or a photo is needed; the date defaults to now, in the user's time zone.
    public func create(_ changes: EntryChanges, now: Date = Date()) throws -> (entry: Entry, result: CommitResult) {
        let photos = try Self.readFiles(changes.addPhotos)
        let (record, result) = try store.transaction { transaction -> Record in
            var fields: [String: JSONValue] = [
                "journalId": .string(try JournalBook(store: store).journalForNewEntry(named: changes.journal, in: &transaction)),
                "date": .string(Timestamp.string(changes.date ?? now)),
                "timeZone": .string((changes.timeZone ?? .current).identifier),
                "text": "",
            ]
            let references = try photos.map { try transaction.addMedia($0.bytes, source: $0.path) }
            try changes.apply(to: &fields, photos: references)
            return try transaction.put(.object(fields), type: RecordType.entry)
        }
        let entry = Entry(record)!
        JournalBook(store: store).rememberLastUsed(entry.journalID)
        return (entry, result)
    }

    /// Changes an entry; removing its last text and photo is refused.
    public func edit(id: String, _ changes: EntryChanges) throws -> (entry: Entry, result: CommitResult) {
        let photos = try Self.readFiles(changes.addPhotos)
        let (record, result) = try store.transaction { transaction -> Record in
            guard let existing = try transaction.record(id: id), existing.type == RecordType.entry, var fields = existing.value.objectValue else {
                throw JournalError.unknownEntry(id)
            }
            if let journal = changes.journal { fields["journalId"] = .string(try JournalBook(store: store).journal(named: journal).id) }
            let references = try photos.map { try transaction.addMedia($0.bytes, source: $0.path) }
            try changes.apply(to: &fields, photos: references)
            if fields == existing.value.objectValue { return existing }
            return try transaction.put(.object(fields), type: RecordType.entry)
        }
        return (Entry(record)!, result)
    }

    /// Deletes an entry (its photos stay in the store's history; `trove undo` brings it back).
    public func remove(id: String) throws -> CommitResult {
        try store.transaction { transaction in
            guard try transaction.record(id: id)?.type == RecordType.entry else { throw JournalError.unknownEntry(id) }
            try transaction.delete(id: id)
        }.result
    }

    /// Reads every file before the transaction starts, so a missing one changes nothing.
    static func readFiles(_ paths: [String]) throws -> [(path: String, bytes: [UInt8])] {
        try paths.map { path in
            guard let data = FileManager.default.contents(atPath: path) else { throw JournalError.unreadableFile(path) }
            return (path, Array(data))
        }
    }
}
