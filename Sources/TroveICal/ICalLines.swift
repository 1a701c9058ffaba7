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
        var number = 0
        // "\r\n" is one Character in Swift, so split on any of the three line ends.
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            if let first = piece.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += piece.dropFirst()
                continue
            }
            if piece.isEmpty { continue }
            let text = String(piece)
            let name = String(text.prefix { $0 != ";" && $0 != ":" }).uppercased()
            lines.append(Line(number: number, text: text, name: name))
        }
        findBlocks()
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
        return String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
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
