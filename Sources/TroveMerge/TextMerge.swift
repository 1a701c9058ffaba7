/// Line-based three-way merge of text (diff3), never writing conflict markers.
public enum TextMerge {
    /// Merges two edits of `base` line by line, or returns `nil` when their changes overlap.
    ///
    /// Each side is diffed against the base. Changes whose base ranges neither overlap nor touch
    /// (at least one unchanged base line between them) are both applied; changes that overlap or
    /// touch are accepted only when both sides made the same change there. Lines keep their line
    /// endings and are compared by their UTF-8 bytes, so the result is symmetric in the two sides.
    public static func merge(base: String, ours: String, theirs: String) -> String? {
        var interner = LineInterner()
        let baseLines = interner.lines(of: base)
        let oursLines = interner.lines(of: ours)
        let theirsLines = interner.lines(of: theirs)

        let changes = (LineDiff.hunks(baseLines, oursLines).map { Change(hunk: $0, fromOurs: true) }
            + LineDiff.hunks(baseLines, theirsLines).map { Change(hunk: $0, fromOurs: false) })
            .sorted { ($0.hunk.baseStart, $0.hunk.baseEnd) < ($1.hunk.baseStart, $1.hunk.baseEnd) }

        var merged: [Int] = []
        var basePosition = 0
        var next = 0
        while next < changes.count {
            var group = [changes[next]]
            let low = changes[next].hunk.baseStart
            var high = changes[next].hunk.baseEnd
            next += 1
            while next < changes.count, changes[next].hunk.baseStart <= high {
                high = max(high, changes[next].hunk.baseEnd)
                group.append(changes[next])
                next += 1
            }
            merged += baseLines[basePosition..<low]
            let oursVersion = apply(group.filter(\.fromOurs).map(\.hunk), of: oursLines,
                                    to: baseLines, from: low, to: high)
            let theirsVersion = apply(group.filter { !$0.fromOurs }.map(\.hunk), of: theirsLines,
                                      to: baseLines, from: low, to: high)
            let oursChanged = group.contains(where: \.fromOurs)
            let theirsChanged = group.contains(where: { !$0.fromOurs })
            if oursChanged, theirsChanged, oursVersion != theirsVersion { return nil }
            merged += oursChanged ? oursVersion : theirsVersion
            basePosition = high
        }
        merged += baseLines[basePosition...]
        return interner.text(of: merged)
    }

    /// A hunk and the side it came from.
    private struct Change {
        var hunk: LineDiff.Hunk
        var fromOurs: Bool
    }

    /// `base[low..<high]` with one side's hunks (all inside that range) applied.
    private static func apply(_ hunks: [LineDiff.Hunk], of side: [Int], to base: [Int], from low: Int, to high: Int) -> [Int] {
        var result: [Int] = []
        var position = low
        for hunk in hunks {
            result += base[position..<hunk.baseStart]
            result += side[hunk.sideStart..<hunk.sideEnd]
            position = hunk.baseEnd
        }
        result += base[position..<high]
        return result
    }
}

/// Splits texts into lines (each keeping its `\n`) and numbers distinct lines by their bytes.
struct LineInterner {
    private var numbers: [[UInt8]: Int] = [:]
    private var lines: [[UInt8]] = []

    /// The line numbers of a text; the last line may lack a newline.
    mutating func lines(of text: String) -> [Int] {
        var result: [Int] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == 0x0A {
                result.append(number(current))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { result.append(number(current)) }
        return result
    }

    /// The text made of these lines.
    func text(of numbers: [Int]) -> String {
        var bytes: [UInt8] = []
        for number in numbers { bytes += lines[number] }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func number(_ line: [UInt8]) -> Int {
        if let existing = numbers[line] { return existing }
        numbers[line] = lines.count
        lines.append(line)
        return lines.count - 1
    }
}
