import Foundation
import TroveJSON
import TroveKit
import TroveSchema
import TroveStore

/// Brings the cards of a vCard file in as contacts, as one commit.
///
/// A contact's id comes from the card's UID (without one, from its name and email), so importing
/// the file again changes nothing and importing a newer copy updates what changed. The card's
/// categories join the classes the contact already has; its other fields replace the stored ones.
public struct VCardImport {
    public let store: Store
    public var options: ImportOptions

    public init(store: Store, options: ImportOptions = ImportOptions()) {
        self.store = store
        self.options = options
    }

    /// The fields a card sets; a field the card lacks is cleared, except the classes, which only grow.
    static let importedFields = ["name", "nameParts", "email", "phone", "emails", "phones", "addresses", "notes", "uid"]

    /// Imports the contacts of `file` (read from `path`), a card at a time.
    public func run(_ file: some VCardSource, path: String, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: "vCard file \((path as NSString).lastPathComponent)")
        report.warnings += file.warnings
        return try ImportRun.perform(on: store, report, options: options, invalid: InvalidEntries(file.invalid.map(\.description))) { transaction, report in
            // The id of each card read so far, with its line: a few dozen bytes a card.
            var seen: [String: Int] = [:]
            var number = 0
            try file.forEachContact { read in
                number += 1
                defer { progress?(number, file.contactCount) }
                var card = read
                var id = Self.recordID(card)
                // A card `trove export vcard` wrote for a contact without a UID names the record: it updates that record.
                if let own = Self.exportedRecordID(card), try transaction.contains(id: own, type: RecordType.contact),
                   let existing = try transaction.record(id: own), existing.value["uid"] == nil {
                    id = own
                    card.uid = nil
                }
                // Two cards for one person in a file: the first one counts.
                if let first = seen[id] {
                    report.skipped += 1
                    report.warnings.append("line \(card.line) (card \"\(card.name)\"): the same person as the card of line \(first); left out")
                    return
                }
                seen[id] = card.line
                let incoming = Self.fields(card)
                if let existing = try transaction.record(id: id), var fields = existing.value.objectValue {
                    for key in Self.importedFields { fields[key] = nil }
                    fields.merge(incoming) { _, new in new }
                    let classes = (existing.value["groups"]?.arrayValue ?? []).compactMap(\.stringValue) + card.categories
                    let merged = try ContactRules.classes(classes)
                    fields["groups"] = merged.isEmpty ? nil : .array(merged.map { .string($0) })
                    var stored = existing.value.objectValue ?? [:]
                    stored["conflicts"] = nil
                    if fields == stored {
                        report.unchanged += 1
                    } else {
                        try transaction.put(.object(fields), type: RecordType.contact)
                        report.updated += 1
                    }
                } else {
                    var fields = incoming
                    fields["id"] = .string(id)
                    if !card.categories.isEmpty { fields["groups"] = .array(card.categories.map { .string($0) }) }
                    try transaction.put(.object(fields), type: RecordType.contact)
                    report.added += 1
                }
            }
        }
    }

    /// The record fields a card gives, but for its classes.
    public static func fields(_ card: VCardContact) -> [String: JSONValue] {
        var fields: [String: JSONValue] = ["name": .string(card.name)]
        if let email = card.email { fields["email"] = .string(email) }
        if let phone = card.phone { fields["phone"] = .string(phone) }
        // The lists only when they say more than `email` and `phone`, so a contact written with `contact add`,
        // exported and imported again is unchanged.
        if card.emails.count > 1 || card.emails.contains(where: { !$0.types.isEmpty }) { fields["emails"] = .array(card.emails.map(\.json)) }
        if card.phones.count > 1 || card.phones.contains(where: { !$0.types.isEmpty }) { fields["phones"] = .array(card.phones.map(\.json)) }
        if !card.addresses.isEmpty { fields["addresses"] = .array(card.addresses.map(\.json)) }
        if let parts = card.nameParts, parts.parts.contains(where: { !$0.isEmpty }), parts != ContactNameParts.guessed(from: card.name) {
            fields["nameParts"] = parts.json
        }
        if let notes = card.notes { fields["notes"] = .string(notes) }
        if let uid = card.uid { fields["uid"] = .string(String(uid.prefix(1000))) }
        return fields
    }

    /// The record id in a UID `VCardWriter` made up for a contact without one (`urn:uuid:` and the record id).
    static func exportedRecordID(_ card: VCardContact) -> String? {
        guard let uid = card.uid, uid.lowercased().hasPrefix("urn:uuid:") else { return nil }
        let id = String(uid.dropFirst(9)).lowercased()
        return RecordID.isValid(id) ? id : nil
    }

    /// The record id of a card: derived from its UID, else from its name and email (ignoring case).
    ///
    /// Nothing that can change in the card goes in when it has a UID, so an edited card updates its
    /// record, and two peers importing the same file make the same ids.
    static func recordID(_ card: VCardContact) -> String {
        let key = card.uid.map { "vcard:uid:\($0)" } ?? "vcard:name:\(card.name.lowercased()):\(card.email?.lowercased() ?? "")"
        return RecordID.derived(from: key, at: Date(timeIntervalSince1970: 0))
    }
}
