extension TextWidth {
    /// `text` word-wrapped into lines of at most `width` columns.
    ///
    /// Every newline in `text` starts a new line, and an empty line stays an empty line. Words are split
    /// at spaces and tabs, and runs of them become one space (so indentation is not kept). A word longer
    /// than `width` is broken across lines. A `width` below 1 counts as 1; then a wide character, which
    /// cannot fit, is shown as "…" so no line is ever wider than asked.
    static func wrap(_ text: String, to width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let linesBefore = lines.count
            var line: String?
            var used = 0
            for piece in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var word = String(piece)
                var size = of(word)
                if let current = line, used + 1 + size <= width {
                    line = current + " " + word
                    used += 1 + size
                    continue
                }
                if let line { lines.append(line) }
                while size > width {
                    var (head, tail) = split(word, width: width)
                    if of(head) == 0 {
                        // The next character is wider than a whole line: show that something is there.
                        (head, tail) = (head + "…", String(tail.dropFirst()))
                    }
                    lines.append(head)
                    word = tail
                    size = of(word)
                }
                (line, used) = word.isEmpty ? (nil, 0) : (word, size)
            }
            if let line { lines.append(line) } else if lines.count == linesBefore { lines.append("") }
        }
        return lines
    }
}
