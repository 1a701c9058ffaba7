import Foundation

/// A jrnl file's entries and problems, as an import goes through them.
public protocol JrnlSource {
    /// The file, as it was named when opened.
    var file: String { get }
    var format: JrnlJournal.Format { get }
    /// How many valid entries `forEachEntry` hands over.
    var entryCount: Int { get }
    /// Entries (or stray text) left out, and why.
    var problems: [JrnlProblem] { get }
    /// Hands over the valid entries in the file's order.
    func forEachEntry(_ body: (JrnlEntry) throws -> Void) throws
}

extension JrnlSource {
    /// Every valid entry at once: for tests and small files (an import goes through them with `forEachEntry`).
    public func allEntries() throws -> [JrnlEntry] {
        var entries: [JrnlEntry] = []
        try forEachEntry { entries.append($0) }
        return entries
    }
}

/// A jrnl journal read whole into memory from `jrnl --export json` output or from jrnl's plain-text file.
public struct JrnlJournal: JrnlSource, Sendable, Hashable {
    /// Which of jrnl's two forms the file was in.
    public enum Format: String, Sendable, Hashable {
        /// `jrnl --export json`: `{"tags": {...}, "entries": [...]}`.
        case json
        /// jrnl's own journal file: `[2020-01-02 09:30] Title. Body…` entries.
        case plainText
    }

    /// The file, as it was named when opened.
    public var file: String
    public var format: Format
    /// The valid entries, in the file's order.
    public var entries: [JrnlEntry]
    /// Entries (or stray text) left out, and why.
    public var problems: [JrnlProblem]

    public init(file: String, format: Format, entries: [JrnlEntry], problems: [JrnlProblem] = []) {
        self.file = file
        self.format = format
        self.entries = entries
        self.problems = problems
    }

    public var entryCount: Int { entries.count }

    public func forEachEntry(_ body: (JrnlEntry) throws -> Void) throws {
        for entry in entries { try body(entry) }
    }

    /// jrnl's default `tagsymbols`: both `#tag` and `@tag` are tags.
    public static let defaultTagSymbols = "#@"

    /// Why `symbols` cannot be tag symbols, in the user's words, or `nil` when they can: each must be one
    /// character that is neither a letter, digit, `_` nor space, or no tag could be told from a word.
    public static func tagSymbolsProblem(_ symbols: String) -> String? {
        if symbols.isEmpty { return "no tag symbols given; jrnl's default is \(defaultTagSymbols)" }
        if let bad = symbols.first(where: { $0.isLetter || $0.isNumber || $0 == "_" || $0.isWhitespace }) {
            return "\"\(bad)\" cannot start a tag: tag symbols are punctuation like # or @ (jrnl's default is \(defaultTagSymbols))"
        }
        return nil
    }

    /// Opens a jrnl file, deciding by its content: JSON starts with `{`, anything else is a
    /// plain-text journal.
    ///
    /// A JSON export is read through once here, to count its entries and find its problems, and is read again one
    /// entry at a time by `forEachEntry` (`JrnlExport`): its size does not matter. A plain-text journal is read whole.
    ///
    /// - Parameters:
    ///   - timeZone: the zone of jrnl's wall-clock times (jrnl stores none).
    ///   - tagSymbols: the characters that start a tag in a plain-text journal; jrnl's
    ///     `tagsymbols` setting.
    public static func open(
        _ path: String, timeZone: TimeZone = .current, tagSymbols: String = JrnlJournal.defaultTagSymbols
    ) throws(JrnlError) -> any JrnlSource {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        if try startsLikeJSON(path) { return try JrnlExport(path: path, timeZone: timeZone) }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        return try JrnlJournal(parsing: bytes, file: path, timeZone: timeZone, tagSymbols: tagSymbols)
    }

    /// Whether the file's first visible character, after any byte order mark, is `{`.
    private static func startsLikeJSON(_ path: String) throws(JrnlError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 4096) ?? Data() } catch {
                throw .unreadableFile(path: path, reason: error.localizedDescription)
            }
            guard !chunk.isEmpty else { return false }
            if let visible = firstVisibleByte(of: [UInt8](chunk)[...], atStart: handle.offsetInFile == UInt64(chunk.count)) {
                return visible == UInt8(ascii: "{")
            }
        }
    }

    /// The first byte of `bytes` that is not white space, after a byte order mark when they are the file's start.
    private static func firstVisibleByte(of bytes: ArraySlice<UInt8>, atStart: Bool) -> UInt8? {
        let content = atStart && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
        return content.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// Reads the bytes of a jrnl file, deciding by content as `open` does.
    public init(
        parsing bytes: [UInt8], file: String, timeZone: TimeZone = .current, tagSymbols: String = JrnlJournal.defaultTagSymbols
    ) throws(JrnlError) {
        var content = bytes[...]
        if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        if Self.firstVisibleByte(of: content, atStart: false) == UInt8(ascii: "{") {
            self = try JrnlJSONReader.read(bytes, file: file, timeZone: timeZone)
            return
        }
        guard let text = String(validating: content, as: UTF8.self) else { throw .notText(file: file) }
        self = JrnlTextReader.read(text, file: file, timeZone: timeZone, tagSymbols: tagSymbols)
        // Text with no entry at all is another kind of file, not one long invalid entry.
        if entries.isEmpty, !problems.isEmpty, problems.allSatisfy({ $0.entryIndex == nil }) {
            let lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            throw .notAJrnlFile(file: file, lines: lines.filter { !$0.allSatisfy(\.isWhitespace) }.count)
        }
    }

    /// Reads a plain-text jrnl journal; text never fails to parse, only entries can be invalid.
    public init(parsingText text: String, file: String, timeZone: TimeZone = .current, tagSymbols: String = JrnlJournal.defaultTagSymbols) {
        self = JrnlTextReader.read(text, file: file, timeZone: timeZone, tagSymbols: tagSymbols)
    }
}
