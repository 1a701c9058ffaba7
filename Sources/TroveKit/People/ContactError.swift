/// Why a contact command was refused; nothing was written.
public enum ContactError: Error, Equatable, CustomStringConvertible {
    case blankName
    case nameTooLong(characters: Int)
    case invalidEmail(String)
    case phoneWithoutDigits(String)
    case phoneLength(String)
    case classTooLong(String)
    case addressTooLong(String)
    case unknownContact(String, known: [String])
    case ambiguousContact(String, matches: [String])
    case noEmail(name: String)
    case noPhone(name: String)

    public var description: String {
        switch self {
        case .blankName:
            return "the contact's name is empty: give it a name"
        case .nameTooLong(let count):
            return "the contact's name is \(count) characters long: at most \(ContactRules.maximumNameLength) are allowed"
        case .invalidEmail(let email):
            return "'\(email)' is not an email address: write it like name@example.com"
        case .phoneWithoutDigits(let phone):
            return "'\(phone)' is not a phone number: it has no digits"
        case .phoneLength(let phone):
            return "'\(phone)' is not a phone number: it must be \(ContactRules.phoneLength.lowerBound)-\(ContactRules.phoneLength.upperBound) characters long"
        case .classTooLong(let name):
            return "the class name '\(name.prefix(30))…' is \(name.count) characters long: at most \(ContactRules.maximumClassLength) are allowed"
        case .addressTooLong(let start):
            return "the address part '\(start)…' is longer than 1000 characters"
        case .unknownContact(let name, let known):
            return "no contact called '\(name)'" + (known.isEmpty ? ": there is none yet" : "")
        case .ambiguousContact(let name, let matches):
            return "\(matches.count) contacts match '\(name)': give part of the id instead (\(matches.joined(separator: ", ")))"
        case .noEmail(let name):
            return "\(name) has no email address"
        case .noPhone(let name):
            return "\(name) has no phone number"
        }
    }
}

extension ContactError: UserFacingError {}
