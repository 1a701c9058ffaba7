import Foundation

/// Reads business points from CSV with a header line (RFC 4180).
///
/// The header names the columns, in any order: `time`, `lat`, `lon` and `kind` are
/// required, `dog` and `note` optional, anything else ignored. Quoted fields may hold
/// commas, doubled quotes and line breaks; CRLF or LF endings, a leading BOM and blank
/// lines are all accepted, since spreadsheets differ in each.
public struct BusinessCSVReader: Sendable {
    public init() {}

    /// The documented header, as a spreadsheet user would type it.
    public static let header = ["time", "lat", "lon", "kind", "dog"]

    /// Columns a row cannot do without.
    private static let required = ["time", "lat", "lon", "kind"]

    /// The points of CSV text held in memory (standard input).
    public static func read(_ bytes: [UInt8]) throws -> PointFile {
        var file = PointFile()
        try read(.bytes(bytes), point: { file.points.append($0) }, problem: { file.problems.append($0) })
        return file
    }

    /// Reads the header of `source`, then hands each row's point, or the problem that leaves it out, over in order.
    /// Throws `PointFileError` when the text is not UTF-8, cannot be read, or has no usable header.
    static func read(_ source: CSVPieces.Source, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws {
        var header: (names: [String], columns: [String: Int])?
        do {
            try CSVPieces.forEachRecord(in: source) { record in
                if record.isBlank { return }
                guard let header else {
                    header = try Self.header(record)
                    return
                }
                let position = "line \(record.line)"
                if record.unterminated {
                    try problem("\(position): a quoted field is not closed before the end of the file")
                    return
                }
                guard record.fields.count == header.names.count else {
                    try problem("\(position): \(record.fields.count) fields, but the header has \(header.names.count)")
                    return
                }
                switch Self.point(record.fields, columns: header.columns, position: position) {
                case .success(let read): try point(read)
                case .failure(let issues): try problem("\(position): \(issues.texts.joined(separator: "; "))")
                }
            }
        } catch CSVPieces.Failure.notUTF8(let bad) {
            throw PointFileError.notUTF8(line: bad.line, offset: bad.offset, byte: bad.value)
        } catch CSVPieces.Failure.unreadable(let reason) {
            throw PointFileError.unreadable(reason)
        }
        guard header != nil else { throw PointFileError.missingColumns(required, found: []) }
    }

    /// The header's column names, and where each one the reader uses is; throws when one it needs is missing or twice.
    private static func header(_ record: CSVRecord) throws -> (names: [String], columns: [String: Int]) {
        let names = record.fields.map { PointFormat.trimmed($0).lowercased() }
        var columns: [String: Int] = [:]
        var repeated: [String] = []
        for (index, name) in names.enumerated() where !name.isEmpty {
            if columns[name] != nil {
                if !repeated.contains(name) { repeated.append(name) }
            } else {
                columns[name] = index
            }
        }
        let missing = required.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw PointFileError.missingColumns(missing, found: names.filter { !$0.isEmpty })
        }
        let wanted = required + ["dog", "note"]
        let clashes = repeated.filter { wanted.contains($0) }
        guard clashes.isEmpty else { throw PointFileError.duplicateColumns(clashes) }
        return (names, columns)
    }

    /// What is wrong with one row, already worded.
    private struct Issues: Error { var texts: [String] }

    private static func point(_ fields: [String], columns: [String: Int], position: String) -> Result<BusinessPoint, Issues> {
        func field(_ name: String) -> String {
            columns[name].map { PointFormat.trimmed(fields[$0]) } ?? ""
        }
        var issues: [String] = []
        func coordinate(_ name: String) -> Double {
            let text = field(name)
            if text.isEmpty {
                issues.append("\(name) is empty")
            } else if let value = PointFormat.number(text) {
                return value
            } else {
                issues.append("\(name) \"\(text)\" is not a number")
            }
            return 0
        }
        let latitude = coordinate("lat")
        let longitude = coordinate("lon")
        if issues.isEmpty { issues += PointFormat.rangeProblems(latitude: latitude, longitude: longitude) }

        let kindText = field("kind")
        let kind = kindText.lowercased()
        if kindText.isEmpty {
            issues.append("kind is empty (must be pee or poo)")
        } else if !PointFormat.kinds.contains(kind) {
            issues.append("kind \"\(kindText)\" must be pee or poo")
        }

        var time: Date?
        let timeText = field("time")
        if !timeText.isEmpty {
            time = PointFormat.parseTime(timeText)
            if time == nil { issues.append(PointFormat.badTime(timeText)) }
        }
        guard issues.isEmpty else { return .failure(Issues(texts: issues)) }
        return .success(BusinessPoint(
            latitude: latitude, longitude: longitude, kind: kind, time: time,
            dog: PointFormat.nonEmpty(field("dog")), note: PointFormat.nonEmpty(field("note")), position: position))
    }
}

/// A CSV file of points on disk, read a piece at a time (`CSVPieces`): a file of a million rows is imported in the
/// memory of one piece and one point.
public typealias BusinessCSVFile = StreamedPointFile<BusinessCSVReader>

extension StreamedPointFile where Format == BusinessCSVReader {
    public init(path: String) throws { try self.init(path: path, format: BusinessCSVReader()) }
}

extension BusinessCSVReader: PointFileFormat {
    public func read(path: String, point: (BusinessPoint) throws -> Void, problem: (String) throws -> Void) throws -> PointFileSummary {
        try Self.read(.file(path), point: point, problem: problem)
        return PointFileSummary()
    }
}
