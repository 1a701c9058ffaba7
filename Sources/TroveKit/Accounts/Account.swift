import TroveJSON
import TroveSchema
import TroveStore

/// A user who can sign in to the store, as read from an `account` record.
public struct Account: Sendable, Equatable {
    public var id: String
    public var username: String
    public var email: String
    /// The PHC string of the password's hash.
    var passwordHash: String
    /// Whether the password was set for the user (an invitation) and must be changed at first sign-in.
    public var temporaryPassword: Bool
    public var createdAt: String

    init?(_ record: Record) {
        guard record.type == RecordType.account, let username = record.value["username"]?.stringValue,
              let email = record.value["email"]?.stringValue, let hash = record.value["passwordHash"]?.stringValue
        else { return nil }
        id = record.id
        self.username = username
        self.email = email
        passwordHash = hash
        temporaryPassword = record.value["temporaryPassword"]?.boolValue ?? false
        createdAt = record.createdAt ?? ""
    }
}
