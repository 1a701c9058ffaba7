/// Cleans the Markdown that Day One writes into an entry's `text`.
///
/// Works on UTF-8 bytes: every character it looks for is ASCII, and ASCII bytes never
/// occur inside a multi-byte UTF-8 sequence, so slicing between them is always safe.
public enum DayOneText {
    /// The text with Day One's Markdown backslash escapes removed.
    ///
    /// Day One escapes punctuation it fears Markdown would read as syntax: `\.`, `\-`, `\(`,
    /// `\\`. A backslash before any ASCII punctuation is dropped; any other backslash stays.
    /// Code spans and fenced code blocks are copied as they are, because Markdown does not
    /// treat a backslash as an escape there.
    public static func unescape(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(backslash) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var atLineStart = true
        while index < bytes.count {
            if atLineStart, let fenceEnd = DayOneMarkdownFence.endOfFencedBlock(in: bytes, startingAt: index) {
                output.append(contentsOf: bytes[index..<fenceEnd])
                index = fenceEnd
                continue
            }
            let byte = bytes[index]
            atLineStart = false
            if byte == backslash, index + 1 < bytes.count, isASCIIPunctuation(bytes[index + 1]) {
                output.append(bytes[index + 1])
                index += 2
            } else if byte == backtick {
                let spanEnd = endOfCodeSpan(in: bytes, startingAt: index)
                output.append(contentsOf: bytes[index..<spanEnd])
                index = spanEnd
            } else {
                output.append(byte)
                atLineStart = byte == newline
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The identifiers of the media that the text places, in order of first appearance.
    ///
    /// Day One writes `![](dayone-moment://ID)` for a photo and `![](dayone-moment:/video/ID)`,
    /// `…:/audio/ID` or `…:/pdfAttachment/ID` for other media.
    public static func momentIdentifiers(in text: String) -> [String] {
        var seen = Set<String>()
        var identifiers: [String] = []
        for reference in momentReferences(in: Array(text.utf8)) where seen.insert(reference.identifier).inserted {
            identifiers.append(reference.identifier)
        }
        return identifiers
    }

    /// What a moment link becomes.
    public enum MomentRewrite: Sendable, Equatable {
        /// The link stays, pointing at this URL.
        case url(String)
        /// The whole link, `![alt](dayone-moment:…)`, gives way to this text (for media the export lacks,
        /// whose link would be a broken image).
        case text(String)
    }

    /// The text with each moment link rewritten as `rewrite(identifier)` says; `nil` leaves it as it was.
    ///
    /// With `.url`, only the URL inside the parentheses changes; the `![alt]` part stays.
    public static func rewritingMoments(in text: String, _ rewrite: (String) -> MomentRewrite?) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var copiedUpTo = 0
        for reference in momentReferences(in: bytes) {
            switch rewrite(reference.identifier) {
            case nil:
                continue
            case .url(let url):
                output.append(contentsOf: bytes[copiedUpTo..<reference.urlRange.lowerBound])
                output.append(contentsOf: url.utf8)
                copiedUpTo = reference.urlRange.upperBound
            case .text(let replacement):
                output.append(contentsOf: bytes[copiedUpTo..<reference.linkRange.lowerBound])
                output.append(contentsOf: replacement.utf8)
                copiedUpTo = reference.linkRange.upperBound
            }
        }
        if copiedUpTo == 0 { return text }
        output.append(contentsOf: bytes[copiedUpTo...])
        return String(decoding: output, as: UTF8.self)
    }

    /// One `](dayone-moment:…)` link: where its URL sits and the media it names.
    private struct MomentReference {
        var urlRange: Range<Int>
        /// The whole link: from its `![` (or `[`) to its `)`.
        var linkRange: Range<Int>
        var identifier: String
    }

    private static let momentScheme = Array("dayone-moment:".utf8)

    private static func momentReferences(in bytes: [UInt8]) -> [MomentReference] {
        var references: [MomentReference] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "(") else {
                index += 1
                continue
            }
            let urlStart = index + 2
            guard bytes[urlStart...].starts(with: momentScheme) else {
                index += 1
                continue
            }
            var urlEnd = urlStart
            while urlEnd < bytes.count, bytes[urlEnd] != UInt8(ascii: ")"), bytes[urlEnd] > 0x20 { urlEnd += 1 }
            // The identifier is the last path component: `//ID` for photos, `/video/ID` otherwise.
            let path = bytes[(urlStart + momentScheme.count)..<urlEnd]
            if let last = path.split(separator: UInt8(ascii: "/")).last, urlEnd < bytes.count,
               bytes[urlEnd] == UInt8(ascii: ")")
            {
                // The label's `[` is the last one before `]` on the same line; `!` before it makes an image.
                var linkStart = index
                var back = index - 1
                while back >= 0, bytes[back] != UInt8(ascii: "["), bytes[back] != newline, bytes[back] != UInt8(ascii: "]") { back -= 1 }
                if back >= 0, bytes[back] == UInt8(ascii: "[") {
                    linkStart = back > 0 && bytes[back - 1] == UInt8(ascii: "!") ? back - 1 : back
                }
                references.append(MomentReference(
                    urlRange: urlStart..<urlEnd, linkRange: linkStart..<(urlEnd + 1),
                    identifier: String(decoding: last, as: UTF8.self)))
            }
            index = urlEnd
        }
        return references
    }

    /// Where a code span that opens at `start` ends, or just past its backticks when none closes.
    ///
    /// A span closes at the next run of exactly as many backticks; it cannot cross a blank
    /// line, since that ends the paragraph.
    private static func endOfCodeSpan(in bytes: [UInt8], startingAt start: Int) -> Int {
        let openingLength = runLength(of: backtick, in: bytes, from: start)
        var index = start + openingLength
        while index < bytes.count {
            if bytes[index] == newline, index + 1 < bytes.count, bytes[index + 1] == newline { break }
            if bytes[index] == backtick {
                let length = runLength(of: backtick, in: bytes, from: index)
                if length == openingLength { return index + length }
                index += length
            } else {
                index += 1
            }
        }
        return start + openingLength
    }

    static func runLength(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] == byte { end += 1 }
        return end - start
    }

    /// CommonMark's escapable characters: ``!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~``.
    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    static let backslash = UInt8(ascii: "\\")
    static let backtick = UInt8(ascii: "`")
    static let newline = UInt8(ascii: "\n")
}

/// Finds Markdown fenced code blocks (```` ``` ```` or `~~~`), which escapes do not touch.
enum DayOneMarkdownFence {
    /// When a fence opens at `lineStart`, the index just past the block's closing fence line
    /// (or the end of the text when it never closes); otherwise `nil`.
    static func endOfFencedBlock(in bytes: [UInt8], startingAt lineStart: Int) -> Int? {
        guard let opening = fence(in: bytes, lineStart: lineStart) else { return nil }
        // A backtick fence's info string may not contain backticks; then it is a code span.
        let openingLineEnd = endOfLine(in: bytes, from: lineStart)
        if opening.character == DayOneText.backtick,
           bytes[(opening.end)..<openingLineEnd].contains(DayOneText.backtick) { return nil }
        var index = nextLine(in: bytes, after: openingLineEnd)
        while index < bytes.count {
            let lineEnd = endOfLine(in: bytes, from: index)
            if let closing = fence(in: bytes, lineStart: index), closing.character == opening.character,
               closing.length >= opening.length,
               bytes[closing.end..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
            {
                return nextLine(in: bytes, after: lineEnd)
            }
            index = nextLine(in: bytes, after: lineEnd)
        }
        return bytes.count
    }

    /// A run of three or more backticks or tildes after at most three spaces of indent.
    private static func fence(in bytes: [UInt8], lineStart: Int) -> (character: UInt8, length: Int, end: Int)? {
        var index = lineStart
        while index < bytes.count, index - lineStart < 3, bytes[index] == 0x20 { index += 1 }
        guard index < bytes.count, bytes[index] == DayOneText.backtick || bytes[index] == UInt8(ascii: "~")
        else { return nil }
        let length = DayOneText.runLength(of: bytes[index], in: bytes, from: index)
        guard length >= 3 else { return nil }
        return (bytes[index], length, index + length)
    }

    private static func endOfLine(in bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex(of: DayOneText.newline) ?? bytes.count
    }

    private static func nextLine(in bytes: [UInt8], after lineEnd: Int) -> Int {
        min(lineEnd + 1, bytes.count)
    }
}
