import TroveJSON
import TroveSchema

/// Append-only logs: `logs/<collection>/<key>/<yyyy-mm>.jsonl`, one compact JSON object per line, sorted by `id`.
enum LogFile {
    /// The folder holding every log.
    static let folder = "logs"

    /// The log type of `path`, or `nil` if it is not a log file.
    static func type(of path: String, formats: FormatCatalog) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "logs", parts[3].hasSuffix(".jsonl"),
              let format = formats.format(forCollection: String(parts[1])), format.isLog
        else { return nil }
        return format.type
    }

    /// The file an entry of `format` belongs to: its key's folder and its time's UTC month.
    static func path(of entry: JSONValue, format: RecordFormat) -> String? {
        guard let keyField = format.logKey, let timeField = format.logTimeField,
              let key = entry[keyField]?.stringValue, let time = entry[timeField]?.stringValue, time.utf8.count >= 7
        else { return nil }
        return "\(folder)/\(format.collection)/\(key)/\(time.prefix(7)).jsonl"
    }

    /// The canonical text of a log: every line parsed and validated, one per `id`, sorted by `id`.
    static func canonical(_ bytes: [UInt8], type: String, path: String, formats: FormatCatalog) throws -> [UInt8] {
        guard let format = formats.format(for: type) else { throw StoreError.unknownType(type, known: formats.types) }
        var byID: [String: String] = [:]
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != 0x20 && $0 != 0x0D }) {
            let source = "\(path) line \(number + 1)"
            let value: JSONValue
            do { value = try JSONValue(parsing: Array(line)) } catch { throw StoreError.invalidJSON(source: source, error: error) }
            let violations = format.validate(value)
            guard violations.isEmpty else { throw StoreError.invalidRecord(source: source, violations: violations) }
            guard let id = value["id"]?.stringValue else {
                throw StoreError.notARecord(path: source, reason: "a log line needs an \"id\"")
            }
            byID[id] = CanonicalJSON.compact(value)
        }
        return Array(byID.keys.sorted().map { byID[$0]! + "\n" }.joined().utf8)
    }

    /// The string value of `member` in one compact log line, found without parsing the line.
    ///
    /// Lines Trove writes are canonical (`"name":"value"`, no spaces), so a byte search finds it;
    /// a line in another shape gives `nil`, and the caller parses it instead.
    static func stringMember(_ member: String, in line: ArraySlice<UInt8>) -> Substring? {
        let needle = Array("\"\(member)\":\"".utf8)
        guard line.count > needle.count else { return nil }
        var index = line.startIndex
        let last = line.endIndex - needle.count
        while index <= last {
            if line[index] == needle[0], line[index..<index + needle.count].elementsEqual(needle) {
                // The member must start an object member: right after `{` or `,`.
                if index > line.startIndex, line[index - 1] != UInt8(ascii: "{") && line[index - 1] != UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                let start = index + needle.count
                guard let end = line[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                let value = line[start..<end]
                if value.contains(UInt8(ascii: "\\")) { return nil }
                return Substring(String(decoding: value, as: UTF8.self))
            }
            index += 1
        }
        return nil
    }

    /// A line's `id`: by byte search when the line is canonical, else by parsing it.
    static func id(of line: ArraySlice<UInt8>) -> String? {
        if let id = stringMember("id", in: line) { return String(id) }
        return (try? JSONValue(parsing: Array(line)))?["id"]?.stringValue
    }
}
