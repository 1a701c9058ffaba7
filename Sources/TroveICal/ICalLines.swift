import Foundation

/// The logical (unfolded) lines of iCalendar text with their line numbers.
///
/// libical keeps no line numbers, so this is how errors get a place: its components come
/// back in file order, so the n-th BEGIN line here is the n-th component of the tree.
struct ICalLines {
    struct Line {
        /// 1-based physical line where the logical line starts.
        var number: Int
        var text: String
        /// The upper-case property name (before `;` or `:`).
        var name: String
    }

    /// A BEGIN ... END block.
    struct Block {
        var name: String
        /// Indexes into `blocks` of the blocks directly inside this one.
        var children: [Int] = []
        /// Index into `lines` of BEGIN and END (END is `lines.count` when missing).
        var begin: Int
        var end: Int
    }

    var lines: [Line] = []
    /// Blocks in the order of their BEGIN lines (pre-order, as libical walks them).
    var blocks: [Block] = []
    /// Blocks whose END never came.
    var unclosed: [Block] = []
    /// Indexes into `blocks` of the outermost blocks.
    var topLevel: [Int] = []
    /// The first BEGIN line (its index into `lines`) that opens a block nested deeper than `maximumDepth`.
    var tooDeep: Int?

    /// The deepest nesting of blocks read: a calendar holds events, which hold alarms (3 deep), and
    /// a zone its rules. libical, and the reading of its tree, recurse once a level: 20,000 nested
    /// BEGIN lines overflowed the stack, so deeper text is refused before libical sees it.
    static let maximumDepth = 32

    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            // Split on any of the three line ends (CR LF, LF, CR) in the bytes: splitting the String by Characters
            // was 7 % of a 10,000-event import. A line end is always a grapheme break, so the lines are the same.
            var number = 0, start = 0, index = 0
            func take(_ end: Int) {
                number += 1
                defer { start = index }
                guard end > start else { return }
                if bytes[start] == 0x20 || bytes[start] == 0x09, !lines.isEmpty {
                    lines[lines.count - 1].text += String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
                    return
                }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                lines.append(Line(number: number, text: String(decoding: line, as: UTF8.self), name: Self.name(line)))
            }
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x0A || byte == 0x0D else { index += 1; continue }
                let end = index
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                take(end)
            }
            index = bytes.count
            take(bytes.count)
        }
        findBlocks()
    }

    /// The upper-case name of a content line: what comes before its first `;` or `:`.
    private static func name(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let end = line.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? line.count
        let bytes = UnsafeBufferPointer(rebasing: line[..<end])
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).uppercased() }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte }
            return bytes.count
        }
    }

    /// Whether libical may be given `text` before its lines are read: it has a line `BEGIN:VCALENDAR` (other text
    /// is refused, unseen by libical), and it does not nest blocks deeper than `maximumDepth`. The depth is judged
    /// from the physical lines without unfolding them, never less deep than `ICalLines` finds it: a line starting
    /// with B counts as a BEGIN (a folded "BEG" + "IN:" too), and only a whole "END:" closes one.
    static func mayParseAhead(_ text: String) -> Bool {
        let calendar = Array("begin:vcalendar".utf8)
        var text = text
        return text.withUTF8 { bytes in
            var depth = 0, index = 0, hasCalendar = false
            while index < bytes.count {
                let first = bytes[index] | 0x20  // lower case, for letters
                if first == UInt8(ascii: "b") {
                    depth += 1
                    if depth > maximumDepth { return false }
                    if !hasCalendar, index + calendar.count <= bytes.count {
                        hasCalendar = (0..<calendar.count).allSatisfy { (bytes[index + $0] | ($0 == 5 ? 0 : 0x20)) == calendar[$0] }
                    }
                } else if first == UInt8(ascii: "e"), index + 3 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "n"),
                          bytes[index + 2] | 0x20 == UInt8(ascii: "d"), bytes[index + 3] == UInt8(ascii: ":") {
                    depth = max(0, depth - 1)
                }
                // On to the next line.
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
            }
            return hasCalendar
        }
    }

    /// These lines without the blocks of `cut` (indexes into `blocks`), keeping each line's number.
    func removing(_ cut: [Int]) -> ICalLines {
        var gone = Set<Int>()
        for index in cut {
            // Up to the first event or task inside it: those are the file's next components, not its own.
            let next = blocks[index].children.first { Self.calendarLevel.contains(blocks[$0].name) }.map { blocks[$0].begin }
            gone.formUnion(blocks[index].begin..<min(next ?? blocks[index].end, lines.count))
        }
        var result = ICalLines(lines: lines.indices.filter { !gone.contains($0) }.map { lines[$0] })
        result.findBlocks()
        return result
    }

    private init(lines: [Line]) { self.lines = lines }

    /// The lines as text for libical, one logical line each.
    var text: String { lines.map(\.text).joined(separator: "\r\n") + "\r\n" }

    /// Blocks that end without their END: an END of an outer block comes first. libical would read the rest
    /// of the file into such a block, and report the calendar as the one cut short.
    private(set) var unterminated: [Int] = []

    /// The components a calendar holds: cutting out a block left open keeps those that follow it.
    static let calendarLevel: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY"]

    private mutating func findBlocks() {
        blocks = []
        topLevel = []
        unterminated = []
        tooDeep = nil
        var open: [Int] = []
        for (index, line) in lines.enumerated() {
            if line.name == "BEGIN" {
                let name = Self.value(line.text).uppercased()
                if let parent = open.last { blocks[parent].children.append(blocks.count) } else { topLevel.append(blocks.count) }
                open.append(blocks.count)
                if open.count > Self.maximumDepth, tooDeep == nil { tooDeep = index }
                blocks.append(Block(name: name, begin: index, end: lines.count))
            } else if line.name == "END" {
                let name = Self.value(line.text).uppercased()
                // An END of an outer block closes the inner ones left open.
                if let match = open.lastIndex(where: { blocks[$0].name == name }) {
                    for inner in open[(match + 1)...] {
                        blocks[inner].end = index
                        unterminated.append(inner)
                    }
                    blocks[open[match]].end = index
                    open.removeSubrange(match...)
                } else if let top = open.popLast() {
                    blocks[top].end = index
                }
            }
        }
        unclosed = open.map { blocks[$0] }
    }
}

extension ICalLines {
    /// The part after the first colon.
    static func value(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":") else { return "" }
        return text[text.index(after: colon)...].trimmingSpaces()
    }

    /// Line number of a line index, or of the last line past the end.
    func number(at index: Int) -> Int {
        if index < lines.count { return lines[index].number }
        return lines.last?.number ?? 0
    }

    /// Indexes of the lines directly inside a block (not inside its child blocks).
    func ownLines(of block: Block) -> [Int] {
        var result: [Int] = []
        var depth = 0
        var index = block.begin + 1
        while index < block.end && index < lines.count {
            let name = lines[index].name
            if name == "BEGIN" {
                depth += 1
            } else if name == "END" {
                depth -= 1
            } else if depth == 0 {
                result.append(index)
            }
            index += 1
        }
        return result
    }
}
