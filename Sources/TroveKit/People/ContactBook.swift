import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's contacts: adding, editing, removing, finding and listing them.
public struct ContactBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// What a contact is made with, or an edit changes; `nil` leaves a field as it is.
    public struct Changes: Sendable, Equatable {
        public var name: String?
        /// An email address; empty clears it.
        public var email: String?
        /// A phone number; empty clears it.
        public var phone: String?
        /// The classes, replacing the ones it had; an empty list clears them.
        public var classes: [String]?
        /// Notes; empty clears them.
        public var notes: String?

        public init(name: String? = nil, email: String? = nil, phone: String? = nil, classes: [String]? = nil, notes: String? = nil) {
            self.name = name
            self.email = email
            self.phone = phone
            self.classes = classes
            self.notes = notes
        }

        /// Whether it changes anything at all.
        public var isEmpty: Bool { self == Changes() }
    }

    /// Every contact, alphabetically by name ignoring case and accents.
    public func all() throws -> [Contact] {
        try store.records(ofType: RecordType.contact).compactMap(Contact.init).sorted(by: Self.alphabetical)
    }

    /// The contacts in class `name` (ignoring case and accents), alphabetically.
    public func inClass(_ name: String) throws -> [Contact] {
        try all().filter { $0.isIn(class: name) }
    }

    /// The contact with id `text`; else called `text` (ignoring case and accents); else the one contact whose name,
    /// or a word of it, starts with `text`; else whose id starts or ends with it (at least 4 characters).
    public func contact(named text: String) throws -> Contact {
        let contacts = try all()
        if let byID = contacts.first(where: { $0.id == text }) { return byID }
        let wanted = ContactRules.folded(text)
        let byName = contacts.filter { ContactRules.folded($0.name) == wanted }
        if byName.count == 1 { return byName[0] }
        if byName.count > 1 { throw ContactError.ambiguousContact(text, matches: byName.map(Self.label)) }
        // "grace" or "hop" for Grace Hopper: a whole word of the name first, then the start of the name or of a word.
        func words(_ contact: Contact) -> [Substring] {
            ContactRules.folded(contact.name).split(whereSeparator: { $0 == " " || $0 == "-" })
        }
        for matches in [{ (contact: Contact) in words(contact).contains { $0 == wanted } },
                        { (contact: Contact) in ContactRules.folded(contact.name).hasPrefix(wanted) || words(contact).contains { $0.hasPrefix(wanted) } }] {
            let found = wanted.isEmpty ? [] : contacts.filter(matches)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw ContactError.ambiguousContact(text, matches: found.map(Self.label)) }
        }
        let part = text.lowercased()
        let byID = part.count >= 4 ? contacts.filter { $0.id.hasPrefix(part) || $0.id.hasSuffix(part) } : []
        if byID.count == 1 { return byID[0] }
        if byID.count > 1 { throw ContactError.ambiguousContact(text, matches: byID.map(Self.label)) }
        throw ContactError.unknownContact(text, known: contacts.map(\.name))
    }

    /// Adds a contact, after checking every field; a refused contact writes nothing.
    @discardableResult
    public func add(_ changes: Changes) throws -> (contact: Contact, result: CommitResult) {
        var fields: [String: JSONValue] = [:]
        try Self.apply(changes, to: &fields, requireName: true)
        let (record, result) = try store.transaction(message: "Add contact \(fields["name"]?.stringValue ?? "")") { transaction in
            try transaction.put(.object(fields), type: RecordType.contact)
        }
        return (Contact(record)!, result)
    }

    /// Changes what `changes` gives, checked as for adding; no commit when nothing differs.
    @discardableResult
    public func edit(_ contact: Contact, _ changes: Changes) throws -> (contact: Contact, result: CommitResult) {
        // Checked before the transaction, so a bad field costs nothing.
        var probe: [String: JSONValue] = [:]
        try Self.apply(changes, to: &probe, requireName: false)
        let (record, result) = try store.transaction(message: "Edit contact \(changes.name.map { (try? ContactRules.name($0)) ?? $0 } ?? contact.name)") { transaction -> Record in
            guard let existing = try transaction.record(id: contact.id), var fields = existing.value.objectValue else {
                throw ContactError.unknownContact(contact.name, known: [])
            }
            try Self.apply(changes, to: &fields, requireName: false)
            if fields == existing.value.objectValue { return existing }
            return try transaction.put(.object(fields), type: RecordType.contact)
        }
        return (Contact(record)!, result)
    }

    /// Deletes a contact (undo brings it back).
    public func remove(_ contact: Contact) throws -> CommitResult {
        try store.transaction(message: "Delete contact \(contact.name)") { transaction in
            try transaction.delete(id: contact.id)
        }.result
    }

    /// Checks `changes` and writes them into a record's `fields`.
    static func apply(_ changes: Changes, to fields: inout [String: JSONValue], requireName: Bool) throws {
        if let name = changes.name { fields["name"] = .string(try ContactRules.name(name)) }
        else if requireName { throw ContactError.blankName }
        if let email = changes.email { fields["email"] = try ContactRules.email(email).map { .string($0) } }
        if let phone = changes.phone { fields["phone"] = try ContactRules.phone(phone).map { .string($0) } }
        if let classes = changes.classes {
            let checked = try ContactRules.classes(classes)
            fields["groups"] = checked.isEmpty ? nil : .array(checked.map { .string($0) })
        }
        if let notes = changes.notes {
            let trimmed = notes.trimmingCharacters(in: .whitespacesAndNewlines)
            fields["notes"] = trimmed.isEmpty ? nil : .string(trimmed)
        }
    }

    /// Alphabetical order: by name without case or accents, then by the name itself, then by id, so the order never wobbles.
    static func alphabetical(_ a: Contact, _ b: Contact) -> Bool {
        (a.sortKey, a.name, a.id) < (b.sortKey, b.name, b.id)
    }

    /// A contact as an ambiguity names it: `Ada Lovelace (…9e9e04ff)`.
    private static func label(_ contact: Contact) -> String {
        "\(contact.name) (…\(contact.id.suffix(8)))"
    }
}
