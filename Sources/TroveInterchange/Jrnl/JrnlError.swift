import TroveKit

/// Why a jrnl file could not be read at all.
///
/// An entry that is merely invalid is not an error: it becomes a `JrnlProblem`.
public enum JrnlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// The file is not UTF-8 text (an encrypted jrnl journal, for instance).
    case notText(file: String)
    /// The file starts like JSON but is not valid JSON.
    case invalidJSON(file: String, line: Int, column: Int, reason: String)
    /// The file is JSON but not shaped like `jrnl --export json` output.
    case notAJrnlExport(file: String, reason: String)
    /// The file is text in which no line starts an entry (a CSV, say): `lines` is how many are not blank.
    case notAJrnlFile(file: String, lines: Int)
    /// A JSON export read twice (checked, then imported) was not the same the second time.
    case changedWhileReading(file: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file"
        case .unreadableFile(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        case .notText(let file):
            return "\(file): not UTF-8 text; if the journal is encrypted, export it with `jrnl --export json` first"
        case .invalidJSON(let file, let line, let column, let reason):
            return "\(file): invalid JSON at line \(line), column \(column): \(reason)"
        case .notAJrnlExport(let file, let reason):
            return "\(file): not a jrnl JSON export: \(reason)"
        case .notAJrnlFile(let file, let lines):
            return "\(file) does not look like a jrnl file: none of its \(ProblemList.grouped(lines)) line\(lines == 1 ? "" : "s") "
                + "starts an entry (a line like \"[2020-01-02 09:30] Title.\"), so nothing was imported"
        case .changedWhileReading(let file):
            return "\(file) changed while it was being imported, so nothing was imported; try again once it is written"
        }
    }
}

/// Something wrong with one entry of a jrnl file; the entry was left out.
public struct JrnlProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, as it was named when opened.
    public var file: String
    /// The entry's 1-based position (JSON: in `entries`; text: among the entry headers);
    /// `nil` for text that belongs to no entry.
    public var entryIndex: Int?
    /// The 1-based line where the entry starts, in a plain-text journal.
    public var line: Int?
    /// The entry's title, when it could be read.
    public var title: String?
    /// The member or part at fault: `date`, `time`, `tags/1`, `title`…
    public var field: String
    /// What is wrong.
    public var message: String

    public init(file: String, entryIndex: Int?, line: Int? = nil, title: String? = nil, field: String, message: String) {
        self.file = file
        self.entryIndex = entryIndex
        self.line = line
        self.title = title
        self.field = field
        self.message = message
    }

    /// Like `journal.txt: entry 3 (line 12, "Went hiking."): date: …`.
    public var description: String {
        var details: [String] = []
        if let line { details.append("line \(line)") }
        if let title, !title.isEmpty { details.append("\"\(title.count > 40 ? String(title.prefix(40)) + "…" : title)\"") }
        let place = entryIndex.map { "entry \($0)" } ?? "text"
        let detail = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
        return "\(file): \(place)\(detail): \(field): \(message)"
    }
}
