/// git's pkt-line framing (gitprotocol-common): four hex digits giving the length of the line, themselves
/// included, then its bytes; `0000` is a flush. A receive-pack conversation is made of these.
enum PktLine {
    /// The longest line the protocol allows, length digits included.
    static let maximumLength = 65520

    static let flush: [UInt8] = Array("0000".utf8)

    /// `payload` framed as one line.
    static func encode(_ payload: [UInt8]) -> [UInt8] {
        precondition(payload.count + 4 <= maximumLength, "a pkt-line holds at most 65516 bytes")
        let digits = Array("0123456789abcdef".utf8)
        let length = payload.count + 4
        return [12, 8, 4, 0].map { digits[(length >> $0) & 0xF] } + payload
    }

    static func encode(_ text: String) -> [UInt8] { encode(Array(text.utf8)) }
}

/// Reads pkt-lines from what a server sends, which is checked like anything else that arrives.
struct PktLineReader {
    /// Fills the buffer with at least one byte, or returns 0 at the end of the stream.
    let readSome: (UnsafeMutableRawBufferPointer) throws -> Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(readSome: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.readSome = readSome
    }

    /// The next line's bytes, or `nil` for a flush.
    mutating func next() throws -> [UInt8]? {
        let header = try take(4)
        guard let length = Int(String(decoding: header, as: UTF8.self), radix: 16), header.allSatisfy({ Self.isHexDigit($0) }) else {
            throw PktLineError.malformed("a line starts with \"\(String(decoding: header, as: UTF8.self))\", not a length")
        }
        if length == 0 { return nil }
        guard length >= 4, length <= PktLine.maximumLength else { throw PktLineError.malformed("a line claims \(length) bytes") }
        return try take(length - 4)
    }

    private mutating func take(_ count: Int) throws -> [UInt8] {
        while buffer.count - start < count {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let got = try chunk.withUnsafeMutableBytes { try readSome($0) }
            guard got > 0 else { throw PktLineError.endedEarly }
            buffer += chunk[..<got]
        }
        defer { start += count }
        return Array(buffer[start..<start + count])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
    }
}

/// A server's answer that is not the protocol.
enum PktLineError: Error, CustomStringConvertible {
    case malformed(String)
    case endedEarly

    var description: String {
        switch self {
        case .malformed(let what): "the server's answer is not git's protocol: \(what)"
        case .endedEarly: "the server's answer ended early"
        }
    }
}
