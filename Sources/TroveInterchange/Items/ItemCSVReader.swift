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

/// Reads items from CSV with a header line (RFC 4180).
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

    /// The rows, and a problem for each row that cannot be read.
    public static func read(_ bytes: [UInt8]) throws -> (rows: [ItemRow], problems: [String]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard String(validating: body, as: UTF8.self) != nil else { throw ItemCSVError.notUTF8 }
        let records = csvRecords(body).filter { !$0.isBlank }
        guard let header = records.first else { throw ItemCSVError.noNameColumn(found: []) }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func indices(_ key: String) -> [Int] {
            columns[key]!.flatMap { alias in names.indices.filter { names[$0] == alias } }
        }
        guard let nameColumn = indices("name").first else { throw ItemCSVError.noNameColumn(found: names.filter { !$0.isEmpty }) }
        var rows: [ItemRow] = []
        var problems: [String] = []
        for record in records.dropFirst() {
            let position = "line \(record.line)"
            if record.unterminated { problems.append("\(position): a quoted field is not closed before the end of the file"); continue }
            guard record.fields.count == names.count else {
                problems.append("\(position): \(record.fields.count) fields, but the header has \(names.count)")
                continue
            }
            func value(_ key: String) -> String? {
                let parts = indices(key).map { record.fields[$0].trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
            }
            rows.append(ItemRow(name: record.fields[nameColumn], tracker: value("tracker"), photo: value("photo"),
                                notes: value("notes"), position: position))
        }
        return (rows, problems)
    }
}

/// Why an item CSV file cannot be read at all.
public enum ItemCSVError: Error, Equatable, CustomStringConvertible {
    case notUTF8
    case noNameColumn(found: [String])

    public var description: String {
        switch self {
        case .notUTF8: return "the file is not UTF-8 text: save it as CSV (UTF-8)"
        case .noNameColumn(let found):
            return "the file has no name column" + (found.isEmpty ? "" : " (its columns: \(found.joined(separator: ", ")))")
                + ": the header needs name, and may have tracker, photo and notes"
        }
    }
}

extension ItemCSVError: UserFacingError {}
