import Foundation

/// The links that hand a contact to another program: `mailto:` for the mail program, `tel:` to call, `sms:` to text.
public enum ContactLink {
    /// How to reach someone.
    public enum Kind: String, Sendable, CaseIterable {
        case email, call, text
    }

    /// The link of `kind` for `contact`, or the error that says what it lacks.
    public static func link(_ kind: Kind, for contact: Contact, subject: String? = nil, body: String? = nil) throws -> String {
        switch kind {
        case .email:
            guard let email = contact.email else { throw ContactError.noEmail(name: contact.name) }
            return mailto(email, subject: subject, body: body)
        case .call:
            guard let phone = contact.phone else { throw ContactError.noPhone(name: contact.name) }
            return "tel:" + dialable(phone)
        case .text:
            guard let phone = contact.phone else { throw ContactError.noPhone(name: contact.name) }
            return "sms:" + dialable(phone) + (body.map { "?body=" + encode($0) } ?? "")
        }
    }

    /// `mailto:ADDRESS?subject=…&body=…` (RFC 6068), with everything outside the safe characters percent-encoded.
    public static func mailto(_ address: String, subject: String? = nil, body: String? = nil) -> String {
        var query: [String] = []
        if let subject, !subject.isEmpty { query.append("subject=" + encode(subject)) }
        if let body, !body.isEmpty { query.append("body=" + encode(body)) }
        // The address keeps its '@'; anything else unusual ('?', '&', '%', spaces) is encoded.
        let encodedAddress = address.split(separator: "@", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "@")
        return "mailto:" + encodedAddress + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// A phone number as `tel:` and `sms:` take it (RFC 3966): a leading '+' and the digits; spaces, dashes,
    /// dots and brackets only help people read, and anything else is percent-encoded.
    public static func dialable(_ phone: String) -> String {
        var result = ""
        for character in phone.trimmingCharacters(in: .whitespacesAndNewlines) {
            if character.isASCII && character.isNumber { result.append(character) }
            else if character == "+" && result.isEmpty { result.append("+") }
            else if !" -.()/\t".contains(character) { result += encode(String(character)) }
        }
        return result
    }

    /// `text` percent-encoded as a URL's query value: only letters, digits and `-._~` stay as they are.
    public static func encode(_ text: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
