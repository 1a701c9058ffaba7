import Foundation

/// The rules for a contact's fields, matching `contact.schema.json`, each broken rule with its own message.
public enum ContactRules {
    /// The longest name, in characters.
    public static let maximumNameLength = 200
    /// The longest email address, in characters.
    public static let maximumEmailLength = 254
    /// The shortest and longest phone numbers, in characters.
    public static let phoneLength = 3...40
    /// The longest class name, in characters.
    public static let maximumClassLength = 100

    /// `text` trimmed, if it is a name.
    public static func name(_ text: String) throws(ContactError) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .blankName }
        guard name.count <= maximumNameLength else { throw .nameTooLong(characters: name.count) }
        return name
    }

    /// `text` trimmed, if it looks like an email address (something@domain.tld); empty gives `nil`.
    public static func email(_ text: String) throws(ContactError) -> String? {
        let email = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        // The schema's pattern: no spaces, one '@', a dot in the domain with text on both sides.
        guard email.count <= maximumEmailLength, parts.count == 2, !parts[0].isEmpty,
              !email.contains(where: \.isWhitespace),
              let dot = parts[1].lastIndex(of: "."), dot != parts[1].startIndex, parts[1].index(after: dot) != parts[1].endIndex
        else { throw .invalidEmail(email) }
        return email
    }

    /// `text` trimmed, if it is a phone number (it has a digit); empty gives `nil`.
    public static func phone(_ text: String) throws(ContactError) -> String? {
        let phone = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if phone.isEmpty { return nil }
        guard phone.contains(where: { $0.isASCII && $0.isNumber }) else { throw .phoneWithoutDigits(phone) }
        guard phoneLength.contains(phone.count) else { throw .phoneLength(phone) }
        return phone
    }

    /// The class names given, trimmed, without blanks or repeats (ignoring case and accents).
    public static func classes(_ names: [String]) throws(ContactError) -> [String] {
        var result: [String] = []
        // Each name folded once and looked up in a set: comparing with every kept one, folding both
        // each time, made a card with 20,000 CATEGORIES take minutes.
        var seen: Set<String> = []
        for raw in names {
            let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { continue }
            guard name.count <= maximumClassLength else { throw .classTooLong(name) }
            if seen.insert(folded(name)).inserted { result.append(name) }
        }
        return result
    }

    /// Text without case or accents, for comparing names.
    static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
