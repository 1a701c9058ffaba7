import Glibc

/// Reads a JSON document whose top level is an object, handing over the elements of one member's array one at a
/// time, so that a file of any size is read in memory of the size of its largest element.
///
/// An export is typically `{"metadata": {…}, "entries": [ {…}, {…}, … ]}`: reading all of it first held the file,
/// its parsed tree and everything made from that at once (a 100,000-entry jrnl export: 83 MB of text, about 400 MB
/// in memory). Every value is parsed by the one `JSONParser`, with its checks and its errors; this type only moves
/// a window over the file. The line and column of an error are the file's.
///
/// ```swift
/// var stream = try JSONObjectStream(path: "export.json")
/// try stream.read(streaming: "entries", element: { entry in print(entry["title"] ?? .null) },
///                 member: { name, value in print("other member", name) })
/// ```
public struct JSONObjectStream {
    /// Where the bytes come from: a file read a chunk at a time, or bytes already in memory, taken a chunk at a time.
    private let descriptor: Int32?
    private let source: [UInt8]
    private var sourceTaken = 0
    /// The bytes of the file from `windowStart` on that have been read and not yet let go.
    private var window: [UInt8]
    /// The position in `window` of the next byte to parse.
    private var position = 0
    /// The file offset of `window`'s first byte.
    private var windowOffset = 0
    /// Whether `window` ends where the document ends.
    private var atEnd: Bool
    /// The line and column of `window`'s first byte, for errors.
    private var line = 1, column = 1
    /// Whether the member named for streaming was found with an array as its value (empty or not).
    public private(set) var sawArrayMember = false

    /// How much is read at a time, and the least kept ahead of the parse: an element shorter than this is parsed
    /// once (a longer one is parsed again from its start with twice the window, until it fits).
    public static let defaultChunkSize = 1 << 20
    private let chunkSize: Int
    /// How far past the position it stops at the parser may have looked: a `\u` surrogate pair, a UTF-8 sequence or
    /// a word like `false` cut at the window's end must not be taken for an error or for a shorter value.
    private static let lookahead = 16

    /// A stream over the file at `path`, which is opened now and closed when the stream is done.
    ///
    /// - Parameter chunkSize: how much to read at a time (tests make it small, to cut values at every byte).
    public init(path: String, chunkSize: Int = JSONObjectStream.defaultChunkSize) throws(JSONStreamError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        self.descriptor = descriptor
        self.chunkSize = max(1, chunkSize)
        source = []
        window = []
        atEnd = false
    }

    /// A stream over the open file `descriptor`, read from its start; the stream closes it when done.
    public init(descriptor: Int32, chunkSize: Int = JSONObjectStream.defaultChunkSize) {
        lseek(descriptor, 0, SEEK_SET)
        self.descriptor = descriptor
        self.chunkSize = max(1, chunkSize)
        source = []
        window = []
        atEnd = false
    }

    /// A stream over bytes already in memory, read as from a file (tests and the fuzzer cut them into small chunks).
    public init(bytes: [UInt8], chunkSize: Int = JSONObjectStream.defaultChunkSize) {
        descriptor = nil
        self.chunkSize = max(1, chunkSize)
        source = bytes
        window = []
        atEnd = false
    }

    /// Reads the whole document: each element of the array that is the top-level member `arrayMember`'s value goes to
    /// `element` in order; every other member, and `arrayMember` too when its value is not an array, goes whole to
    /// `member`. Throws `JSONParseError` where the text is not JSON (after handing over the elements before it),
    /// `JSONStreamError` when the file cannot be read or its top level is no object, and whatever the closures throw.
    public mutating func read(streaming arrayMember: String, element: (JSONValue) throws -> Void,
                              member: (String, JSONValue) throws -> Void) throws {
        defer { if let descriptor { close(descriptor) } }
        // At least the three bytes of a byte order mark, whatever the chunk size.
        try fill(ahead: max(chunkSize, 3))
        if window.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipWhitespace()
        guard try peek() == UInt8(ascii: "{") else {
            // Not an object: the parser says what it is instead, or why it is not JSON.
            throw JSONStreamError.notAnObject(found: try parseValue(depth: 0).typeName)
        }
        position += 1
        var names = Set<String>()
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                try skipWhitespace()
                guard try peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                let nameStart = windowOffset + position
                guard case .string(let name) = try parseValue(depth: 1) else { throw error("expected a member name in quotes") }
                guard names.insert(name).inserted else {
                    throw error("duplicate member name \"\(name)\"", at: nameStart - windowOffset)
                }
                try skipWhitespace()
                guard try peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
                position += 1
                try skipWhitespace()
                if name == arrayMember, try peek() == UInt8(ascii: "[") {
                    try readArray(element)
                } else {
                    try member(name, try parseValue(depth: 1))
                }
                try skipWhitespace()
                let next = try peek()
                position += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { position -= 1; throw error("expected ',' or '}' in an object") }
            }
        }
        try skipWhitespace()
        if try peek() != nil { throw error("unexpected text after the JSON value") }
    }

    private mutating func readArray(_ element: (JSONValue) throws -> Void) throws {
        sawArrayMember = true
        position += 1
        try skipWhitespace()
        if try peek() == UInt8(ascii: "]") { position += 1; return }
        while true {
            try skipWhitespace()
            try element(try parseValue(depth: 2))
            try skipWhitespace()
            let next = try peek()
            position += 1
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { position -= 1; throw error("expected ',' or ']' in an array") }
        }
    }

    /// Parses the value at `position` with `JSONParser`, reading on while the window is too short to tell.
    ///
    /// - Parameter depth: how many containers the value is inside (the parser's limit counts them).
    private mutating func parseValue(depth: Int) throws -> JSONValue {
        var ahead = chunkSize
        while true {
            try fill(ahead: ahead)
            var parser = JSONParser(window, at: position, depth: depth)
            do {
                let value = try parser.parseValue()
                if atEnd || parser.index + Self.lookahead <= window.count {
                    position = parser.index
                    return value
                }
            } catch {
                if atEnd || parser.index + Self.lookahead <= window.count { throw located(error) }
            }
            ahead *= 2
        }
    }

    /// The next byte, reading more when the window is used up; `nil` at the end of the document.
    private mutating func peek() throws -> UInt8? {
        if position >= window.count { try fill(ahead: chunkSize) }
        return position < window.count ? window[position] : nil
    }

    private mutating func skipWhitespace() throws {
        while let byte = try peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// Lets go of the bytes before `position` once they are half the window, then reads until `ahead` bytes lie
    /// past `position` or the file ends.
    private mutating func fill(ahead: Int) throws(JSONStreamError) {
        guard !atEnd else { return }
        if position > chunkSize {
            (line, column) = Self.advance(line: line, column: column, over: window[..<position])
            window.removeFirst(position)
            windowOffset += position
            position = 0
        }
        while !atEnd && window.count - position < ahead {
            guard let descriptor else {
                let taken = min(source.count - sourceTaken, max(chunkSize, ahead - (window.count - position)))
                window.append(contentsOf: source[sourceTaken..<sourceTaken + taken])
                sourceTaken += taken
                if sourceTaken == source.count { atEnd = true }
                continue
            }
            let before = window.count
            let wanted = max(chunkSize, ahead - (window.count - position))
            window.reserveCapacity(before + wanted)
            var count = 0
            window.append(contentsOf: repeatElement(0, count: wanted))
            repeat {
                count = window.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + before, wanted) }
            } while count < 0 && errno == EINTR
            guard count >= 0 else {
                window.removeLast(wanted)
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            window.removeLast(wanted - count)
            if count == 0 { atEnd = true }
        }
    }

    /// A parse error of the window, at the file's line and column.
    private func located(_ error: JSONParseError) -> JSONParseError {
        var located = error
        if error.line == 1 { located.column = column + error.column - 1 }
        located.line = line + error.line - 1
        return located
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        let (line, column) = Self.advance(line: line, column: column, over: window[..<min(offset ?? position, window.count)])
        return JSONParseError(line: line, column: column, reason: reason)
    }

    /// The line and column after `bytes`, counted as `JSONParseError` counts them (a column per character).
    private static func advance(line: Int, column: Int, over bytes: ArraySlice<UInt8>) -> (Int, Int) {
        var (line, column) = (line, column)
        for byte in bytes {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}

/// A JSON file that could not be read, or whose top level is not an object (text that is not JSON is a `JSONParseError`).
public enum JSONStreamError: Error, Sendable, Equatable {
    case unreadable(reason: String)
    /// The document is JSON, but its top level is `found` (`an array`, `a string`…).
    case notAnObject(found: String)
}
