import TroveStore

extension CalendarUser {
    /// The user as invitations name them: the signed-in account's email with the profile's display name
    /// (else the username); in an offline store, the `notifications.email` setting.
    public static func me(account: Account?, store: Store) throws -> CalendarUser {
        if let account {
            let profile = try ProfileBook(store: store).profile(of: account)
            return CalendarUser(email: account.email, name: profile?.displayName ?? account.username)
        }
        guard let email = try SyncedSettings(store: store).current().email else { throw InvitationError.noAddress }
        return CalendarUser(email: email)
    }

    /// Every address the user may be invited at: the account's email and the `notifications.email` setting.
    public static func myAddresses(account: Account?, store: Store) throws -> [String] {
        [account?.email, try SyncedSettings(store: store).current().email].compactMap { $0?.lowercased() }
    }
}
