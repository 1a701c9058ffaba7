import Foundation
import TroveStore

/// The rule commands follow: a store with an account is used only inside a valid session;
/// a store without one (an offline store) asks nobody.
public enum SignIn {
    /// The account signed in to `store`, `nil` for an offline store; throws when someone must sign in first.
    @discardableResult
    public static func require(_ store: Store, now: Date = Date()) throws -> Account? {
        let book = AccountBook(store: store)
        if let session = try SessionFile(storePath: store.path).use(now: now) {
            if let account = try book.account(id: session.accountID) { return account }
            // The account went away (deleted on another machine): the session means nothing now.
            SessionFile(storePath: store.path).remove()
        }
        if try book.isEmpty() { return nil }
        throw AccountError.notSignedIn
    }

    /// Opens a session for `account` after `AccountBook.authenticate` accepted it.
    @discardableResult
    public static func start(_ account: Account, in store: Store, idleTimeout: TimeInterval = Session.defaultIdleTimeout,
                             now: Date = Date()) throws -> Session {
        let session = Session(account: account, idleTimeout: idleTimeout, now: now)
        try SessionFile(storePath: store.path).write(session)
        return session
    }
}
