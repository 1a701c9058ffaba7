/// The rules a username, an email and a password must follow, each with its own message.
public enum AccountRules {
    /// Passwords shorter than this are refused.
    public static let minimumPasswordLength = 10
    static let maximumPasswordLength = 1024

    /// Checks a username: 3-32 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit.
    public static func checkUsername(_ username: String) throws {
        let characters = Array(username.unicodeScalars)
        let allowed = { (c: Unicode.Scalar) in ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-" }
        guard (3...32).contains(characters.count), characters.allSatisfy(allowed),
              let first = characters.first, ("a"..."z").contains(first) || ("0"..."9").contains(first)
        else { throw AccountError.invalidUsername(username) }
    }

    /// Checks an email address: one '@', a name before it and a dotted domain after it, no spaces.
    public static func checkEmail(_ email: String) throws {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace),
              let dot = parts[1].lastIndex(of: "."), dot != parts[1].startIndex, parts[1].index(after: dot) != parts[1].endIndex
        else { throw AccountError.invalidEmail(email) }
    }

    /// Checks a new password: long enough, not blank, and not the username or email.
    public static func checkPassword(_ password: String, username: String? = nil, email: String? = nil) throws {
        if password.count < minimumPasswordLength {
            throw AccountError.invalidPassword("it must be at least \(minimumPasswordLength) characters long (it has \(password.count))")
        }
        if password.count > maximumPasswordLength {
            throw AccountError.invalidPassword("it must be at most \(maximumPasswordLength) characters long")
        }
        if password.allSatisfy(\.isWhitespace) { throw AccountError.invalidPassword("it must not be only spaces") }
        let lowered = password.lowercased()
        if let username, lowered == username.lowercased() { throw AccountError.invalidPassword("it must not be your username") }
        if let email, lowered == email.lowercased() { throw AccountError.invalidPassword("it must not be your email") }
    }
}
