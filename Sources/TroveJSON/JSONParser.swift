/// Why a piece of text is not JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the offending character.
    public var line: Int
    /// The 1-based column of the offending character.
    public var column: Int
    /// What was wrong.
    public var reason: String

    public var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
}

extension JSONValue {
    /// Parses UTF-8 JSON text, reporting the line and column of the first error.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        var parser = JSONParser(Array(bytes))
        self = try parser.parseDocument()
    }

    /// Parses JSON text, reporting the line and column of the first error.
    public init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8))
    }

    /// The members named in `names` of the JSON object that `bytes` holds, without building the others.
    ///
    /// The whole text is checked as `init(parsing:)` checks it, except that a member name repeated inside a
    /// value that is not built goes unnoticed. Reading three members of the 23 bundled schemas this way took
    /// a fraction of parsing them whole, which every command paid at its start (issue 25).
    ///
    /// ```swift
    /// let header = try JSONValue.members(["x-type"], ofObject: Array(#"{"x-type": "entry", "properties": {}}"#.utf8))
    /// // header == ["x-type": "entry"]
    /// ```
    public static func members(_ names: Set<String>, ofObject bytes: [UInt8]) throws(JSONParseError) -> [String: JSONValue] {
        var parser = JSONParser(bytes)
        return try parser.parseRootMembers(names)
    }
}

/// A strict RFC 8259 parser: no comments, no trailing commas, no NaN.
struct JSONParser {
    private let bytes: [UInt8]
    /// Where the parse is: after a value, the byte that follows it; after an error, at most a few bytes before
    /// the furthest one looked at (`JSONObjectStream` relies on that).
    private(set) var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A parser of the value that starts at `index` of `bytes` (`parseValue`), inside `depth` containers.
    init(_ bytes: [UInt8], at index: Int, depth: Int) {
        self.bytes = bytes
        self.index = index
        self.depth = depth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    /// The document as `parseDocument` reads it, which must be an object; only the members in `names` are built.
    mutating func parseRootMembers(_ names: Set<String>) throws(JSONParseError) -> [String: JSONValue] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw error("expected an object") }
        var members: [String: JSONValue] = [:]
        var seen = SeenNames()
        try forEachMember(isNew: { seen.insert($0) }) { (parser, key) throws(JSONParseError) in
            if names.contains(key) { members[key] = try parser.parseValue() } else { try parser.skipValue() }
        }
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the JSON value") }
        return members
    }

    /// Checks the value at `index` as `parseValue` reads it, without building it.
    private mutating func skipValue() throws(JSONParseError) {
        switch peek() {
        case UInt8(ascii: "{"):
            var seen = SeenNames()
            try forEachMember(isNew: { seen.insert($0) }) { (parser, _) throws(JSONParseError) in try parser.skipValue() }
        case UInt8(ascii: "["): try forEachElement { (parser) throws(JSONParseError) in try parser.skipValue() }
        case UInt8(ascii: "\""): _ = try parseString(building: false)
        default: _ = try parseValue()
        }
    }

    /// The member names an object skipped so far has had, so that a repeat is refused: the first few compared in
    /// turn, the rest in a set. A `Set` for every object (its storage and a hash of each name) was most of the time
    /// every command spends reading the bundled schemas' headers (issue 25); their objects have a handful of names,
    /// mostly short enough to be stored inline.
    private struct SeenNames {
        private var few: [String] = []
        private var many: Set<String>?

        /// Whether `name` is new; notes it.
        mutating func insert(_ name: String) -> Bool {
            if many == nil {
                if few.contains(name) { return false }
                guard few.count == 8 else { few.append(name); return true }
                many = Set(few)
            }
            return many!.insert(name).inserted
        }
    }

    /// Reads the object at `index`, calling `member` with the parser and each member's name when the parse is at its
    /// value, which `member` must read. A name for which `isNew` says false is refused as a duplicate where it starts,
    /// before anything after it is read (as `JSONObjectStream` does, so both report the same error).
    private mutating func forEachMember(isNew: (String) -> Bool,
                                        _ member: (inout JSONParser, String) throws(JSONParseError) -> Void) throws(JSONParseError) {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; depth -= 1; return }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let keyStart = index
            let key = try parseString()
            guard isNew(key) else { throw error("duplicate member name \"\(key)\"", at: keyStart) }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    /// Reads the array at `index`, calling `element` when the parse is at each element, which it must read.
    private mutating func forEachElement(_ element: (inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError) {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; depth -= 1; return }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        try forEachMember(isNew: { members[$0] == nil }) { (parser, key) throws(JSONParseError) in
            members[key] = try parser.parseValue()
        }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        var elements: [JSONValue] = []
        try forEachElement { (parser) throws(JSONParseError) in elements.append(try parser.parseValue()) }
        return .array(elements)
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    /// The string at `index`; with `building` false, only checked, and "" returned.
    private mutating func parseString(building: Bool = true) throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Most strings have no escapes: decode them straight from the input, already checked as UTF-8.
        var unescaped: [UInt8]? = nil
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                guard building else { return "" }
                guard var buffer = unescaped else { return String(decoding: bytes[start..<index], as: UTF8.self) }
                buffer.append(contentsOf: bytes[runStart..<index])
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            if byte == UInt8(ascii: "\\") {
                guard building else {
                    index += 1
                    _ = try parseEscape()
                    continue
                }
                var buffer = unescaped ?? []
                unescaped = nil  // so `buffer` is the only reference and grows in place
                buffer.append(contentsOf: bytes[runStart..<index])
                index += 1
                buffer.append(contentsOf: String(try parseEscape()).utf8)
                unescaped = buffer
                runStart = index
                continue
            }
            if byte >= 0x80 { try checkUTF8Sequence() } else { index += 1 }
        }
        throw error("unterminated string")
    }

    private mutating func checkUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw error("invalid UTF-8")
        }
        guard index + length <= bytes.count,
              String(validating: bytes[index..<index + length], as: UTF8.self) != nil
        else { throw error("invalid UTF-8") }
        index += length
    }

    /// Decodes the escape after a backslash; errors point at the backslash.
    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        let start = index - 1
        guard let byte = peek() else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(high) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in \\u escape", at: start) }
                index += 2
                let low = try parseHex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape", at: start) }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape", at: start) }
            return scalar
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: start)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw error("leading zero in a number") }
        } else {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = peek(), isDigit(byte) else { throw error("expected a digit after '.'") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), isDigit(byte) else { throw error("expected a digit in the exponent") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw error("number out of range", at: start) }
        return JSONValue.number(number)
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw error("unexpected word (expected \(word))") }
        index += expected.count
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// An error at the current position, or at `position` (a byte offset) when given.
    private func error(_ reason: String, at position: Int? = nil) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position ?? index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(line: line, column: column, reason: reason)
    }
}

extension JSONValue {
    /// A number, stored as an integer when it is whole and fits, so `2.0` and `2` are one value.
    public static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 9.0e15 { return .integer(Int(value)) }
        return .double(value)
    }
}
