import CGit2
import Foundation

/// Who made a commit, and when.
public struct Signature: Sendable, Equatable {
    public var name: String
    public var email: String
    public var time: Date
    /// Minutes east of UTC.
    public var timeZoneOffset: Int

    public init(name: String, email: String, time: Date = Date(), timeZoneOffset: Int? = nil) {
        self.name = name
        self.email = email
        self.time = time
        self.timeZoneOffset = timeZoneOffset ?? TimeZone.current.secondsFromGMT(for: time) / 60
    }

    init(_ raw: UnsafePointer<git_signature>) {
        name = String(cString: raw.pointee.name)
        email = String(cString: raw.pointee.email)
        time = Date(timeIntervalSince1970: TimeInterval(raw.pointee.when.time))
        timeZoneOffset = Int(raw.pointee.when.offset)
    }

    /// Calls `body` with a libgit2 signature that lives only for the call.
    func withRaw<T>(_ body: (UnsafePointer<git_signature>) throws -> T) throws -> T {
        var signature: UnsafeMutablePointer<git_signature>?
        try check(
            git_signature_new(&signature, name, email, git_time_t(time.timeIntervalSince1970), Int32(timeZoneOffset)),
            "make signature for \(name) <\(email)>")
        defer { git_signature_free(signature) }
        return try body(signature!)
    }
}
