import Foundation
import TroveJSON

/// Events and tasks to import, read once to be checked and again to be written: a calendar held in memory
/// (`ICSFile`) or a large one on disk read a few thousand components at a time (`ICSCalendarFile`).
public protocol ICSSource {
    /// How many records `forEachPart` hands over in all.
    var recordCount: Int { get }
    /// VEVENTs and VTODOs that could not be read.
    var invalid: [ICSProblem] { get }
    /// Things read in part or left out.
    var warnings: [ICSProblem] { get }
    /// iTIP's METHOD in upper case, if the file has one.
    var method: String? { get }
    /// Hands over the records a part at a time, in the file's order (with THISANDFUTURE series last); throws
    /// `ICSFileError` when the file no longer reads as it did.
    func forEachPart(_ body: ([ICSRecord]) throws -> Void) throws
}

extension ICSFile: ICSSource {
    public var recordCount: Int { records.count }
    public func forEachPart(_ body: ([ICSRecord]) throws -> Void) throws { try body(records) }
}

/// A large iCalendar file read from disk a part at a time, so that its import's memory does not grow with it (issue
/// 25: a 100,000-event file took 794 MB read whole).
///
/// Each part is a calendar of its own made of the file's calendar properties and time zones and a few thousand of
/// its components, read by `ICSReader` as any calendar is; lines are numbered as in the file. The components of a
/// UID that has a `RANGE=THISANDFUTURE` override are read together in the last part, where the override can split
/// its series. A file that is not one well-formed VCALENDAR of UTF-8 lines (a component without its END, a second
/// calendar, text outside it) is not read this way: `open` reads it whole, as `ICSReader` always has.
public struct ICSCalendarFile: ICSSource, Sendable {
    public let path: String
    public let recordCount: Int
    public let invalid: [ICSProblem]
    public let warnings: [ICSProblem]
    public let method: String?
    public let calendarName: String?
    private let timeZone: TimeZone
    private let partSize: Int
    /// The calendar's own lines (its properties and VTIMEZONEs), with their numbers in the file.
    private let header: [Line]
    /// The line of BEGIN:VCALENDAR and of END:VCALENDAR.
    private let calendarLines: (begin: Int, end: Int)
    /// UIDs that have a THISANDFUTURE override: their components are read together, last.
    private let splitSeries: Set<String>

    /// Files at least this large are read in parts; a smaller one is read whole, which is faster.
    public static let partedSize = 8 << 20
    /// How many components a part holds.
    public static let defaultPartSize = 2_000

    struct Line: Sendable {
        var number: Int
        var bytes: [UInt8]
    }

    /// The calendar at `path`: read in parts when it is at least `partedSize` bytes and well-formed, else whole.
    public static func open(_ path: String, timeZone: TimeZone = .current, partSize: Int = defaultPartSize,
                            partedSize: Int = partedSize) throws(ICSFileError) -> any ICSSource {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if size >= partedSize, let file = try ICSCalendarFile(path: path, timeZone: timeZone, partSize: partSize) { return file }
        return try ICSReader.read(contentsOf: path, timeZone: timeZone)
    }

    /// Reads the file through, checking every part; `nil` when it is not one well-formed calendar of UTF-8 lines.
    init?(path: String, timeZone: TimeZone, partSize: Int) throws(ICSFileError) {
        self.path = path
        self.timeZone = timeZone
        self.partSize = max(1, partSize)
        let name = (path as NSString).lastPathComponent
        var scan = Scan()
        do {
            try LineReader.forEachLine(in: path) { bytes, number in scan.take(bytes, number: number) }
        } catch {
            throw ICSFileError(file: name, reason: "cannot read the file")
        }
        guard scan.isWellFormed, let begin = scan.calendarBegin, let end = scan.calendarEnd else { return nil }
        header = scan.header
        calendarLines = (begin, end)
        splitSeries = scan.splitSeries
        var count = 0
        var invalid: [ICSProblem] = []
        var warnings: [ICSProblem] = []
        var method: String?
        var calendarName: String?
        var first = true
        let components: Int
        do {
            components = try Self.parts(of: path, header: scan.header, calendarLines: (begin, end), splitSeries: scan.splitSeries,
                                        partSize: self.partSize, timeZone: timeZone) { part in
                count += part.records.count
                invalid += part.invalid
                warnings += part.warnings
                if first { (method, calendarName, first) = (part.method, part.calendarName, false) }
            }
        } catch let error as ICSFileError {
            throw error
        } catch {
            throw ICSFileError(file: name, reason: "\(error)")
        }
        if first {
            // No component at all: the calendar's own lines still say its name and method.
            let part = try Self.read(header: scan.header, blocks: [], calendarLines: (begin, end), file: name, timeZone: timeZone)
            (method, calendarName) = (part.method, part.calendarName)
            warnings += part.warnings
        }
        guard components == scan.components else { throw Self.changed(name) }
        recordCount = count
        self.invalid = invalid
        self.warnings = warnings + ICSReader.skippedWarnings(scan.skipped)
        self.method = method
        self.calendarName = calendarName
    }

    public func forEachPart(_ body: ([ICSRecord]) throws -> Void) throws {
        let name = (path as NSString).lastPathComponent
        // What `body` throws (the store's errors) goes to the caller as it is.
        try SecondReading.check(items: recordCount, problems: invalid.count, changed: Self.changed(name)) { tally in
            _ = try Self.parts(of: path, header: header, calendarLines: calendarLines, splitSeries: splitSeries, partSize: partSize,
                               timeZone: timeZone) { part in
                tally.problem(count: part.invalid.count)
                try tally.item(count: part.records.count) { try body(part.records) }
            }
        }
    }

    private static func changed(_ name: String) -> ICSFileError {
        ICSFileError(file: name, reason: "it changed while it was being imported; try again once it is written")
    }

    /// One top-level component of the file: its lines, and its UID.
    private struct Block {
        var lines: [Line] = []
        var uid: String?
    }

    /// Reads the file's components a part at a time, each part with the calendar's own lines, and hands each read
    /// part to `body`; the components of `splitSeries` come last, together. Returns how many components it read.
    private static func parts(of path: String, header: [Line], calendarLines: (begin: Int, end: Int), splitSeries: Set<String>,
                              partSize: Int, timeZone: TimeZone, _ body: (ICSFile) throws -> Void) throws -> Int {
        let name = (path as NSString).lastPathComponent
        var part: [Block] = []
        var heldBack: [Block] = []
        var components = 0
        var blocks = BlockReader()
        do {
            try LineReader.forEachLine(in: path) { bytes, number in
                guard let block = blocks.take(bytes, number: number) else { return }
                components += 1
                if let uid = block.uid, splitSeries.contains(uid) { heldBack.append(block); return }
                part.append(block)
                if part.count == partSize {
                    try body(read(header: header, blocks: part, calendarLines: calendarLines, file: name, timeZone: timeZone))
                    part.removeAll(keepingCapacity: true)
                }
            }
            for last in [part, heldBack] where !last.isEmpty {
                try body(read(header: header, blocks: last, calendarLines: calendarLines, file: name, timeZone: timeZone))
            }
        } catch let error as LineReaderError {
            throw ICSFileError(file: name, reason: error.description)
        }
        return components
    }

    /// One part as a calendar of its own, read by `ICSReader`, with every line number put back to the file's.
    private static func read(header: [Line], blocks: [Block], calendarLines: (begin: Int, end: Int), file: String,
                             timeZone: TimeZone) throws(ICSFileError) -> ICSFile {
        var numbers = [calendarLines.begin]
        var bytes = Array("BEGIN:VCALENDAR\r\n".utf8)
        for line in header + blocks.flatMap(\.lines) {
            numbers.append(line.number)
            bytes += line.bytes
            bytes += [0x0D, 0x0A]
        }
        numbers.append(calendarLines.end)
        bytes += Array("END:VCALENDAR\r\n".utf8)
        var part = try ICSReader.read(String(decoding: bytes, as: UTF8.self), file: file, timeZone: timeZone, countingSkipped: false)
        func inFile(_ line: Int) -> Int { line >= 1 && line <= numbers.count ? numbers[line - 1] : line }
        for index in part.records.indices { part.records[index].line = inFile(part.records[index].line) }
        for index in part.invalid.indices { part.invalid[index].line = inFile(part.invalid[index].line) }
        for index in part.warnings.indices { part.warnings[index].line = inFile(part.warnings[index].line) }
        return part
    }

    /// Follows the file's lines to the end of each top-level component.
    private struct BlockReader {
        var depth = 0
        var block: Block?
        var unfolded = UnfoldedProperty()

        /// The component `bytes` ends, if it ends one.
        mutating func take(_ bytes: ArraySlice<UInt8>, number: Int) -> Block? {
            let line = Scan.content(bytes, number: number)
            if let property = unfolded.take(line), depth == 2, property.name == "UID", block?.uid == nil { block?.uid = property.value }
            switch Scan.marker(line) {
            case .begin(let name)?:
                depth += 1
                if depth == 2 && name != "VTIMEZONE" { block = Block() }
            case .end?:
                depth -= 1
                if depth == 1, var ended = block {
                    ended.lines.append(Line(number: number, bytes: Array(line)))
                    block = nil
                    return ended
                }
            case nil:
                break
            }
            block?.lines.append(Line(number: number, bytes: Array(line)))
            return nil
        }
    }

    /// The first reading of the file's lines: whether it is one well-formed calendar, its own lines, and its components.
    private struct Scan {
        var header: [Line] = []
        var calendarBegin: Int?
        var calendarEnd: Int?
        var splitSeries: Set<String> = []
        /// Components other than VEVENT, VTODO and VTIMEZONE, by name.
        var skipped: [String: Int] = [:]
        var components = 0
        var isWellFormed = true
        private var open: [String] = []
        private var inHeader = false
        private var uid: String?
        private var splits = false
        private var unfolded = UnfoldedProperty()

        mutating func take(_ bytes: ArraySlice<UInt8>, number: Int) {
            guard isWellFormed else { return }
            let line = Self.content(bytes, number: number)
            guard String(validating: line, as: UTF8.self) != nil else { isWellFormed = false; return }
            if line.isEmpty { return }
            // A property of the component itself (one of its VALARMs may have a UID of its own).
            if let property = unfolded.take(line), open.count == 2 {
                if property.name == "UID", uid == nil { uid = property.value }
                if property.name == "RECURRENCE-ID", property.parameters.uppercased().contains("RANGE=THISANDFUTURE") { splits = true }
            }
            switch Self.marker(line) {
            case .begin(let name)?:
                // One VCALENDAR; an event or task inside another is one whose END is missing.
                let nested = (name == "VEVENT" || name == "VTODO") && open.contains { $0 == "VEVENT" || $0 == "VTODO" }
                if open.isEmpty ? (name != "VCALENDAR" || calendarBegin != nil) : nested { isWellFormed = false; return }
                open.append(name)
                if open.count == 1 { calendarBegin = number; return }
                if open.count == 2 { (inHeader, uid, splits) = (name == "VTIMEZONE", nil, false) }
            case .end(let name)?:
                guard open.last == name else { isWellFormed = false; return }
                open.removeLast()
                if open.isEmpty { calendarEnd = number; return }
                if open.count == 1 {
                    if inHeader { header.append(Line(number: number, bytes: Array(line))) }
                    if !inHeader {
                        if name != "VEVENT" && name != "VTODO" { skipped[name, default: 0] += 1 }
                        if splits, let uid { splitSeries.insert(uid) }
                        components += 1
                    }
                    inHeader = false
                    return
                }
            case nil:
                // Nothing outside the calendar, or after it.
                if open.isEmpty { isWellFormed = false; return }
                if open.count == 1 { header.append(Line(number: number, bytes: Array(line))); return }
            }
            if inHeader { header.append(Line(number: number, bytes: Array(line))) }
        }

        /// A line without its carriage return, nor (on the first line) a byte order mark.
        static func content(_ bytes: ArraySlice<UInt8>, number: Int) -> ArraySlice<UInt8> {
            var line = bytes.last == 0x0D ? bytes.dropLast() : bytes
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            return line
        }

        enum Marker {
            case begin(String)
            case end(String)
        }

        /// `BEGIN:NAME` or `END:NAME` (any case), the name in upper case.
        static func marker(_ line: ArraySlice<UInt8>) -> Marker? {
            guard let first = line.first, first == 0x42 || first == 0x62 || first == 0x45 || first == 0x65 else { return nil }
            guard let colon = line.firstIndex(of: 0x3A) else { return nil }
            let key = String(decoding: line[..<colon], as: UTF8.self).uppercased()
            let name = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased()
            switch key {
            case "BEGIN": return .begin(name)
            case "END": return .end(name)
            default: return nil
            }
        }
    }

    /// Joins folded lines (RFC 5545 §3.1: a line that starts with a space or tab continues the one before), and
    /// hands over each property once its last line is seen.
    private struct UnfoldedProperty {
        private var pending: [UInt8] = []

        /// The property that `line` ends by starting another (or `nil` while it continues one).
        mutating func take(_ line: ArraySlice<UInt8>) -> (name: String, parameters: String, value: String)? {
            if let first = line.first, first == 0x20 || first == 0x09 {
                pending += line.dropFirst()
                return nil
            }
            defer { pending = Array(line) }
            guard !pending.isEmpty, let colon = pending.firstIndex(of: 0x3A) else { return nil }
            let head = pending[..<colon]
            let semicolon = head.firstIndex(of: 0x3B) ?? colon
            return (String(decoding: pending[..<semicolon], as: UTF8.self).uppercased(),
                    String(decoding: pending[semicolon..<colon], as: UTF8.self),
                    String(decoding: pending[(colon + 1)...], as: UTF8.self))
        }
    }
}
