#if canImport(Glibc)
import Foundation
import Glibc
import TroveSystem
#endif

/// A user name and a password (or an access token) for an https remote.
public struct HTTPLogin: Sendable, Equatable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// The https logins Trove keeps for the user, one per remote URL, in a file only they can read.
///
/// The file is `$XDG_CONFIG_HOME/trove/credentials.json` (default `~/.config/trove/`), mode 0600 in a
/// folder of mode 0700: never in a store, whose files and git config travel to hubs and backups. Logins
/// are keyed by the URL without any user name in it, so one kept for `https://host/me/store.git` serves
/// every store that syncs with that repository.
public struct CredentialStore: Sendable {
    /// The file the logins are kept in.
    public let file: String

    public init(file: String) { self.file = file }

    /// The user's own file, under their XDG config folder.
    public static func user(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> CredentialStore {
        CredentialStore(file: UserHome.configFolder(environment) + "/credentials.json")
    }

    /// The key a URL's login is kept under: scheme and host in lower case, the port unless the scheme's own,
    /// the path without a trailing slash; no user name or password.
    public static func key(for url: String) -> String {
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return url }
        components.user = nil
        components.password = nil
        components.scheme = scheme
        components.host = components.host?.lowercased()
        if (scheme == "https" && components.port == 443) || (scheme == "http" && components.port == 80) { components.port = nil }
        while components.path.count > 1 && components.path.hasSuffix("/") { components.path.removeLast() }
        components.query = nil
        components.fragment = nil
        return components.string ?? url
    }

    /// The login kept for `url`, if any.
    public func login(for url: String) throws -> HTTPLogin? {
        try read()[Self.key(for: url)]
    }

    /// Keeps `login` for `url`, replacing any other for it.
    public func save(_ login: HTTPLogin, for url: String) throws {
        try update { $0[Self.key(for: url)] = login }
    }

    /// Forgets the login kept for `url`; returns whether there was one.
    @discardableResult
    public func forget(url: String) throws -> Bool {
        var found = false
        try update { logins in found = logins.removeValue(forKey: Self.key(for: url)) != nil }
        return found
    }

    private func read() throws -> [String: HTTPLogin] {
        guard let data = FileManager.default.contents(atPath: file) else { return [:] }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let logins = root["logins"] as? [String: Any] else {
            throw CredentialStoreError(file: file, reason: "is not a credentials file Trove wrote (move it away to start afresh)")
        }
        var found: [String: HTTPLogin] = [:]
        for (key, value) in logins {
            guard let entry = value as? [String: Any], let username = entry["username"] as? String,
                  let password = entry["password"] as? String else { continue }
            found[key] = HTTPLogin(username: username, password: password)
        }
        return found
    }

    /// Reads, changes and writes the file under an exclusive lock, so that two commands saving at once both count.
    private func update(_ change: (inout [String: HTTPLogin]) -> Void) throws {
        let folder = FilePath.folder(of: file)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let lockDescriptor = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else { throw CredentialStoreError(file: file, reason: "cannot be locked: \(String(cString: strerror(errno)))") }
        defer { close(lockDescriptor) }
        flock(lockDescriptor, LOCK_EX)
        var logins = try read()
        change(&logins)
        var entries: [String: Any] = [:]
        for (key, login) in logins { entries[key] = ["username": login.username, "password": login.password] }
        let data = try JSONSerialization.data(withJSONObject: ["version": 1, "logins": entries], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try writePrivately(Array(data) + [0x0A])
    }

    /// Writes the file whole through a temporary file created with mode 0600, so that no moment exists
    /// when another user could read it, and a crash leaves the old file or the new one.
    private func writePrivately(_ bytes: [UInt8]) throws {
        let temporary = file + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw CredentialStoreError(file: file, reason: "cannot be written: \(String(cString: strerror(errno)))") }
        fchmod(descriptor, 0o600)  // the umask never widens it, but an old temporary file of ours may have another mode
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CredentialStoreError(file: file, reason: "cannot be written: \(reason)")
        }
    }
}

/// The credentials file could not be read or written.
public struct CredentialStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "the credentials file \(file) \(reason)" }
}
