/// What FoundationXML cannot be trusted with, settled a piece at a time before its `XMLParser` sees a file's bytes.
///
/// swift-corelibs-foundation's callbacks from libxml2 crash the process on some well-formed input:
/// - a processing instruction with nothing after its name (`<?name?>`): libxml2 passes no data and the
///   callback takes its length (a null read, SIGSEGV; found by fuzz-gpx);
/// - an element name that is not UTF-8 (a trap, SIGILL; issue 26).
///
/// So a file is read only in an encoding whose `<`, `?`, `>` and `!` are the bytes scanned for here: UTF-8,
/// ASCII-compatible encodings libxml2 converts, and UTF-16. An empty processing instruction gets a space
/// (`<?name ?>`, the same instruction to XML, which the GPX reader ignores anyway), and a document type
/// declaration is refused: GPX has none, and the entities it could declare are text this scan never sees.
///
/// The guard reads the file in pieces of any size and hands back the bytes the parser may have of each, so that a
/// GPX file of any length is read in the memory of one piece; what it hands back, and the error it throws, are the
/// same however the file is cut (a test cuts random files in pieces of 1 to 8 bytes). Its errors come in the order a
/// whole reading would find them: an encoding it cannot read at once; a byte that is not UTF-8 anywhere in the file
/// before any other refusal (so a refused file is still read to its end, or to that byte); then a refused encoding
/// name, then a `<!DOCTYPE>`.
///
/// ```swift
/// var guard = XMLInputGuard()
/// let safe = try guard.take(piece[...]) + guard.finish()   // throws PointFileError
/// ```
struct XMLInputGuard {
    /// How the file's characters are laid out, as libxml2 detects it from the first bytes.
    struct Layout: Equatable {
        /// 1 (UTF-8 and other ASCII-compatible encodings) or 2 (UTF-16).
        var width: Int
        var bigEndian: Bool
        /// Bytes before the first character: a byte order mark.
        var start: Int
    }

    /// The longest start of a file held to read its XML declaration. libxml2 reads one up to its first `>`; a
    /// declaration longer than this (only a hostile file has one) is taken as malformed, and the file refused.
    static let longestHead = 1 << 16

    /// Bytes held until the layout and the declaration are known; then nil.
    private var head: [UInt8]? = []
    private var layout = Layout(width: 1, bigEndian: false, start: 0)
    /// Whether the bytes must be UTF-8 (they reach FoundationXML as they are, without libxml2 converting them).
    private var checksUTF8 = true
    private var utf8 = UTF8Check()
    /// The first refusal other than a byte that is not UTF-8, thrown at the end of the file unless such a byte is found.
    private var refusal: PointFileError?
    private var scan = ScanState.text
    /// Where the scan is, in units after the byte order mark, and where the last `<` was.
    private var position = 0, line = 1, lineStart = 0, tagLine = 1, tagColumn = 1
    /// Of the current UTF-16 unit, its first byte when only that has been read.
    private var halfUnit: UInt8?
    /// Bytes of the file taken so far.
    private var taken = 0

    init() {}

    /// Reads the next piece of the file; returns the bytes the parser may be given now (perhaps none).
    mutating func take(_ piece: ArraySlice<UInt8>) throws -> [UInt8] {
        taken += piece.count
        if head != nil {
            head!.append(contentsOf: piece)
            guard let held = try settleHead(final: false) else { return [] }
            return try body(held[...])
        }
        return try body(piece)
    }

    /// Ends the file; returns the bytes still held back, or throws the refusal the file earned.
    mutating func finish() throws -> [UInt8] {
        var out: [UInt8] = []
        if head != nil, let held = try settleHead(final: true) { out = try body(held[...]) }
        if checksUTF8, let bad = utf8.finish() { throw PointFileError.notUTF8(line: bad.line, offset: bad.offset, byte: bad.value) }
        if let refusal { throw refusal }
        if case .piQuestion = scan { emit(0x3F, to: &out) }
        if let halfUnit { out.append(halfUnit) }
        return out
    }

    /// The whole of `bytes` settled, read in pieces of `pieceSize`.
    static func settled(_ bytes: [UInt8], pieceSize: Int = 1 << 20) throws -> [UInt8] {
        var guardian = XMLInputGuard()
        var out: [UInt8] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + pieceSize)
            out += try guardian.take(bytes[offset..<end])
            offset = end
        }
        return out + (try guardian.finish())
    }

    /// Once enough of the file is held to know its layout and declaration: decides what is checked, and returns the
    /// held bytes for the body. Nil while more is needed.
    private mutating func settleHead(final: Bool) throws -> [UInt8]? {
        let held = head!
        guard held.count >= 4 || final else { return nil }
        guard let layout = Self.layout(of: held) else {
            throw PointFileError.notXML(line: 1, column: 1, reason: "the file is in UTF-32 or EBCDIC (save it as UTF-8)")
        }
        let units = Units(bytes: held, layout: layout)
        guard let declared = Self.declaredEncoding(units, atEnd: final, tooLong: held.count >= Self.longestHead) else { return nil }
        head = nil
        self.layout = layout
        // libxml2 converts a single-byte encoding a declaration names, unless a UTF-8 byte order mark overrides it.
        var converted = false
        if case .name(let name) = declared, layout.width == 1, layout.start == 0 { converted = Self.isSingleByte(name) }
        checksUTF8 = layout.width == 1 && !converted
        switch declared {
        case .none: break
        case .name(let name):
            if !(layout.width == 2 ? Self.isUTF16(name, bigEndian: layout.bigEndian) : Self.isASCIICompatible(name)) {
                refusal = .notXML(
                    line: 1, column: 1, reason: "the file declares the encoding \"\(name)\", which Trove does not read (save it as UTF-8)")
            }
        case .malformed:
            refusal = .notXML(line: 1, column: 1, reason: "the XML declaration's encoding is not written as XML says")
        }
        return held
    }

    /// Checks and scans bytes after the head is settled.
    private mutating func body(_ piece: ArraySlice<UInt8>) throws -> [UInt8] {
        if checksUTF8, let bad = utf8.take(piece) { throw PointFileError.notUTF8(line: bad.line, offset: bad.offset, byte: bad.value) }
        guard refusal == nil else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(piece.count + 16)
        var index = piece.startIndex
        // The byte order mark passes as it is.
        let offsetOfPiece = taken - piece.count
        if offsetOfPiece < layout.start {
            let markEnd = min(piece.endIndex, index + (layout.start - offsetOfPiece))
            out.append(contentsOf: piece[index..<markEnd])
            index = markEnd
        }
        if layout.width == 1 {
            while index < piece.endIndex {
                let byte = piece[index]
                index += 1
                if !step(UInt16(byte), out: &out) { return [] }
            }
        } else {
            while index < piece.endIndex {
                guard let first = halfUnit else { halfUnit = piece[index]; index += 1; continue }
                let second = piece[index]
                index += 1
                halfUnit = nil
                if !step(layout.bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first), out: &out) { return [] }
            }
        }
        return out
    }

    /// Where the scan for `<?name?>` and `<!DOCTYPE` is.
    private enum ScanState {
        case text
        /// Just after a `<`.
        case lessThan
        /// After `<` and the first `count` units of `!DOCTYPE`.
        case doctype(count: Int)
        /// After `<?` and `length` units of a name: a run of units up to a space, `?` or `<` (which holds libxml2's
        /// name, and is it when `?>` follows). Every `<` is looked at, since libxml2 goes on after a `<?` it cannot read
        /// (`<?<?x?>`).
        case name(length: Int)
        /// After `<?`, a name and a `?`, which is held back: a space goes before it if `>` follows.
        case piQuestion
    }

    private static let doctype: [UInt16] = Array("!DOCTYPE".utf16)

    /// Scans one unit and writes what may be passed on; false once the file is refused.
    private mutating func step(_ unit: UInt16, out: inout [UInt8]) -> Bool {
        defer {
            if unit == 0x0A { line += 1; lineStart = position + 1 }
            position += 1
        }
        while true {
            switch scan {
            case .text:
                if unit == 0x3C {
                    scan = .lessThan
                    tagLine = line
                    tagColumn = position - lineStart + 1
                }
                emit(unit, to: &out)
                return true
            case .lessThan:
                if unit == 0x3F {
                    scan = .name(length: 0)
                } else if unit == 0x21 {
                    scan = .doctype(count: 1)
                } else {
                    scan = .text
                    continue
                }
                emit(unit, to: &out)
                return true
            case .doctype(let count):
                guard unit == Self.doctype[count] else { scan = .text; continue }
                if count + 1 == Self.doctype.count {
                    refusal = .notXML(line: tagLine, column: tagColumn,
                                      reason: "a <!DOCTYPE> declaration, which GPX files do not have (Trove does not read one)")
                    return false
                }
                scan = .doctype(count: count + 1)
                emit(unit, to: &out)
                return true
            case .name(let length):
                if unit == 0x3C { scan = .text; continue }
                if unit == 0x3F, length > 0 { scan = .piQuestion; return true }
                scan = unit == 0x3F || Self.isSpace(unit) ? .text : .name(length: length + 1)
                emit(unit, to: &out)
                return true
            case .piQuestion:
                scan = .text
                if unit == 0x3E { emit(0x20, to: &out) }
                emit(0x3F, to: &out)
                continue
            }
        }
    }

    private func emit(_ unit: UInt16, to out: inout [UInt8]) {
        switch (layout.width, layout.bigEndian) {
        case (1, _): out.append(UInt8(truncatingIfNeeded: unit))
        case (_, true): out.append(UInt8(unit >> 8)); out.append(UInt8(unit & 0xFF))
        default: out.append(UInt8(unit & 0xFF)); out.append(UInt8(unit >> 8))
        }
    }

    /// The layout libxml2 will read, or nil for UTF-32 and EBCDIC, which are not read.
    static func layout(of bytes: [UInt8]) -> Layout? {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        switch (head[0], head[1], head[2], head[3]) {
        case (0xFE, 0xFF, _, _): return Layout(width: 2, bigEndian: true, start: 2)
        case (0xFF, 0xFE, _, _): return Layout(width: 2, bigEndian: false, start: 2)
        case (0x00, 0x3C, 0x00, 0x3F): return Layout(width: 2, bigEndian: true, start: 0)
        case (0x3C, 0x00, 0x3F, 0x00): return Layout(width: 2, bigEndian: false, start: 0)
        case (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00), (0x00, 0x00, 0x3C, 0x00), (0x00, 0x3C, 0x00, 0x00),
             (0x4C, 0x6F, 0xA7, 0x94):
            return nil
        case (0xEF, 0xBB, 0xBF, _): return Layout(width: 1, bigEndian: false, start: 3)
        default: return Layout(width: 1, bigEndian: false, start: 0)
        }
    }

    /// The file's characters as code units (bytes, or UTF-16 units), without copying them.
    struct Units {
        let bytes: [UInt8]
        let layout: Layout
        var count: Int { (bytes.count - layout.start) / layout.width }
        subscript(position: Int) -> UInt16 {
            let offset = layout.start + position * layout.width
            guard layout.width == 2 else { return UInt16(bytes[offset]) }
            return layout.bigEndian
                ? UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
                : UInt16(bytes[offset + 1]) << 8 | UInt16(bytes[offset])
        }
        /// Whether the ASCII `text` is written at `position`. A `StaticString` is read in place: this runs at
        /// every `<` of the file, and a `String`'s `Array(utf8)` allocated each time.
        func matches(_ text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= count else { return false }
            let ascii = text.utf8Start
            for offset in 0..<length where self[position + offset] != UInt16(ascii[offset]) { return false }
            return true
        }
    }

    /// What the XML declaration at the very start (libxml2 reads no other) says of the encoding.
    enum Declared: Equatable {
        case none
        case name(String)
        /// `encoding` written where libxml2 may or may not take it: the file is not trusted.
        case malformed
    }

    /// A whole declaration, as libxml2 reads one: `version` (a digit, a dot, digits), `encoding` (a letter, then
    /// letters, digits, `.`, `_`, `-`), `standalone`. Anything else that mentions `encoding` is `.malformed`, since
    /// libxml2 recovers from a broken declaration in ways a second reading would have to copy exactly (it finds
    /// `encoding` inside a broken version's quotes, and not after a missing space).
    /// Made for each file (one match each): a `Regex` is not `Sendable`.
    private static func declarationPattern() -> Regex<AnyRegexOutput> {
        let space = #"[ \t\r\n]"#, equals = #"[ \t\r\n]*=[ \t\r\n]*"#
        let version = #"(?:"[0-9]\.[0-9]*"|'[0-9]\.[0-9]*')"#
        let name = #"(?:"([A-Za-z][A-Za-z0-9._\-]*)"|'([A-Za-z][A-Za-z0-9._\-]*)')"#
        let standalone = #"(?:"(?:yes|no)"|'(?:yes|no)')"#
        let pattern = #"^<\?xml"# + space + "+version" + equals + version + space + "+encoding" + equals + name
            + "(?:" + space + "+standalone" + equals + standalone + ")?" + space + #"*\?>$"#
        return try! Regex(pattern)
    }

    /// What the declaration says, or nil while the file's start does not yet tell: `atEnd` when no more of the
    /// file will come, `tooLong` when no more of it will be held.
    static func declaredEncoding(_ units: Units, atEnd: Bool = true, tooLong: Bool = false) -> Declared? {
        if units.count < 6, !atEnd { return nil }
        guard units.matches("<?xml", at: 0), units.count > 5, isSpace(units[5]) else { return Declared.none }
        // libxml2 finds the encoding, if at all, before the first `>`: its names and numbers have none.
        var text = ""
        var position = 0
        var closed = false
        while position < units.count {
            let unit = units[position]
            // Any other character stands for itself only if it is ASCII; the rest cannot match the pattern.
            text.unicodeScalars.append(unit < 0x80 ? Unicode.Scalar(UInt8(unit)) : "\u{1}")
            if unit == 0x3E { closed = true; break }
            position += 1
        }
        if !closed, !atEnd { return tooLong ? .malformed : nil }
        guard text.contains("encoding") else { return Declared.none }
        guard let match = try? declarationPattern().wholeMatch(in: text),
              let name = match.output[1].substring ?? match.output[2].substring else { return .malformed }
        return .name(String(name))
    }

    /// Encodings whose every byte is one character, which libxml2 converts to UTF-8 before FoundationXML reads it.
    /// Only names libxml2 knows: it reads a file whose encoding it does not know as UTF-8.
    static func isSingleByte(_ name: String) -> Bool {
        singleByte.contains(name.lowercased())
    }

    private static let singleByte: Set<String> = Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16].map { "iso-8859-\($0)" })
        .union(["latin1", "iso_8859-1", "windows-1252", "cp1252"])

    /// Encodings in which `<`, `?`, `>` and `!` are always those bytes, and those bytes always those characters.
    /// UTF-16 declared over 8-bit text is read by libxml2 as UTF-8.
    static func isASCIICompatible(_ name: String) -> Bool {
        let name = name.lowercased()
        return isSingleByte(name)
            || ["utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf16", "euc-jp", "euc-kr", "shift_jis", "gb2312", "gbk", "big5"]
                .contains(name)
    }

    private static func isUTF16(_ name: String, bigEndian: Bool) -> Bool {
        ["utf-16", "utf16", bigEndian ? "utf-16be" : "utf-16le"].contains(name.lowercased())
    }

    /// XML's own white space (its `S` production: no form feed or vertical tab), not `Character.isWhitespace`.
    private static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D }
}

/// Bytes checked to be UTF-8 a piece at a time: a character cut between two pieces is checked whole with the next.
struct UTF8Check {
    /// The start of a character the last piece ended inside (at most 3 bytes).
    private var held: [UInt8] = []
    /// Bytes before `held`, and line feeds among them.
    private var offset = 0
    private var lineFeeds = 0

    /// Checks the next piece; returns the first byte that is not UTF-8, placed in the whole text.
    mutating func take(_ piece: ArraySlice<UInt8>) -> UTF8Text.BadByte? {
        guard held.isEmpty else { return check(held + piece, final: false) }
        return check(piece, final: false)
    }

    /// Checks what the last piece left held: the text has ended.
    mutating func finish() -> UTF8Text.BadByte? { check(held[...], final: true) }

    private mutating func check<Bytes: RandomAccessCollection>(_ bytes: Bytes, final: Bool) -> UTF8Text.BadByte?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let cut = final ? bytes.endIndex : Self.lastBoundary(bytes)
        let checked = ArraySlice(bytes[bytes.startIndex..<cut])
        if let bad = UTF8Text.firstInvalid(checked) {
            return UTF8Text.BadByte(offset: offset + bad.offset, line: lineFeeds + bad.line, value: bad.value)
        }
        offset += checked.count
        lineFeeds += checked.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        held = Array(bytes[cut...])
        return nil
    }

    /// Where the last character that may be incomplete starts: a lead byte among the last three without all the
    /// bytes it needs after it; else the end.
    private static func lastBoundary<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.endIndex
        while index > bytes.startIndex, bytes.endIndex - index < 3 {
            index -= 1
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continue }
            let needed = byte >= 0xF0 && byte <= 0xF7 ? 4 : byte >= 0xE0 && byte < 0xF0 ? 3 : byte >= 0xC0 && byte < 0xE0 ? 2 : 1
            return bytes.endIndex - index < needed ? index : bytes.endIndex
        }
        return bytes.endIndex
    }
}
