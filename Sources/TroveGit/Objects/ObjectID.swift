import CGit2
import Foundation

/// The SHA-1 name of a git object.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The 20 raw bytes.
    public let bytes: [UInt8]

    init(_ oid: git_oid) {
        var copy = oid
        bytes = withUnsafeBytes(of: &copy.id) { Array($0) }
    }

    init(_ pointer: UnsafePointer<git_oid>) { self.init(pointer.pointee) }

    /// An id from its 20 raw bytes.
    public init(bytes: [UInt8]) {
        precondition(bytes.count == 20, "an object id has 20 bytes")
        self.bytes = bytes
    }

    /// Parses 40 hex digits.
    public init?(hex: String) {
        guard hex.utf8.count == 40 else { return nil }
        var oid = git_oid()
        guard git_oid_fromstr(&oid, hex) == 0 else { return nil }
        self.init(oid)
    }

    /// The 40 hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(40)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The first 10 hex digits, for messages.
    public var short: String { String(hex.prefix(10)) }

    public var description: String { hex }

    /// The object id as libgit2 takes it.
    var raw: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { $0.copyBytes(from: bytes) }
        return oid
    }

    /// Whether this is the all-zero id git uses for "nothing".
    public var isZero: Bool { bytes.allSatisfy { $0 == 0 } }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}
