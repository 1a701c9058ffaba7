/// Why a whole GPX, GeoJSON or CSV file of business points could not be read.
///
/// A single bad point is not an error: it becomes a line in `PointFile.problems`
/// and the other points are still read.
public enum PointFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is empty or not well-formed XML; `line`/`column` are 1-based (0 when unknown).
    case notXML(line: Int, column: Int, reason: String)
    /// The file is XML, but its root element is not `<gpx>`.
    case notGPX(root: String)
    /// The file is not JSON; `reason` names the line and column.
    case notJSON(String)
    /// The file is JSON but not GeoJSON; `found` says what it is instead.
    case notGeoJSON(found: String)
    /// The file is not UTF-8 text: the first bad byte, its 1-based line and its 0-based offset in the file.
    case notUTF8(line: Int, offset: Int, byte: UInt8)
    /// A CSV header lacks required columns.
    case missingColumns([String], found: [String])
    /// A CSV header names a column twice, so it is unclear which to read.
    case duplicateColumns([String])
    /// A `--as` value that is neither pee nor poo.
    case invalidKind(String)
    /// The file could not be read (the system's reason).
    case unreadable(String)
    /// The file read differently the second time, while its points were being written.
    case changedWhileReading

    public var description: String {
        switch self {
        case .notXML(let line, let column, let reason):
            let place = line > 0 ? " at line \(line), column \(column)" : ""
            return "not a GPX file: not XML\(place): \(reason)"
        case .notGPX(let root):
            return "not a GPX file: the root element is <\(root)>, not <gpx>"
        case .notJSON(let reason):
            return "not a GeoJSON file: not JSON: \(reason)"
        case .notGeoJSON(let found):
            return "not a GeoJSON file: found \(found); expected a FeatureCollection, a Feature or a Point"
        case .notUTF8(let line, let offset, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "not UTF-8 text: byte 0x\(hex.count == 1 ? "0" + hex : hex) on line \(line) (offset \(offset)) is not UTF-8; "
                + "save the file as UTF-8"
        case .missingColumns(let missing, let found):
            let what = missing.count == 1 ? "column" : "columns"
            let seen = found.isEmpty ? "no header" : "found: \(found.joined(separator: ", "))"
            return "missing \(what) \(missing.joined(separator: ", ")) (\(seen)); "
                + "the first line must be a header like \(BusinessCSVReader.header.joined(separator: ","))"
        case .duplicateColumns(let names):
            return "the header names \(names.joined(separator: ", ")) more than once"
        case .invalidKind(let kind):
            return "kind \"\(kind)\" must be pee or poo"
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .changedWhileReading:
            return "it changed while it was being imported; try again once it is written"
        }
    }
}
