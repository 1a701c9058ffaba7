import TroveGit
import TroveJSON
import TroveSchema

extension Store {
    /// The log files of `type` kept under `key` at HEAD, oldest month first.
    public func logFiles(type: String, key: String) throws -> [String] {
        guard let format = formats.format(for: type), format.isLog else { throw StoreError.unknownType(type, known: formats.types) }
        let folder = "\(LogFile.folder)/\(format.collection)/\(key)"
        guard let tree = try headTree(), let entry = tree.entry(atPath: folder), entry.kind == .tree else { return [] }
        return try repository.tree(entry.id).entries.filter { $0.kind == .blob && $0.name.hasSuffix(".jsonl") }
            .map { "\(folder)/\($0.name)" }.sorted()
    }

    /// Every entry of the log file at `path` at HEAD, one per id, sorted by id.
    public func logEntries(path: String) throws -> [JSONValue] {
        guard let tree = try headTree(), let entry = tree.entry(atPath: path) else { return [] }
        let bytes = try repository.blob(entry.id)
        var byID: [String: JSONValue] = [:]
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                let value = try JSONValue(parsing: Array(line))
                if let id = value["id"]?.stringValue, byID[id] == nil { byID[id] = value }
            } catch {
                throw StoreError.invalidJSON(source: "\(path) line \(number + 1)", error: error)
            }
        }
        return byID.keys.sorted().map { byID[$0]! }
    }

    /// The newest entry in `key`'s log of `type` by its time member (then id), or `nil` when the log is empty.
    ///
    /// Only the newest month's file is read, and only the winning line is parsed: the others
    /// are compared by a byte search for their time, so this stays fast on a long log.
    public func latestLogEntry(type: String, key: String) throws -> JSONValue? {
        guard let format = formats.format(for: type), format.isLog else { throw StoreError.unknownType(type, known: formats.types) }
        guard let timeField = format.logTimeField, let tree = try headTree() else { return nil }
        for path in try logFiles(type: type, key: key).reversed() {
            guard let entry = tree.entry(atPath: path) else { continue }
            let bytes = try repository.blob(entry.id)
            if let canonical = LogFile.newestCanonicalLine(in: bytes, timeField: timeField) {
                if let line = canonical { return try JSONValue(parsing: Array(line)) }
                continue
            }
            var best: (time: Substring, id: String, line: ArraySlice<UInt8>)?
            for line in bytes.split(separator: 0x0A) where !line.isEmpty {
                let time: Substring
                let id: String
                if let found = LogFile.stringMember(timeField, in: line), let foundID = LogFile.stringMember("id", in: line) {
                    time = found
                    id = String(foundID)
                } else if let value = try? JSONValue(parsing: Array(line)), let found = value[timeField]?.stringValue {
                    time = Substring(found)
                    id = value["id"]?.stringValue ?? ""
                } else {
                    continue
                }
                if best.map({ ($0.time, $0.id) < (time, id) }) ?? true { best = (time, id, line) }
            }
            if let best { return try JSONValue(parsing: Array(best.line)) }
        }
        return nil
    }
}
