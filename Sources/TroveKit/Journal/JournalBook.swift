import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's journals: listing, making, renaming and removing them, and finding one by name.
public struct JournalBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// Every journal, by name.
    public func all() throws -> [Journal] {
        try store.records(ofType: RecordType.journal).compactMap(Journal.init)
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The journal called `name` (ignoring case), or with that id.
    public func journal(named name: String) throws -> Journal {
        let journals = try all()
        if let byID = journals.first(where: { $0.id == name }) { return byID }
        let matches = journals.filter { $0.name.lowercased() == name.lowercased() }
        guard let match = matches.first else { throw JournalError.unknownJournal(name, known: journals.map(\.name)) }
        guard matches.count == 1 else { throw JournalError.ambiguousJournal(name) }
        return match
    }

    /// The local-state key of the journal the last new entry went to, on this machine.
    static let lastUsedKey = "journal"

    /// The journal a new entry goes to: the one named, else the only one, else the one the last new
    /// entry on this machine went to, else a first journal made for it.
    public func journalForNewEntry(named name: String?, in transaction: inout Transaction) throws -> String {
        if let name { return try journal(named: name).id }
        let journals = try all()
        if journals.count == 1 { return journals[0].id }
        // A first entry should just work, as in Day One: it goes to a journal called "Journal".
        if journals.isEmpty { return try journalID(named: "Journal", in: &transaction).id }
        if let last = LocalSettings(storePath: store.path).value(Self.lastUsedKey)?.stringValue, journals.contains(where: { $0.id == last }) {
            return last
        }
        throw JournalError.chooseJournal(known: journals.map(\.name))
    }

    /// Remembers on this machine the journal a new entry went to, for the next entry without `--journal`.
    public func rememberLastUsed(_ journalID: String) {
        try? LocalSettings(storePath: store.path).set(Self.lastUsedKey, .string(journalID))
    }

    /// The journal called `name` (ignoring case), else one made with that name; and whether it was made.
    ///
    /// A journal made by name (the first entry's "Journal", an import's journals) gets an id and a
    /// creation time derived from the name alone, so two machines that each make it before they first
    /// sync make the same record, which merges into one journal instead of two with one name.
    public func journalID(named name: String, in transaction: inout Transaction) throws -> (id: String, made: Bool) {
        if let found = try all().first(where: { $0.name.lowercased() == name.lowercased() }) { return (found.id, false) }
        if let madeHere = try transaction.record(id: Self.derivedID(name)) { return (madeHere.id, false) }
        let record = try transaction.put(["id": .string(Self.derivedID(name)), "name": .string(name), "public": false,
                                          "createdAt": .string(Timestamp.string(Self.derivedCreation))], type: RecordType.journal)
        return (record.id, true)
    }

    /// When every journal made by name was made: one fixed instant, the same on every machine.
    static let derivedCreation = Date(timeIntervalSince1970: 0)

    static func derivedID(_ name: String) -> String {
        RecordID.derived(from: "journal made by name: " + name.lowercased(), at: derivedCreation)
    }

    /// Makes a journal; names are unique, ignoring case.
    @discardableResult
    public func create(name: String, isPublic: Bool = false, description: String? = nil) throws -> Journal {
        let (record, _) = try store.transaction(message: "Add journal \(name)") { transaction -> Record in
            if try all().contains(where: { $0.name.lowercased() == name.lowercased() }) { throw JournalError.journalExists(name) }
            var fields: [String: JSONValue] = ["name": .string(name), "public": .bool(isPublic)]
            if let description { fields["description"] = .string(description) }
            return try transaction.put(.object(fields), type: RecordType.journal)
        }
        return Journal(record)!
    }

    /// Renames a journal (its entries refer to it by id, so nothing else changes).
    @discardableResult
    public func rename(_ journal: Journal, to name: String) throws -> Journal {
        try change(journal, "Rename journal \(journal.name) to \(name)") { fields in
            if try all().contains(where: { $0.id != journal.id && $0.name.lowercased() == name.lowercased() }) {
                throw JournalError.journalExists(name)
            }
            fields["name"] = .string(name)
        }
    }

    /// Makes a journal public or private.
    @discardableResult
    public func setPublic(_ journal: Journal, _ isPublic: Bool) throws -> Journal {
        try change(journal, "Make journal \(journal.name) \(isPublic ? "public" : "private")") { $0["public"] = .bool(isPublic) }
    }

    /// Removes a journal and the entries given (its entries, found by the caller's index), in one commit.
    public func remove(_ journal: Journal, entries: [String]) throws -> CommitResult {
        try store.transaction(message: "Delete journal \(journal.name) and its \(entries.count) entries") { transaction in
            for id in entries where try transaction.record(id: id) != nil { try transaction.delete(id: id) }
            try transaction.delete(id: journal.id)
        }.result
    }

    private func change(_ journal: Journal, _ message: String, _ body: (inout [String: JSONValue]) throws -> Void) throws -> Journal {
        let (record, _) = try store.transaction(message: message) { transaction -> Record in
            guard var fields = try transaction.record(id: journal.id)?.value.objectValue else {
                throw JournalError.unknownJournal(journal.name, known: [])
            }
            try body(&fields)
            return try transaction.put(.object(fields), type: RecordType.journal)
        }
        return Journal(record)!
    }
}
