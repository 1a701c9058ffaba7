import Foundation

/// The SSH wire encoding (RFC 4251 §5) that SSH keys and SSHSIG signatures are built from.
struct SSHWriter {
    private(set) var bytes: [UInt8] = []

    /// Appends raw bytes, with no length.
    mutating func raw(_ data: [UInt8]) { bytes += data }

    /// Appends a big-endian uint32.
    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    /// Appends a "string": a uint32 length, then the bytes.
    mutating func string(_ data: [UInt8]) {
        uint32(UInt32(data.count))
        bytes += data
    }

    mutating func string(_ text: String) { string(Array(text.utf8)) }
}

/// Reads the SSH wire encoding; every read fails with `nil` past the end.
struct SSHReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func raw(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func uint32() -> UInt32? {
        raw(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    mutating func string() -> [UInt8]? {
        uint32().flatMap { raw(Int($0)) }
    }

    mutating func text() -> String? {
        string().flatMap { String(bytes: $0, encoding: .utf8) }
    }
}
