import Foundation
import TroveJSON
import TroveStore

/// Who is signed in to one clone of a store: `.git/trove/session.json`, readable by its owner only.
///
/// A session ends with `logout`, or by itself once it has been idle longer than its idle time.
/// Every command that finds it valid moves its last-use time on.
public struct Session: Sendable, Equatable {
    public var accountID: String
    public var username: String
    public var startedAt: Date
    public var lastUsedAt: Date
    /// How long the session may sit unused before it expires.
    public var idleTimeout: TimeInterval

    /// The idle time of a new session unless the user sets one.
    public static let defaultIdleTimeout: TimeInterval = 12 * 3600

    /// When the session expires if nothing uses it.
    public var expiresAt: Date { lastUsedAt.addingTimeInterval(idleTimeout) }

    public init(account: Account, idleTimeout: TimeInterval, now: Date = Date()) {
        accountID = account.id
        username = account.username
        startedAt = now
        lastUsedAt = now
        self.idleTimeout = idleTimeout
    }

    init?(_ value: JSONValue) {
        guard let id = value["accountId"]?.stringValue, let username = value["username"]?.stringValue,
              let started = value["startedAt"]?.stringValue.flatMap(Timestamp.milliseconds),
              let used = value["lastUsedAt"]?.stringValue.flatMap(Timestamp.milliseconds),
              let idle = value["idleSeconds"]?.doubleValue, idle > 0
        else { return nil }
        accountID = id
        self.username = username
        startedAt = Date(timeIntervalSince1970: Double(started) / 1000)
        lastUsedAt = Date(timeIntervalSince1970: Double(used) / 1000)
        idleTimeout = idle
    }

    var json: JSONValue {
        ["accountId": .string(accountID), "username": .string(username), "startedAt": .string(Timestamp.string(startedAt)),
         "lastUsedAt": .string(Timestamp.string(lastUsedAt)), "idleSeconds": .double(idleTimeout)]
    }
}

/// The session file of one store.
public struct SessionFile: Sendable {
    public let path: String

    public init(storePath: String) { path = LocalFile.path("session.json", ofStoreAt: storePath) }

    /// The session as written, expired or not; `nil` when there is none.
    public func read() -> Session? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONValue(parsing: Array(data))).flatMap(Session.init)
    }

    /// Saves the session, readable and writable by its owner only.
    public func write(_ session: Session) throws {
        try LocalFile.write(CanonicalJSON.encode(session.json), to: path, mode: 0o600)
    }

    /// Ends the session; nothing happens when there is none.
    public func remove() {
        unlink(path)
    }

    /// The session if it is still valid at `now`, moved on to `now`. An expired session is removed
    /// and reported as `AccountError.sessionExpired`; no session at all is `nil`.
    public func use(now: Date = Date()) throws -> Session? {
        guard var session = read() else { return nil }
        guard now < session.expiresAt else {
            remove()
            throw AccountError.sessionExpired
        }
        // Writing on every command is cheap; skip it when the last write was moments ago.
        if now.timeIntervalSince(session.lastUsedAt) > 1 {
            session.lastUsedAt = now
            try? write(session)
        }
        return session
    }
}
