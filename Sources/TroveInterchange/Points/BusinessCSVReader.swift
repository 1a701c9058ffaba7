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
    private static func firstBadLine(_ bytes: ArraySlice<UInt8>) -> Int {
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

/// One CSV record: its fields and the line it starts on.
private struct CSVRecord {
    var fields: [String]
    /// 1-based physical line where the record starts (a quoted field may span lines).
    var line: Int
    /// True when the file ended inside a quoted field.
    var unterminated = false

    /// An empty or all-space line, skipped rather than reported.
    var isBlank: Bool { fields.count == 1 && fields[0].allSatisfy { $0 == " " || $0 == "\t" } }
}

/// Splits RFC 4180 text into records, byte by byte (the delimiters are all ASCII, so
/// UTF-8 inside fields passes through untouched).
private func csvRecords(_ bytes: ArraySlice<UInt8>) -> [CSVRecord] {
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var recordLine = 1
    var inQuotes = false
    var index = bytes.startIndex

    func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
    }
    func endRecord() {
        endField()
        records.append(CSVRecord(fields: fields, line: recordLine))
        fields.removeAll()
    }

    while index < bytes.endIndex {
        let byte = bytes[index]
        index += 1
        if inQuotes {
            if byte == quote {
                // A doubled quote is a literal quote; a single one ends the quoted part.
                if index < bytes.endIndex, bytes[index] == quote {
                    field.append(quote)
                    index += 1
                } else {
                    inQuotes = false
                }
            } else {
                if byte == lf { line += 1 }
                field.append(byte)
            }
            continue
        }
        switch byte {
        case quote where field.allSatisfy({ $0 == 0x20 || $0 == 0x09 }):
            // Spaces before an opening quote are dropped, as most spreadsheets do.
            field.removeAll(keepingCapacity: true)
            inQuotes = true
        case comma:
            endField()
        case cr, lf:
            if byte == cr, index < bytes.endIndex, bytes[index] == lf { index += 1 }
            endRecord()
            line += 1
            recordLine = line
        default:
            field.append(byte)
        }
    }
    if inQuotes {
        endRecord()
        records[records.count - 1].unterminated = true
    } else if !field.isEmpty || !fields.isEmpty {
        endRecord()
    }
    return records
}
