import Foundation
import TroveJSON
import TroveStore

/// Failed sign-ins in a row, kept in `.git/trove/sign-in.json`, so that guessing a password is slow.
///
/// After `limit` wrong passwords in a row, sign-in is refused for `lockSeconds`, even with the right one.
public struct SignInAttempts: Sendable {
    public static let limit = 3
    public static let lockSeconds = 60
    let path: String

    public init(storePath: String) { path = LocalFile.path("sign-in.json", ofStoreAt: storePath) }

    private func read() -> (failures: Int, lockedUntil: Date?) {
        guard let data = FileManager.default.contents(atPath: path), let value = try? JSONValue(parsing: Array(data)) else { return (0, nil) }
        let until = value["lockedUntil"]?.stringValue.flatMap(Timestamp.milliseconds).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return (value["failures"]?.intValue ?? 0, until)
    }

    /// The seconds left of a lock, or `nil` when sign-in is open.
    public func lockedSeconds(now: Date = Date()) -> Int? {
        guard let until = read().lockedUntil, until > now else { return nil }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }

    /// Counts one more wrong password and returns the count; the `limit`-th locks sign-in.
    func recordFailure(now: Date = Date()) throws -> Int {
        let failures = read().failures + 1
        var value: [String: JSONValue] = ["failures": .integer(failures >= Self.limit ? 0 : failures)]
        if failures >= Self.limit {
            value["lockedUntil"] = .string(Timestamp.string(now.addingTimeInterval(Double(Self.lockSeconds))))
        }
        try LocalFile.write(CanonicalJSON.encode(.object(value)), to: path, mode: 0o600)
        return failures
    }

    /// Forgets the failures after a right password.
    func reset() throws { unlink(path) }
}
