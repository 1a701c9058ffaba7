import Foundation

/// Why an account could not be made, signed in to or changed, in words the user can act on.
public enum AccountError: Error, Equatable, CustomStringConvertible {
    case invalidUsername(String)
    case invalidEmail(String)
    case invalidPassword(String)
    case usernameTaken(String)
    case emailTaken(String)
    case noAccount(email: String)
    case incorrectPassword(attemptsLeft: Int)
    case lockedOut(seconds: Int)
    case temporaryPassword
    case sameAsTemporary
    case notSignedIn
    case sessionExpired
    case noAccounts
    case unknownAccount(String)

    public var description: String {
        switch self {
        case .invalidUsername(let username):
            return "invalid username '\(username)': use 3-32 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit"
        case .invalidEmail(let email):
            return "invalid email '\(email)': it must look like name@example.com"
        case .invalidPassword(let rule):
            return "invalid password: \(rule)"
        case .usernameTaken(let username):
            return "the username '\(username)' is taken: choose another"
        case .emailTaken(let email):
            return "an account with the email \(email) already exists"
        case .noAccount(let email):
            return "no account with that email (\(email))"
        case .incorrectPassword(let left):
            return left > 0
                ? "incorrect password (\(left) more \(left == 1 ? "try" : "tries") before sign-in is locked for \(SignInAttempts.lockSeconds) seconds)"
                : "incorrect password, \(SignInAttempts.limit) times in a row: sign-in is locked for \(SignInAttempts.lockSeconds) seconds"
        case .lockedOut(let seconds):
            return "sign-in is locked after \(SignInAttempts.limit) incorrect passwords: try again in \(seconds) s"
        case .temporaryPassword:
            return "this password is temporary and must be changed first"
        case .sameAsTemporary:
            return "the new password must differ from the temporary one"
        case .notSignedIn:
            return "this store has an account: sign in first"
        case .sessionExpired:
            return "your session expired after being idle: sign in again"
        case .noAccounts:
            return "this store has no account (it is an offline store)"
        case .unknownAccount(let name):
            return "no account called '\(name)'"
        }
    }
}
