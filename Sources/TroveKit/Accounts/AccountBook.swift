import Foundation
import TroveJSON
import TroveSchema
import TroveStore

/// The store's accounts: making them, signing in, and changing passwords, usernames and emails.
///
/// Accounts are records like any other, so they sync to the owner's other machines; the
/// password is only ever kept as a `PasswordHash`.
public struct AccountBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// Every account, oldest first.
    public func all() throws -> [Account] {
        try store.records(ofType: RecordType.account).compactMap(Account.init).sorted { $0.id < $1.id }
    }

    /// Whether the store has an account (an offline store has none, and asks nobody to sign in).
    public func isEmpty() throws -> Bool { try all().isEmpty }

    /// The account with this id.
    public func account(id: String) throws -> Account? {
        try store.record(id: id).flatMap(Account.init)
    }

    /// The account with this email (ignoring case).
    public func account(email: String) throws -> Account? {
        try all().first { $0.email.lowercased() == email.lowercased() }
    }

    /// The account with this username.
    public func account(username: String) throws -> Account? {
        try all().first { $0.username == username.lowercased() }
    }

    /// Makes an account and its empty profile in one commit, after checking every rule.
    ///
    /// - Parameter temporary: the password was chosen for the user, who must change it at first sign-in.
    @discardableResult
    public func create(username: String, email: String, password: String, temporary: Bool = false) throws -> Account {
        try AccountRules.checkUsername(username)
        try AccountRules.checkEmail(email)
        try AccountRules.checkPassword(password, username: username, email: email)
        let hash = try PasswordHash.make(password)
        let (record, _) = try store.transaction(message: "Add account \(username)") { transaction -> Record in
            // Checked inside the writer lock, so two processes cannot both take a name.
            try checkFree(username: username, email: email, except: nil)
            let account = try transaction.put([
                "username": .string(username), "email": .string(email), "passwordHash": .string(hash),
                "temporaryPassword": .bool(temporary), "passwordChangedAt": .string(Timestamp.string(Date())),
            ], type: RecordType.account)
            try transaction.put(["accountId": .string(account.id)], type: RecordType.profile)
            return account
        }
        return Account(record)!
    }

    /// The account whose email and password these are; counts failures and locks sign-in after too many.
    ///
    /// A temporary password is checked but refused with `AccountError.temporaryPassword`:
    /// the caller must have it changed (`changePassword`) before opening a session.
    public func authenticate(email: String, password: String, now: Date = Date()) throws -> Account {
        let attempts = SignInAttempts(storePath: store.path)
        if let wait = attempts.lockedSeconds(now: now) { throw AccountError.lockedOut(seconds: wait) }
        guard let account = try account(email: email) else { throw AccountError.noAccount(email: email) }
        guard PasswordHash.verify(password, against: account.passwordHash) else {
            let failures = try attempts.recordFailure(now: now)
            throw AccountError.incorrectPassword(attemptsLeft: max(0, SignInAttempts.limit - failures))
        }
        try attempts.reset()
        if account.temporaryPassword { throw AccountError.temporaryPassword }
        return account
    }

    /// Replaces the password of the account with this email, after checking the current one.
    @discardableResult
    public func changePassword(email: String, current: String, new: String) throws -> Account {
        do {
            _ = try authenticate(email: email, password: current)
        } catch AccountError.temporaryPassword {
            // Changing a temporary password is exactly what is asked for.
        }
        guard let account = try account(email: email) else { throw AccountError.noAccount(email: email) }
        if account.temporaryPassword, new == current { throw AccountError.sameAsTemporary }
        try AccountRules.checkPassword(new, username: account.username, email: account.email)
        let hash = try PasswordHash.make(new)
        return try update(account, message: "Change the password of \(account.username)") { fields in
            fields["passwordHash"] = .string(hash)
            fields["temporaryPassword"] = .bool(false)
            fields["passwordChangedAt"] = .string(Timestamp.string(Date()))
        }
    }

    /// Gives the account a new username.
    @discardableResult
    public func rename(_ account: Account, to username: String) throws -> Account {
        try AccountRules.checkUsername(username)
        return try update(account, message: "Rename account \(account.username) to \(username)") { fields in
            try checkFree(username: username, email: nil, except: account.id)
            fields["username"] = .string(username)
        }
    }

    /// Gives the account a new email.
    @discardableResult
    public func changeEmail(_ account: Account, to email: String) throws -> Account {
        try AccountRules.checkEmail(email)
        return try update(account, message: "Change the email of \(account.username)") { fields in
            try checkFree(username: nil, email: email, except: account.id)
            fields["email"] = .string(email)
        }
    }

    private func update(_ account: Account, message: String, _ change: (inout [String: JSONValue]) throws -> Void) throws -> Account {
        let (record, _) = try store.transaction(message: message) { transaction -> Record in
            guard var fields = try transaction.record(id: account.id)?.value.objectValue else {
                throw AccountError.unknownAccount(account.username)
            }
            try change(&fields)
            return try transaction.put(.object(fields), type: RecordType.account)
        }
        return Account(record)!
    }

    private func checkFree(username: String?, email: String?, except id: String?) throws {
        for other in try all() where other.id != id {
            if let username, other.username == username { throw AccountError.usernameTaken(username) }
            if let email, other.email.lowercased() == email.lowercased() { throw AccountError.emailTaken(email) }
        }
    }
}
