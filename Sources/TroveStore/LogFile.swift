import Foundation
import TroveJSON
import TroveSchema

/// Append-only logs: `logs/<collection>/<key>/<yyyy-mm>.jsonl`, one compact JSON object per line, sorted by `id`.
enum LogFile {
    /// The folder holding every log.
    static let folder = "logs"

    /// The log type of `path`, or `nil` if it is not a log file.
    static func type(of path: String, formats: FormatCatalog) -> String? {
        guard path.utf8.starts(with: "logs/".utf8) else { return nil }  // most paths are records: no split for them
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

    /// The bytes of the string value that follows `needle` (`"name":"`) in `line`, when it starts a member.
    ///
    /// Lines Trove writes are canonical (`"name":"value"`, no spaces), so a byte search finds it;
    /// a line in another shape gives `nil`, and the caller parses it instead.
    static func memberValue(_ needle: [UInt8], in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard line.count > needle.count else { return nil }
        var index = line.startIndex
        let last = line.endIndex - needle.count
        while index <= last {
            if line[index] == needle[0], line[index..<index + needle.count].elementsEqual(needle) {
                // The member must start an object member: right after `{` or `,` (inside a string, a quote is escaped).
                if index > line.startIndex, line[index - 1] != UInt8(ascii: "{") && line[index - 1] != UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                let start = index + needle.count
                guard let end = line[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                let value = line[start..<end]
                return value.contains(UInt8(ascii: "\\")) ? nil : value
            }
            index += 1
        }
        return nil
    }

    private static let idNeedle = Array("\"id\":\"".utf8)

    /// A line's `id` as bytes: by byte search when the line is canonical, else by parsing it.
    static func idBytes(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        if let id = memberValue(idNeedle, in: line) { return id }
        return (try? JSONValue(parsing: Array(line)))?["id"]?.stringValue.map { Array($0.utf8)[...] }
    }

    /// A line's `id`: by byte search when the line is canonical, else by parsing it.
    static func id(of line: ArraySlice<UInt8>) -> String? {
        idBytes(of: line).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The line with the greatest `timeField` (then `id`), found by one byte search over the whole
    /// file; `nil` when some line does not have the canonical shape (the caller parses them then).
    static func newestCanonicalLine(in bytes: [UInt8], timeField: String) -> ArraySlice<UInt8>?? {
        let needle = Array("\"\(timeField)\":\"".utf8)
        let lines = lineCount(bytes)
        var best: (time: ArraySlice<UInt8>, at: Int)?
        var found = 0
        var position = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // memchr for each quote, then the rest of the needle: glibc's memmem is not imported.
            while position + needle.count <= buffer.count,
                  let hit = memchr(base + position, Int32(needle[0]), buffer.count - position - needle.count + 1) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                position = at + 1
                guard memcmp(base + at, needle, needle.count) == 0 else { continue }
                position = at + needle.count
                guard at == 0 || buffer[at - 1] == UInt8(ascii: "{") || buffer[at - 1] == UInt8(ascii: ",") else { continue }
                guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                found += 1
                let time = bytes[position..<end]
                if let current = best, !current.time.lexicographicallyPrecedes(time) {
                    // The same time: the greater id wins, as the slow path decides.
                    guard current.time.elementsEqual(time), let mine = idBytes(of: line(around: at, in: bytes)),
                          let theirs = idBytes(of: line(around: current.at, in: bytes)), theirs.lexicographicallyPrecedes(mine) else { continue }
                }
                best = (time, at)
            }
        }
        guard found == lines else { return nil }
        return .some(best.map { line(around: $0.at, in: bytes) })
    }

    /// How many non-empty lines `bytes` holds, counted with memchr.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0, start = 0
            while start < buffer.count {
                let end = memchr(base + start, 0x0A, buffer.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? buffer.count
                if end > start { count += 1 }
                start = end + 1
            }
            return count
        }
    }

    /// The line holding the byte at `index`.
    private static func line(around index: Int, in bytes: [UInt8]) -> ArraySlice<UInt8> {
        let start = bytes[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
        return bytes[start..<end]
    }
}
