import Foundation
import TroveSchema
import TroveStore

/// A person to reach, as read from a `contact` record: a name, maybe an email, a phone, classes and notes.
public struct Contact: Sendable, Equatable {
    public var id: String
    public var name: String
    public var email: String?
    public var phone: String?
    /// The classes (courses) shared with this person, kept in the record's `groups`.
    public var classes: [String]
    public var notes: String?
    /// The vCard UID it was imported with.
    public var uid: String?
    /// Every email with its types, the preferred `email` among them (a record with `email` only gives that one).
    public var emails: [ContactValue]
    /// Every phone with its types, the preferred `phone` among them.
    public var phones: [ContactValue]
    public var addresses: [ContactAddress]
    /// The vCard N, when it is more than `name` split at its last space.
    public var nameParts: ContactNameParts?

    public init?(_ record: Record) {
        guard record.type == RecordType.contact, let name = record.value["name"]?.stringValue else { return nil }
        id = record.id
        self.name = name
        email = record.value["email"]?.stringValue
        phone = record.value["phone"]?.stringValue
        classes = record.value["groups"]?.arrayValue?.compactMap(\.stringValue) ?? []
        notes = record.value["notes"]?.stringValue
        uid = record.value["uid"]?.stringValue
        emails = ContactValue.all(record.value["emails"], preferred: email)
        phones = ContactValue.all(record.value["phones"], preferred: phone)
        addresses = record.value["addresses"]?.arrayValue?.compactMap(ContactAddress.init) ?? []
        nameParts = ContactNameParts(record.value["nameParts"])
    }

    /// The name as lists sort it: without case or accents, so "Émile" sits among the E's.
    public var sortKey: String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether this person is in class `name`, ignoring case and accents.
    public func isIn(class name: String) -> Bool {
        let wanted = ContactRules.folded(name)
        return classes.contains { ContactRules.folded($0) == wanted }
    }
}
