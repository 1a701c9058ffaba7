import TroveKit

/// One card of a vCard file, as a contact: its fields already checked against the contact rules.
public struct VCardContact: Sendable, Equatable {
    /// The line of its BEGIN:VCARD.
    public var line: Int
    /// The card's VERSION (`3.0`, `4.0`), when it gave one.
    public var version: String?
    public var name: String
    public var email: String?
    public var phone: String?
    public var uid: String?
    public var notes: String?
    /// Its CATEGORIES, which become the contact's classes.
    public var categories: [String]
    /// Every EMAIL and TEL with its types, in the card's order (`email` and `phone` are the preferred ones).
    public var emails: [ContactValue]
    public var phones: [ContactValue]
    /// Every ADR that is not empty.
    public var addresses: [ContactAddress]
    /// N, when the card has one.
    public var nameParts: ContactNameParts?

    public init(line: Int, version: String? = nil, name: String, email: String? = nil, phone: String? = nil,
                uid: String? = nil, notes: String? = nil, categories: [String] = [],
                emails: [ContactValue]? = nil, phones: [ContactValue]? = nil, addresses: [ContactAddress] = [], nameParts: ContactNameParts? = nil) {
        self.line = line
        self.version = version
        self.name = name
        self.email = email
        self.phone = phone
        self.uid = uid
        self.notes = notes
        self.categories = categories
        self.emails = emails ?? email.map { [ContactValue($0)] } ?? []
        self.phones = phones ?? phone.map { [ContactValue($0)] } ?? []
        self.addresses = addresses
        self.nameParts = nameParts
    }
}

/// What a vCard file held: the cards that can be imported, those that cannot, and what was left out.
public struct VCardFile: Sendable, Equatable {
    public var contacts: [VCardContact] = []
    public var invalid: [VCardProblem] = []
    public var warnings: [String] = []

    public init() {}
}
