import TroveJSON
import TroveSchema

/// Append-only logs: `logs/<collection>/<key>/<yyyy-mm>.jsonl`, one compact JSON object per line, sorted by `id`.
enum LogFile {
    /// The log type of `path`, or `nil` if it is not a log file.
    static func type(of path: String, formats: FormatCatalog) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "logs", parts[3].hasSuffix(".jsonl"),
              let format = formats.format(forCollection: String(parts[1])), format.isLog
        else { return nil }
        return format.type
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
}
