import Foundation

/// Reads business points from CSV with a header line (RFC 4180).
///
/// The header names the columns, in any order: `time`, `lat`, `lon` and `kind` are
/// required, `dog` and `note` optional, anything else ignored. Quoted fields may hold
/// commas, doubled quotes and line breaks; CRLF or LF endings, a leading BOM and blank
/// lines are all accepted, since spreadsheets differ in each.
public enum BusinessCSVReader {
    /// The documented header, as a spreadsheet user would type it.
    public static let header = ["time", "lat", "lon", "kind", "dog"]

    /// Columns a row cannot do without.
    private static let required = ["time", "lat", "lon", "kind"]

    /// The points of a CSV file.
    public static func read(_ bytes: [UInt8]) throws -> PointFile {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if String(validating: body, as: UTF8.self) == nil {
            throw PointFileError.notUTF8(line: firstBadLine(body))
        }
        let records = csvRecords(body).filter { !$0.isBlank }
        guard let headerRecord = records.first else {
            throw PointFileError.missingColumns(required, found: [])
        }
        let names = headerRecord.fields.map { PointFormat.trimmed($0).lowercased() }
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

        var file = PointFile()
        for record in records.dropFirst() {
            let position = "line \(record.line)"
            if record.unterminated {
                file.problems.append("\(position): a quoted field is not closed before the end of the file")
                continue
            }
            guard record.fields.count == names.count else {
                file.problems.append("\(position): \(record.fields.count) fields, but the header has \(names.count)")
                continue
            }
            switch point(record.fields, columns: columns, position: position) {
            case .success(let point): file.points.append(point)
            case .failure(let issues): file.problems.append("\(position): \(issues.texts.joined(separator: "; "))")
            }
        }
        return file
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

    /// The 1-based line of the first byte that is not UTF-8, for the error message.
    static func firstBadLine(_ bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
