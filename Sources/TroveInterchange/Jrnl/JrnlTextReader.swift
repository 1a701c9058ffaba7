import Foundation

/// Reads jrnl's plain-text journal file.
///
/// Each entry starts with a header line, `[2020-01-02 09:30] Title. Rest of the line` (jrnl
/// 1.x wrote the date without brackets), with ` *` at its end when starred; body lines follow
/// until the next header. The title is the header text's first sentence.
enum JrnlTextReader {
    static func read(_ text: String, file: String, timeZone: TimeZone, tagSymbols: String) -> JrnlJournal {
        // "\r\n" is one Character in Swift, so it must be named to split Windows lines.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        // A file is written in one style; choosing it up front keeps a body line that merely
        // starts with a date from splitting an entry of a bracketed journal.
        let bracketed = lines.contains { header(in: $0, bracketed: true) != nil }
        var journal = JrnlJournal(file: file, format: .plainText, entries: [])
        var builder = EntryBuilder(file: file, timeZone: timeZone, tagSymbols: Set(tagSymbols))
        var pending: PendingEntry?
        var strayTextLine: Int?
        for (offset, line) in lines.enumerated() {
            if let header = header(in: line, bracketed: bracketed) {
                if let pending { builder.finish(pending, into: &journal) }
                pending = PendingEntry(index: (pending?.index ?? 0) + 1, line: offset + 1, header: header)
            } else if pending != nil {
                pending?.bodyLines.append(line)
            } else if strayTextLine == nil, !line.allSatisfy(\.isWhitespace) {
                strayTextLine = offset + 1
            }
        }
        if let pending { builder.finish(pending, into: &journal) }
        if let strayTextLine {
            journal.problems.insert(JrnlProblem(
                file: file, entryIndex: nil, line: strayTextLine, field: "text",
                message: "text before the first entry header (a line like \"[2020-01-02 09:30] Title\") was skipped"),
                at: 0)
        }
        return journal
    }

    /// A header line split into its date-and-time text and the text after it.
    struct Header {
        var dateTime: Substring
        var text: Substring
    }

    /// An entry whose header has been read and whose body lines are being collected.
    struct PendingEntry {
        var index: Int
        var line: Int
        var header: Header
        var bodyLines: [Substring] = []
    }

    /// The header in `line`: `[YYYY-MM-DD …] text` when `bracketed`, else `YYYY-MM-DD HH:MM text`.
    ///
    /// A line counts when it has the shape of a header even if its date is impossible (month
    /// 13), so that the entry is reported instead of being merged into the one before.
    static func header(in line: Substring, bracketed: Bool) -> Header? {
        if bracketed {
            guard line.first == "[", startsWithDate(line.dropFirst()),
                  let close = line.firstIndex(of: "]") else { return nil }
            let after = line[line.index(after: close)...]
            guard after.isEmpty || after.first == " " else { return nil }
            return Header(dateTime: line[line.index(after: line.startIndex)..<close], text: after.dropFirst())
        }
        guard startsWithDate(line), line.count >= 16 else { return nil }
        let end = line.index(line.startIndex, offsetBy: 16)
        guard end == line.endIndex || line[end] == " " else { return nil }
        return Header(dateTime: line[..<end], text: line[end...].dropFirst())
    }

    /// Whether the text starts like `YYYY-MM-DD HH:MM`, digits where digits belong.
    private static func startsWithDate(_ text: Substring) -> Bool {
        let start = Array(text.prefix(16).utf8)
        guard start.count == 16 else { return false }
        for (position, byte) in start.enumerated() {
            switch position {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return false }
            case 10: guard byte == UInt8(ascii: " ") else { return false }
            case 13: guard byte == UInt8(ascii: ":") else { return false }
            default: guard (0x30...0x39).contains(byte) else { return false }
            }
        }
        return true
    }

    /// Turns pending entries into entries or problems, keeping the source keys unique.
    struct EntryBuilder {
        let file: String
        let timeZone: TimeZone
        let tagSymbols: Set<Character>
        var keys = JrnlSourceKeys()

        mutating func finish(_ pending: PendingEntry, into journal: inout JrnlJournal) {
            var headerText = pending.header.text.trimmingCharacters(in: .whitespaces)
            let starred = headerText.hasSuffix("*")
            if starred { headerText = String(headerText.dropLast()).trimmingCharacters(in: .whitespaces) }
            let (title, restOfLine) = JrnlTextReader.splitTitle(headerText)
            guard let local = JrnlLocalDateTime.parse(String(pending.header.dateTime)),
                  let date = local.date(in: timeZone)
            else {
                journal.problems.append(JrnlProblem(
                    file: file, entryIndex: pending.index, line: pending.line, title: title, field: "date",
                    message: "\"\(pending.header.dateTime)\" is not a date and time like 2020-01-02 09:30"))
                return
            }
            let body = ([Substring(restOfLine)] + pending.bodyLines).joined(separator: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            journal.entries.append(JrnlEntry(
                title: title, body: body, date: date, localDateTime: local.text,
                tags: JrnlTextReader.tags(in: title + "\n" + body, symbols: tagSymbols), starred: starred,
                sourceKey: keys.key(localDateTime: local.text, title: title)))
        }
    }

    /// The first sentence of a header's text and the rest of the line.
    ///
    /// A sentence ends at `.`, `?` or `!` (possibly repeated, possibly followed by a closing
    /// quote or bracket) that is followed by a space or the end of the line.
    static func splitTitle(_ text: String) -> (title: String, rest: String) {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard ".?!".contains(characters[index]) else { index += 1; continue }
            var end = index
            while end < characters.count, ".?!".contains(characters[end]) { end += 1 }
            while end < characters.count, "\"'’”)]".contains(characters[end]) { end += 1 }
            if end == characters.count || characters[end].isWhitespace {
                let title = String(characters[..<end]).trimmingCharacters(in: .whitespaces)
                let rest = String(characters[end...]).trimmingCharacters(in: .whitespaces)
                return (title, rest)
            }
            index = end
        }
        return (text, "")
    }

    /// Tags as jrnl finds them (its `(?<!\S)[symbols][-+*#/\w]+`): a tag symbol at the start of the text or
    /// after whitespace, then letters, digits and `_-+*#/`; lower-cased, without the symbol, each once, in order
    /// of first use. Unlike jrnl, the first character after the symbol must be a letter, digit or `_`, so that a
    /// Markdown heading (`# Title`, `## Part`) is never a tag.
    static func tags(in text: String, symbols: Set<Character>) -> [String] {
        let characters = Array(text)
        var tags: [String] = []
        var index = 0
        while index < characters.count {
            let atWordStart = index == 0 || characters[index - 1].isWhitespace
            guard atWordStart, symbols.contains(characters[index]), index + 1 < characters.count,
                  isWordCharacter(characters[index + 1])
            else { index += 1; continue }
            var end = index + 1
            while end < characters.count, isTagCharacter(characters[end]) { end += 1 }
            let tag = String(characters[(index + 1)..<end]).lowercased()
            if !tags.contains(tag) { tags.append(tag) }
            index = end
        }
        return tags
    }

    /// Python's `\w`: letters, digits and `_`.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        isWordCharacter(character) || "-+*#/".contains(character)
    }
}
