import Foundation

/// Line-level recognisers for `MarkdownHTML`'s block parser.
extension MarkdownHTML {
    /// An opening code fence: three or more backticks or tildes.
    struct Fence {
        let char: Character
        let length: Int
        let indent: Int
        let language: String?

        init?(_ line: String) {
            let indent = markdownIndent(line)
            guard indent <= 3 else { return nil }
            let rest = line.dropFirst(indent)
            guard let c = rest.first, c == "`" || c == "~" else { return nil }
            let run = rest.prefix { $0 == c }.count
            let info = rest.dropFirst(run).trimmingCharacters(in: .whitespaces)
            // A backtick fence's info string cannot hold a backtick (that line is a code span).
            guard run >= 3, !(c == "`" && info.contains("`")) else { return nil }
            self.char = c
            self.length = run
            self.indent = indent
            let word = info.split(separator: " ").first.map(String.init)
            self.language = word.flatMap { $0.isEmpty ? nil : $0 }
        }

        func closes(_ line: String) -> Bool {
            let indent = markdownIndent(line)
            guard indent <= 3 else { return false }
            let rest = line.dropFirst(indent)
            let run = rest.prefix { $0 == char }.count
            return run >= length && rest.dropFirst(run).allSatisfy { $0 == " " }
        }
    }

    /// A bullet (`-`, `*`, `+`) or ordered (`1.`, `1)`) list item's first line.
    struct ListMarker {
        let indent: Int
        let ordered: Bool
        /// The bullet character or the ordered delimiter.
        let symbol: Character
        let number: Int
        /// Column where the item's content starts; continuation lines are indented this far.
        let contentIndent: Int
        let firstLine: String

        init?(_ line: String) {
            let indent = markdownIndent(line)
            guard indent <= 3 else { return nil }
            let rest = Array(line.dropFirst(indent))
            guard let c = rest.first else { return nil }
            var markerLength: Int
            if c == "-" || c == "*" || c == "+" {
                ordered = false
                symbol = c
                number = 1
                markerLength = 1
            } else {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard (1...9).contains(digits.count), digits.count < rest.count,
                      rest[digits.count] == "." || rest[digits.count] == ")"
                else { return nil }
                ordered = true
                symbol = rest[digits.count]
                number = Int(String(digits))!
                markerLength = digits.count + 1
            }
            let after = rest.dropFirst(markerLength)
            if let next = after.first, next != " " { return nil }
            let spaces = after.prefix { $0 == " " }.count
            let content = String(after.dropFirst(spaces))
            // Five or more spaces start indented code inside the item: count only one.
            let gap = content.isEmpty ? 1 : (spaces >= 5 ? 1 : spaces)
            self.indent = indent
            self.contentIndent = indent + markerLength + gap
            self.firstLine = spaces >= 5 ? String(repeating: " ", count: spaces - 1) + content : content
        }

        func sameList(as other: ListMarker) -> Bool {
            ordered == other.ordered && symbol == other.symbol
        }
    }

    func atxHeading(_ line: String) -> (Int, String)? {
        let indent = markdownIndent(line)
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let level = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let after = rest.dropFirst(level)
        guard after.isEmpty || after.first == " " else { return nil }
        var text = after.trimmingCharacters(in: .whitespaces)
        // Drop a closing run of `#` that stands apart from the text.
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let kept = text.dropLast(closing)
            if kept.isEmpty || kept.last == " " { text = kept.trimmingCharacters(in: .whitespaces) }
        }
        return (level, text)
    }

    func isThematicBreak(_ line: String) -> Bool {
        guard markdownIndent(line) <= 3 else { return false }
        let chars = line.filter { $0 != " " }
        guard let c = chars.first, c == "-" || c == "*" || c == "_" else { return false }
        return chars.count >= 3 && chars.allSatisfy { $0 == c }
    }

    /// The line without its `>` marker, or nil when it is not quoted.
    func quoteContent(_ line: String) -> String? {
        let indent = markdownIndent(line)
        guard indent <= 3, line.dropFirst(indent).first == ">" else { return nil }
        let rest = line.dropFirst(indent + 1)
        return String(rest.first == " " ? rest.dropFirst() : rest)
    }

    /// 1 for a `===` underline, 2 for `---`.
    func setextLevel(_ line: String) -> Int? {
        guard markdownIndent(line) <= 3 else { return nil }
        let t = line.trimmingCharacters(in: .whitespaces)
        guard let c = t.first, c == "=" || c == "-", t.allSatisfy({ $0 == c }) else { return nil }
        return c == "=" ? 1 : 2
    }

    /// Whether `line` begins a new block. Inside a paragraph only a bullet with content or a list starting at 1 interrupts.
    func startsBlock(_ line: String, interruptingParagraph: Bool = false) -> Bool {
        if Fence(line) != nil || atxHeading(line) != nil || isThematicBreak(line) || quoteContent(line) != nil {
            return true
        }
        guard let marker = ListMarker(line) else { return false }
        if !interruptingParagraph { return true }
        return !isBlank(marker.firstLine) && (!marker.ordered || marker.number == 1)
    }

    func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " } }

    func dropIndent(_ line: String, upTo n: Int) -> String {
        String(line.dropFirst(min(n, markdownIndent(line))))
    }

    /// Leading tabs become spaces to the next multiple of four, so indentation can be counted.
    func expandTabs(_ line: String) -> String {
        guard line.contains("\t") else { return line }
        var out = ""
        var leading = true
        for c in line {
            if leading, c == "\t" {
                out += String(repeating: " ", count: 4 - out.count % 4)
            } else {
                if c != " " { leading = false }
                out.append(c)
            }
        }
        return out
    }
}

/// Number of leading spaces.
func markdownIndent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

extension String {
    /// Without trailing spaces (a paragraph's last line cannot end in a hard break).
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
