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
    /// Only the newest month's file is read, by one byte search, and its answer is remembered
    /// by blob id (`LogLatestCache`), so asking again is a lookup until the file changes.
    public func latestLogEntry(type: String, key: String) throws -> JSONValue? {
        guard let format = formats.format(for: type), format.isLog else { throw StoreError.unknownType(type, known: formats.types) }
        guard let timeField = format.logTimeField, let tree = try headTree() else { return nil }
        let cache = LogLatestCache(local: local)
        let files = try logFiles(type: type, key: key).compactMap { tree.entry(atPath: $0)?.id }
        for blob in files.reversed() {
            if let line = cache.line(for: blob), let value = try? JSONValue(parsing: line) { return value }
            guard let line = try newestLine(in: repository.blob(blob), timeField: timeField) else { continue }
            cache.remember(Array(line), for: blob)
            return try JSONValue(parsing: Array(line))
        }
        return nil
    }

    /// The newest line of one log file: by one byte search when every line is canonical, else line by line.
    private func newestLine(in bytes: [UInt8], timeField: String) -> ArraySlice<UInt8>? {
        if let canonical = LogFile.newestCanonicalLine(in: bytes, timeField: timeField) { return canonical }
        var best: (time: String, id: String, line: ArraySlice<UInt8>)?
        for line in bytes.split(separator: 0x0A) where !line.isEmpty {
            guard let value = try? JSONValue(parsing: Array(line)), let time = value[timeField]?.stringValue else { continue }
            let id = value["id"]?.stringValue ?? ""
            if best.map({ ($0.time, $0.id) < (time, id) }) ?? true { best = (time, id, line) }
        }
        return best?.line
    }
}
