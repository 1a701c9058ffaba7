/// What FoundationXML's `XMLParser` cannot be trusted with, settled before it sees a file's bytes.
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
enum XMLInputGuard {
    /// How the file's characters are laid out, as libxml2 detects it from the first bytes.
    struct Layout: Equatable {
        /// 1 (UTF-8 and other ASCII-compatible encodings) or 2 (UTF-16).
        var width: Int
        var bigEndian: Bool
        /// Bytes before the first character: a byte order mark.
        var start: Int
    }

    /// The bytes to hand to `XMLParser`, or the reason they cannot be read; `checkUTF8` is called when the
    /// text will reach FoundationXML as it is, without libxml2 converting it.
    static func prepare(_ bytes: [UInt8], checkUTF8: ([UInt8]) throws -> Void) throws -> [UInt8] {
        guard let layout = layout(of: bytes) else {
            throw PointFileError.notXML(line: 1, column: 1, reason: "the file is in UTF-32 or EBCDIC (save it as UTF-8)")
        }
        let units = Units(bytes: bytes, layout: layout)
        let declared = declaredEncoding(units)
        // libxml2 converts a single-byte encoding a declaration names, unless a UTF-8 byte order mark overrides it.
        var converted = false
        if case .name(let name) = declared, layout.width == 1, layout.start == 0 { converted = isSingleByte(name) }
        if layout.width == 1 && !converted { try checkUTF8(bytes) }
        switch declared {
        case .none: break
        case .name(let name):
            guard layout.width == 2 ? isUTF16(name, bigEndian: layout.bigEndian) : isASCIICompatible(name) else {
                throw PointFileError.notXML(
                    line: 1, column: 1, reason: "the file declares the encoding \"\(name)\", which Trove does not read (save it as UTF-8)")
            }
        case .malformed:
            throw PointFileError.notXML(line: 1, column: 1, reason: "the XML declaration's encoding is not written as XML says")
        }
        return try patched(units)
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

    static func declaredEncoding(_ units: Units) -> Declared {
        guard units.matches("<?xml", at: 0), units.count > 5, isSpace(units[5]) else { return .none }
        // libxml2 finds the encoding, if at all, before the first `>`: its names and numbers have none.
        var text = ""
        var position = 0
        while position < units.count {
            let unit = units[position]
            // Any other character stands for itself only if it is ASCII; the rest cannot match the pattern.
            text.unicodeScalars.append(unit < 0x80 ? Unicode.Scalar(UInt8(unit)) : "\u{1}")
            if unit == 0x3E { break }
            position += 1
        }
        guard text.contains("encoding") else { return .none }
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

    /// The bytes with a space before the `?>` of every empty processing instruction; a document type declaration refused.
    static func patched(_ units: Units) throws -> [UInt8] {
        var spaces: [Int] = []
        var line = 1, lineStart = 0
        var position = 0
        while position + 1 < units.count {
            let unit = units[position]
            if unit == 0x0A { line += 1; lineStart = position + 1 }
            guard unit == 0x3C else { position += 1; continue }
            if units.matches("<!DOCTYPE", at: position) {
                throw PointFileError.notXML(
                    line: line, column: position - lineStart + 1,
                    reason: "a <!DOCTYPE> declaration, which GPX files do not have (Trove does not read one)")
            }
            if units[position + 1] == 0x3F {
                // `<?` and a name: a run of units up to a space, `?` or `<` (which holds libxml2's name, and is it when
                // `?>` follows). Every `<` is looked at, since libxml2 goes on after a `<?` it cannot read (`<?<?x?>`).
                var end = position + 2
                while end < units.count, units[end] != 0x3F, units[end] != 0x3C, !isSpace(units[end]) { end += 1 }
                if end > position + 2, end + 1 < units.count, units[end] == 0x3F, units[end + 1] == 0x3E { spaces.append(end) }
            }
            position += 1
        }
        guard !spaces.isEmpty else { return units.bytes }
        let layout = units.layout
        let space: [UInt8] = layout.width == 1 ? [0x20] : layout.bigEndian ? [0x00, 0x20] : [0x20, 0x00]
        var out: [UInt8] = []
        out.reserveCapacity(units.bytes.count + spaces.count * space.count)
        var copied = 0
        for unit in spaces {
            let offset = layout.start + unit * layout.width
            out.append(contentsOf: units.bytes[copied..<offset])
            out.append(contentsOf: space)
            copied = offset
        }
        out.append(contentsOf: units.bytes[copied...])
        return out
    }
}
