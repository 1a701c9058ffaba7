import Foundation
import TroveKit

/// One item row of a CSV file.
public struct ItemRow: Sendable, Equatable {
    public var name: String
    public var tracker: String?
    /// The photo's path as written (relative paths are relative to the CSV file).
    public var photo: String?
    public var notes: String?
    /// Where the row is, e.g. `line 4`.
    public var position: String
}

/// Reads items from CSV with a header line (RFC 4180), a piece at a time (`CSVPieces`).
///
/// Trove's columns are `name`, `tracker`, `photo` and `notes`, in any order (only `name` is
/// required). Homebox's export is read too: `HB.name`, and `HB.description` with `HB.notes`
/// as the notes. Other columns are ignored.
public enum ItemCSVReader {
    static let columns: [String: [String]] = [
        "name": ["name", "hb.name", "item"],
        "tracker": ["tracker", "tracker id", "tracker_id", "trackerid"],
        "photo": ["photo", "photo path", "photo_path", "image"],
        "notes": ["notes", "note", "hb.description", "description", "hb.notes"],
    ]

    /// The rows of CSV text held in memory, and a problem for each row that cannot be read.
    public static func read(_ bytes: [UInt8]) throws(ItemCSVError) -> (rows: [ItemRow], problems: [String]) {
        var rows: [ItemRow] = []
        var problems: [String] = []
        do {
            try read(.bytes(bytes), row: { rows.append($0) }, problem: { problems.append($0) })
        } catch let error as ItemCSVError {
            throw error
        } catch {
            // The closures above throw nothing.
            throw .unreadable("\(error)")
        }
        return (rows, problems)
    }

    /// Reads the header of `source`, then hands each row, or the problem that leaves it out, over in order. Throws
    /// `ItemCSVError` when the text is not UTF-8, cannot be read or has no name column, and what `row` or `problem`
    /// throw.
    static func read(_ source: CSVPieces.Source, row: (ItemRow) throws -> Void, problem: (String) throws -> Void) throws {
        var header: (count: Int, name: Int, columns: [String: [Int]])?
        do {
            try CSVPieces.forEachRecord(in: source) { record in
                if record.isBlank { return }
                guard let header else {
                    header = try Self.header(record)
                    return
                }
                let position = "line \(record.line)"
                if record.unterminated { return try problem("\(position): a quoted field is not closed before the end of the file") }
                guard record.fields.count == header.count else {
                    return try problem("\(position): \(record.fields.count) fields, but the header has \(header.count)")
                }
                func value(_ key: String) -> String? {
                    let parts = header.columns[key]!.map { record.fields[$0].trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                    return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
                }
                try row(ItemRow(name: record.fields[header.name], tracker: value("tracker"), photo: value("photo"),
                                notes: value("notes"), position: position))
            }
        } catch CSVPieces.Failure.notUTF8(let bad) {
            throw ItemCSVError.notUTF8(line: bad.line)
        } catch CSVPieces.Failure.unreadable(let reason) {
            throw ItemCSVError.unreadable(reason)
        }
        guard header != nil else { throw ItemCSVError.noNameColumn(found: []) }
    }

    /// How many fields a row has, where its name is, and where each column with several names is (in the order of
    /// `columns`' names, so that Homebox's description comes before its notes).
    private static func header(_ record: CSVRecord) throws(ItemCSVError) -> (count: Int, name: Int, columns: [String: [Int]]) {
        let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let columns = Self.columns.mapValues { aliases in aliases.flatMap { alias in names.indices.filter { names[$0] == alias } } }
        guard let name = columns["name"]!.first else { throw .noNameColumn(found: names.filter { !$0.isEmpty }) }
        return (names.count, name, columns)
    }
}

/// An items CSV file on disk, read a row at a time: opening it reads it through once, keeping only the count of its
/// rows and its problems; the import reads it again (`SecondReading`).
public struct ItemCSVFile: Sendable {
    public let path: String
    /// How many rows `forEachRow` hands over.
    public let rowCount: Int
    /// One line per row that cannot be read, each naming its line.
    public let problems: [String]

    /// Reads the file at `path` through; throws `ItemCSVError` when it is not an items CSV file.
    public init(path: String) throws(ItemCSVError) {
        self.path = path
        var count = 0
        var problems: [String] = []
        do {
            try ItemCSVReader.read(.file(path), row: { _ in count += 1 }, problem: { problems.append($0) })
        } catch let error as ItemCSVError {
            throw error
        } catch {
            throw .unreadable("\(error)")
        }
        rowCount = count
        self.problems = problems
    }

    /// Hands over each row in the file's order; throws `ItemCSVError.changedWhileReading` when the file no longer reads
    /// as it did, and what `body` throws.
    public func forEachRow(_ body: (ItemRow) throws -> Void) throws {
        try SecondReading.check(items: rowCount, problems: problems.count, changed: ItemCSVError.changedWhileReading) { tally in
            try ItemCSVReader.read(.file(path), row: { row in try tally.item { try body(row) } }, problem: { _ in tally.problem() })
        }
    }
}

/// Why an item CSV file cannot be read at all.
public enum ItemCSVError: Error, Equatable, CustomStringConvertible {
    /// A byte that is not UTF-8, on this 1-based line.
    case notUTF8(line: Int)
    case noNameColumn(found: [String])
    /// The file could not be opened or read: the system's reason.
    case unreadable(String)
    /// The file read differently the second time, while its rows were being written.
    case changedWhileReading

    public var description: String {
        switch self {
        case .notUTF8(let line): return "line \(line) is not UTF-8 text: save the file as CSV (UTF-8)"
        case .noNameColumn(let found):
            return "the file has no name column" + (found.isEmpty ? "" : " (its columns: \(found.joined(separator: ", ")))")
                + ": the header needs name, and may have tracker, photo and notes"
        case .unreadable(let reason): return "cannot be read: \(reason)"
        case .changedWhileReading: return "it changed while it was being imported; try again once it is written"
        }
    }
}

extension ItemCSVError: UserFacingError {}
