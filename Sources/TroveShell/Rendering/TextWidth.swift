/// Measures and fits text by the terminal columns it takes.
///
/// Width is counted per grapheme cluster (one user-perceived character), so a letter with combining
/// accents, an emoji with a skin tone, a flag or a ZWJ family each count once:
/// - 2 when any scalar in it is East Asian Wide or Fullwidth, or has emoji presentation
///   (by default, or forced by U+FE0F as in "❤️" or "1️⃣");
/// - 0 when it is only combining marks, format characters (such as U+200D) or control characters;
/// - 1 otherwise, including East Asian Ambiguous characters such as "…" and "—".
///
/// ANSI escape sequences (CSI such as `ESC[1m`, OSC such as hyperlinks, and two-character `ESC x`) count 0
/// and are kept whole by every function here. Tabs count 0 like other controls: expand them first.
enum TextWidth {
    /// Which side of a padded cell the text sits on.
    enum Alignment: Sendable {
        case left, right
    }

    /// The number of terminal columns `text` takes.
    static func of(_ text: String) -> Int {
        // Printable ASCII is one column a byte: most cells of a table, with no walk over characters.
        if isPrintableASCII(text) { return text.utf8.count }
        if let width = narrowScalars(text) { return width }
        return pieces(text).reduce(0) { total, piece in
            guard case .text(let run) = piece else { return total }
            return run.reduce(total) { $0 + width(of: $1) }
        }
    }

    /// The width of text made only of scalars that are each a character of one column, whatever their
    /// neighbours in it (`isNarrowScalar`): their number. Nil for other text, whose characters must be walked.
    ///
    /// Accented Latin text and arrows such as the agenda's "↻" are such text, and a walk over characters
    /// (grapheme breaking, then each character's properties) costs a listing a few milliseconds.
    static func narrowScalars(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isNarrowScalar(scalar) else { return nil }
            count += 1
        }
        return count
    }

    /// Whether `scalar` is printable ASCII, Latin-1 or Latin Extended (up to U+02FF, below the combining
    /// marks; not the soft hyphen, a format character), a dash, quotation mark or ellipsis (U+2010–U+2027),
    /// or an arrow (U+2190–U+21FF, none shown as emoji by default): one column, and a grapheme cluster of its
    /// own among such scalars, since none of them extends, prepends to or joins with another.
    static func isNarrowScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2190...0x21FF: true
        default: false
        }
    }

    /// `text` cut to at most `width` columns, ending in "…" when anything was cut.
    ///
    /// A wide character that would cross the limit is left out, so the result may be one column short.
    /// Escape sequences after the cut are kept, so a trailing colour reset still takes effect.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        return cut(text, width: width - 1, marker: "…").head
    }

    /// The longest start of `text` that fits in `width` columns, with no ellipsis.
    static func prefix(_ text: String, width: Int) -> String {
        cut(text, width: max(0, width), marker: "").head
    }

    /// `text` with spaces added on the side away from `alignment` to make it `width` columns; never shortened.
    static func pad(_ text: String, to width: Int, alignment: Alignment = .left) -> String {
        let gap = width - of(text)
        guard gap > 0 else { return text }
        let spaces = String(repeating: " ", count: gap)
        return alignment == .left ? text + spaces : spaces + text
    }

    /// `text` truncated and then padded to exactly `width` columns.
    static func fit(_ text: String, to width: Int, alignment: Alignment = .left) -> String {
        pad(truncate(text, to: width), to: width, alignment: alignment)
    }

    /// The width of one grapheme cluster (see the type's documentation).
    static func width(of character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        if scalars.contains(where: isWide) { return 2 }
        if scalars.contains("\u{FE0F}"), scalars.contains(where: \.properties.isEmoji) { return 2 }
        return scalars.allSatisfy(isZeroWidth) ? 0 : 1
    }

    /// The visible characters of `text` with their widths, escape sequences left out.
    static func characters(of text: String) -> [(character: Character, width: Int)] {
        pieces(text).flatMap { piece -> [(character: Character, width: Int)] in
            guard case .text(let run) = piece else { return [] }
            return run.map { ($0, width(of: $0)) }
        }
    }

    /// Splits `text` after its longest start that fits in `width` columns (escape sequences go with the side they are on).
    static func split(_ text: String, width: Int) -> (head: String, tail: String) {
        cut(text, width: max(0, width), marker: "", keepTail: true)
    }

    /// `text` on one line: newlines and tabs turned into spaces.
    static func singleLine(_ text: String) -> String {
        if isSingleLine(text) { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// Whether `text` has no newline or tab, which `singleLine` would turn into spaces.
    static func isSingleLine(_ text: String) -> Bool {
        // Printable ASCII has neither, and is most text: no walk over characters.
        if isPrintableASCII(text) { return true }
        // Newlines and tabs are characters of their own (controls; CR LF is one), so a look at the scalars
        // tells whether there are any, without a walk over the characters.
        return !text.unicodeScalars.contains {
            switch $0.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    /// Whether `text` is only printable ASCII (space to tilde): one column a byte, one character a byte.
    static func isPrintableASCII(_ text: String) -> Bool {
        // Over the contiguous bytes, without a copy of the string: the UTF-8 view checks each index, and listings
        // ask of every cell.
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(printable) } ?? text.utf8.allSatisfy(printable)
    }

    /// `text` without the spaces at its end.
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    // MARK: - Escape sequences

    /// A run of visible text, or one escape sequence.
    enum Piece: Equatable {
        case text(String)
        case escape(String)
    }

    /// `text` split into visible runs and escape sequences; an unfinished sequence at the end counts as one.
    static func pieces(_ text: String) -> [Piece] {
        // Fast path: most text has no escape character at all.
        guard text.unicodeScalars.contains("\u{1B}") else { return text.isEmpty ? [] : [.text(text)] }
        var scanner = EscapeScanner()
        for scalar in text.unicodeScalars { scanner.feed(scalar) }
        return scanner.finish()
    }

    /// Splits at `width` columns: the head (plus `marker` if anything was cut) and, when asked, the rest.
    private static func cut(_ text: String, width: Int, marker: String, keepTail: Bool = false) -> (head: String, tail: String) {
        var head = "", tail = "", used = 0, cutting = false
        for piece in pieces(text) {
            switch piece {
            case .escape(let sequence):
                if cutting && keepTail { tail += sequence } else { head += sequence }
            case .text(let run):
                for character in run {
                    if !cutting {
                        let size = self.width(of: character)
                        if used + size <= width {
                            head.append(character)
                            used += size
                            continue
                        }
                        cutting = true
                        head += marker
                    }
                    guard keepTail else { break }
                    tail.append(character)
                }
            }
        }
        return (head, tail)
    }

    // MARK: - Character classes

    /// Whether `scalar` takes two columns: East Asian Wide or Fullwidth, or an emoji shown as an emoji by default.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        if scalar.properties.isEmojiPresentation { return true }
        return wideRanges.contains { $0.contains(value) }
    }

    /// Whether `scalar` takes no column on its own: combining marks, format characters and controls.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: false
        }
    }

    /// East Asian Wide and Fullwidth blocks other than emoji (which `isEmojiPresentation` covers).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x303E,   // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x3247,   // Kana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
        0x3250...0x4DBF,   // enclosed CJK, CJK compatibility, CJK extension A
        0x4E00...0xA4CF,   // CJK unified ideographs, Yi
        0xA960...0xA97F,   // Hangul Jamo extended A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x1B2FF, // Tangut, Khitan, Kana supplement, Nüshu
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x3FFFD, // CJK extensions B and later
    ]
}

/// Splits a scalar stream into visible runs and ANSI escape sequences.
private struct EscapeScanner {
    private enum State {
        case text, escape, csi, osc, oscEscape
    }

    private var state = State.text
    private var run = String.UnicodeScalarView()
    private var pieces: [TextWidth.Piece] = []

    /// Takes the next scalar of the text.
    mutating func feed(_ scalar: Unicode.Scalar) {
        switch state {
        case .text:
            if scalar == "\u{1B}" {
                flush()
                state = .escape
            }
            run.append(scalar)
        case .escape:
            run.append(scalar)
            state = scalar == "[" ? .csi : scalar == "]" ? .osc : .text
            if state == .text { flush() }
        case .csi:
            // Parameter and intermediate bytes, then one final byte; anything else ends a malformed sequence.
            switch scalar.value {
            case 0x20...0x3F:
                run.append(scalar)
            case 0x40...0x7E:
                run.append(scalar)
                state = .text
                flush()
            default:
                state = .text
                flush()
                feed(scalar)
            }
        case .osc:
            run.append(scalar)
            if scalar == "\u{07}" {
                state = .text
                flush()
            } else if scalar == "\u{1B}" {
                state = .oscEscape
            }
        case .oscEscape:
            // `ESC \` (string terminator) ends the OSC; take whatever follows ESC as its end either way.
            run.append(scalar)
            state = .text
            flush()
        }
    }

    /// The pieces, ending any unfinished run.
    mutating func finish() -> [TextWidth.Piece] {
        flush()
        return pieces
    }

    /// Ends the current run: an escape sequence when it starts with ESC, visible text otherwise.
    private mutating func flush() {
        guard let first = run.first else { return }
        let text = String(run)
        pieces.append(first == "\u{1B}" ? .escape(text) : .text(text))
        run = String.UnicodeScalarView()
    }
}
