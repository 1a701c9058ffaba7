import TroveJSON
import TroveSchema

/// A log entry that passed its schema, encoded as its canonical line, with the file it goes to.
///
/// Only `LogEntryChecker` makes one, so a transaction can take these without checking again.
public struct CheckedLogEntry: Sendable {
    let path: String
    let id: String
    /// The compact canonical line, ending in a newline.
    let line: [UInt8]
}

/// Checks and encodes log entries of one type; safe to use from several threads at once, so a
/// caller can do it in the same parallel pass that reads its input.
public struct LogEntryChecker: Sendable {
    let type: String
    let format: RecordFormat

    /// The entry as it will be stored, or why the store refuses it.
    public func check(_ entry: JSONValue) -> Result<CheckedLogEntry, StoreError> {
        let value = entry.canonicalized()
        let violations = format.validate(value)
        guard violations.isEmpty, let id = value["id"]?.stringValue, let path = LogFile.path(of: value, format: format) else {
            let name = value["id"]?.stringValue ?? CanonicalJSON.compact(value).prefix(80).description
            return .failure(StoreError.invalidRecord(source: "\(type) \(name)", violations: violations))
        }
        return .success(CheckedLogEntry(path: path, id: id, line: CanonicalJSON.compactLine(value)))
    }
}

extension Store {
    /// The checker for entries of the log type `type`.
    public func logEntryChecker(type: String) throws -> LogEntryChecker {
        guard let format = formats.format(for: type), format.isLog else {
            throw StoreError.unknownType(type, known: formats.types.filter { formats.format(for: $0)?.isLog == true })
        }
        return LogEntryChecker(type: type, format: format)
    }
}
