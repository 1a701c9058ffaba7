import TroveJSON
import TroveSchema
import TroveStore

/// What a user shows of themselves: display name, bio (Markdown) and avatar. Username and email live in the account.
public struct Profile: Sendable, Equatable {
    public var id: String
    public var accountID: String
    public var displayName: String?
    public var bio: String?
    /// The SHA-256 of the avatar image.
    public var avatar: String?
    /// The commit-signing public key, `ssh-ed25519 <base64>` (see `trove key init`).
    public var publicKey: String?

    init?(_ record: Record) {
        guard record.type == RecordType.profile, let account = record.value["accountId"]?.stringValue else { return nil }
        id = record.id
        accountID = account
        displayName = record.value["displayName"]?.stringValue
        bio = record.value["bio"]?.stringValue
        avatar = record.value["avatar"]?.stringValue
        publicKey = record.value["publicKey"]?.stringValue
    }
}

/// Reading and changing profiles.
public struct ProfileBook {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// The profile of `account`, or `nil` when it has none yet.
    public func profile(of account: Account) throws -> Profile? {
        try store.records(ofType: RecordType.profile).compactMap(Profile.init).filter { $0.accountID == account.id }.min { $0.id < $1.id }
    }

    /// Sets the bio; an empty text removes it.
    @discardableResult
    public func setBio(_ bio: String, of account: Account) throws -> Profile {
        if bio.count > 10_000 { throw ProfileError.bioTooLong(bio.count) }
        return try change(account, "Set the bio of \(account.username)") { $0["bio"] = bio.isEmpty ? nil : .string(bio) }
    }

    /// Sets the name shown beside the username; an empty text removes it.
    @discardableResult
    public func setDisplayName(_ name: String, of account: Account) throws -> Profile {
        if name.count > 100 { throw ProfileError.displayNameTooLong(name.count) }
        return try change(account, "Set the display name of \(account.username)") { $0["displayName"] = name.isEmpty ? nil : .string(name) }
    }

    /// Stores an image and makes it the avatar; anything but an image is refused.
    @discardableResult
    public func setAvatar(_ bytes: [UInt8], source: String, of account: Account) throws -> Profile {
        try change(account, "Set the avatar of \(account.username)") { transaction, fields in
            fields["avatar"] = .string(try transaction.addMedia(bytes, source: source).sha256)
        }
    }

    /// Publishes the commit-signing public key, so that others can check the commits this user signs.
    @discardableResult
    public func setPublicKey(_ key: SSHPublicKey, of account: Account) throws -> Profile {
        try change(account, "Set the signing key of \(account.username)") { $0["publicKey"] = .string(key.line()) }
    }

    private func change(_ account: Account, _ message: String, _ body: (inout [String: JSONValue]) throws -> Void) throws -> Profile {
        try change(account, message) { _, fields in try body(&fields) }
    }

    private func change(_ account: Account, _ message: String,
                        _ body: (inout Transaction, inout [String: JSONValue]) throws -> Void) throws -> Profile {
        let existing = try profile(of: account)
        let (record, _) = try store.transaction(message: message) { transaction -> Record in
            var fields = try existing.flatMap { try transaction.record(id: $0.id)?.value.objectValue } ?? ["accountId": .string(account.id)]
            try body(&transaction, &fields)
            return try transaction.put(.object(fields), type: RecordType.profile)
        }
        return Profile(record)!
    }
}

/// Why a profile change was refused.
public enum ProfileError: Error, Equatable, CustomStringConvertible {
    case bioTooLong(Int)
    case displayNameTooLong(Int)

    public var description: String {
        switch self {
        case .bioTooLong(let count): return "the bio is \(count) characters long; at most 10,000 fit"
        case .displayNameTooLong(let count): return "the display name is \(count) characters long; at most 100 fit"
        }
    }
}
