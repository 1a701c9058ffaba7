import CICal
import Foundation

/// A one-calendar text cut in two at an event or task near its middle, so that libical parses each half on its
/// own core (its parse of a 10,000-event file, 100 ms on one, was what the rest of the import waited for).
///
/// Each half is a calendar of its own: the first is the text up to the cut, then the zones (VTIMEZONE blocks)
/// that come after it, then `END:VCALENDAR`; the second is `BEGIN:VCALENDAR`, the zones before the cut, then the
/// text from the cut on. Every event thus sees every zone. The cut is found by a quick look at the lines, and
/// is taken only once `ICalLines` confirms it (`confirmed(by:)`): one calendar, the cut at one of its events or
/// tasks, the zones where the look saw them, and nothing of the calendar's own after the cut but its END.
struct ICalSplit: @unchecked Sendable {
    /// The physical line (1-based) of the BEGIN line the second half starts with.
    let line: Int
    /// The physical lines of every zone's BEGIN and END, in order.
    let zones: [ClosedRange<Int>]
    let first: String
    let second: String

    /// Texts shorter than this are parsed whole: two threads pay only on large files.
    static let minimumBytes = 256 << 10

    init?(_ text: String) {
        var text = text
        guard let found = text.withUTF8({ Self.scan($0) }) else { return nil }
        let utf8 = Array(text.utf8)
        let cut = found.offset
        var first = Array(utf8[..<cut])
        var second = Array("BEGIN:VCALENDAR\r\n".utf8)
        for zone in found.zoneBytes {
            if zone.lowerBound >= cut { first += utf8[zone] } else { second += utf8[zone] }
        }
        first += Array("END:VCALENDAR\r\n".utf8)
        second += utf8[cut...]
        self.line = found.line
        self.zones = found.zoneLines
        self.first = String(decoding: first, as: UTF8.self)
        self.second = String(decoding: second, as: UTF8.self)
    }

    /// Whether `lines`, read from the whole text, hold the cut as the quick look saw it. When they do, returns
    /// the calendar's blocks from the cut on: the second half's candidates.
    func confirmed(by lines: ICalLines) -> [Int]? {
        guard lines.unterminated.isEmpty, lines.tooDeep == nil, lines.topLevel.count == 1 else { return nil }
        let calendar = lines.blocks[lines.topLevel[0]]
        guard calendar.name == "VCALENDAR", calendar.end < lines.lines.count else { return nil }
        let children = calendar.children
        guard children.contains(where: { lines.lines[lines.blocks[$0].begin].number == line && ["VEVENT", "VTODO"].contains(lines.blocks[$0].name) })
        else { return nil }
        let zoneBlocks = children.filter { lines.blocks[$0].name == "VTIMEZONE" }.map {
            lines.lines[lines.blocks[$0].begin].number...lines.lines[min(lines.blocks[$0].end, lines.lines.count - 1)].number
        }
        guard zoneBlocks == zones else { return nil }
        // The calendar's own lines (its properties) all come before the cut.
        guard lines.ownLines(of: calendar).allSatisfy({ lines.lines[$0].number < line || $0 == calendar.end }) else { return nil }
        return children.filter { lines.lines[lines.blocks[$0].begin].number >= line }
    }

    /// Where to cut: the first `BEGIN:VEVENT` or `BEGIN:VTODO` line directly inside the calendar from the middle of
    /// the text on, with the byte ranges and physical lines of the zones. `nil` when there is none, or when the
    /// text is small or holds more than one calendar.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, line: Int, zoneBytes: [Range<Int>], zoneLines: [ClosedRange<Int>])? {
        guard bytes.count >= minimumBytes else { return nil }
        func starts(_ index: Int, with word: String) -> Bool {
            let word = word.utf8
            guard index + word.count <= bytes.count else { return false }
            return zip(bytes[index..<(index + word.count)], word).allSatisfy { ($0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0) == $1 }
        }
        var depth = 0, line = 1, index = 0, calendars = 0
        var cut: (offset: Int, line: Int)?
        var zoneBytes: [Range<Int>] = [], zoneLines: [ClosedRange<Int>] = []
        var openZone: (offset: Int, line: Int)?
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            // Past the line end: CR LF, LF or CR, as `ICalLines` counts them.
            if index < bytes.count { index += bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1 }
            if starts(start, with: "BEGIN:") {
                if depth == 0 {
                    calendars += 1
                    guard calendars == 1, starts(start, with: "BEGIN:VCALENDAR") else { return nil }
                } else if depth == 1 {
                    if starts(start, with: "BEGIN:VTIMEZONE") { openZone = (start, line) }
                    if cut == nil, start >= bytes.count / 2, starts(start, with: "BEGIN:VEVENT") || starts(start, with: "BEGIN:VTODO") {
                        cut = (start, line)
                    }
                }
                depth += 1
            } else if starts(start, with: "END:") {
                depth -= 1
                guard depth >= 0 else { return nil }
                if depth == 1, let zone = openZone {
                    guard starts(start, with: "END:VTIMEZONE") else { return nil }
                    zoneBytes.append(zone.offset..<index)
                    zoneLines.append(zone.line...line)
                    openZone = nil
                }
            }
            line += 1
        }
        // A zone's last line without its line end would run into what follows it in a half.
        guard let cut, depth == 0, openZone == nil, zoneBytes.allSatisfy({ bytes[$0.upperBound - 1] == 0x0A || bytes[$0.upperBound - 1] == 0x0D })
        else { return nil }
        return (cut.offset, cut.line, zoneBytes, zoneLines)
    }
}

/// libical's parse of a text, made on other threads while the caller reads its lines: of its two halves at once
/// when it splits (`ICalSplit`, looked for on that thread too), else of the whole text.
final class ParseAhead: @unchecked Sendable {
    enum Parsed {
        case whole(OpaquePointer?)
        case halves(ICalSplit, OpaquePointer?, OpaquePointer?)
    }

    private let done = DispatchGroup()
    private var split: ICalSplit?
    // One property per thread (one tuple would be one variable written by both).
    private var firstRoot: OpaquePointer?
    private var secondRoot: OpaquePointer?

    init(_ text: String, splitting: Bool) {
        DispatchQueue.global(qos: .userInitiated).async(group: done) {
            guard splitting, let split = ICalSplit(text) else {
                self.firstRoot = ICalLibrary.locked { text.withCString { icalparser_parse_string($0) } }
                return
            }
            self.split = split
            // The halves are separate trees, parsed outside the lock: libical keeps its error number and scratch
            // buffers per thread (its set-up, errors not fatal, was done by `locked`).
            ICalLibrary.locked {}
            DispatchQueue.global(qos: .userInitiated).async(group: self.done) {
                self.secondRoot = split.second.withCString { icalparser_parse_string($0) }
            }
            self.firstRoot = split.first.withCString { icalparser_parse_string($0) }
        }
    }

    /// What was parsed, once it is done; the caller frees the trees. Call once, not holding the lock.
    func take() -> Parsed {
        done.wait()
        guard let split else { return .whole(firstRoot) }
        return .halves(split, firstRoot, secondRoot)
    }

    /// Frees what is parsed once it is done, on another thread.
    func discard() {
        DispatchQueue.global(qos: .utility).async {
            self.done.wait()
            for root in [self.firstRoot, self.secondRoot].compactMap({ $0 }) { ICalLibrary.freeLater(ICalOwnedComponent(root)) }
        }
    }
}
