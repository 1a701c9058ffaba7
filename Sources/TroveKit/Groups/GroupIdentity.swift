/// Who the user is to their groups: a username and the key that signs their commits.
public struct GroupIdentity: Sendable, Equatable {
    public var username: String
    public var key: SSHPublicKey
    public var email: String?

    public init(username: String, key: SSHPublicKey, email: String? = nil) {
        self.username = username
        self.key = key
        self.email = email
    }

    /// `text` made into a username the member records take: lowercase letters, digits, '.', '_' and '-'.
    public static func username(from text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        var name = String(text.lowercased().filter { allowed.contains($0) }.prefix(32))
        while name.first.map({ !$0.isLetter && !$0.isNumber }) == true { name.removeFirst() }
        while name.count < 3 { name += "0" }
        return name
    }
}
