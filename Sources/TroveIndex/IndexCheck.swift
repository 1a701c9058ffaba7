import GRDB
import TroveStore

/// A difference between the index and the records it should reflect.
public struct IndexDifference: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable { case missing, stale, extra, damaged }
    public var kind: Kind
    /// The record id, or the index file for damage.
    public var subject: String

    public var description: String {
        switch kind {
        case .missing: return "record \(subject) is missing from the index"
        case .stale: return "record \(subject) is out of date in the index"
        case .extra: return "record \(subject) is in the index but not in the store"
        case .damaged: return "the index file is damaged: \(subject)"
        }
    }
}

extension RecordIndex {
    /// Every difference between the index and HEAD's records, after catching up; empty when they agree.
    ///
    /// Record files that do not parse are not indexed on purpose (`trove check` names them), so they are not differences.
    public func differences() throws -> [IndexDifference] {
        let integrity: [String]
        do {
            integrity = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch let error as DatabaseError where Self.isDamage(error) {
            // A page so damaged that SQLite cannot even walk it fails the check itself: that is damage too.
            integrity = [error.message ?? "\(error.resultCode)"]
        }
        if integrity != ["ok"] {
            return integrity.prefix(5).map { IndexDifference(kind: .damaged, subject: $0) }
        }
        try catchUp()
        guard let head = try store.headHex() else { return [] }
        let expected = try store.recordBlobs(at: head)
        let indexed = try read { db in
            try Row.fetchAll(db, sql: "SELECT id, blob FROM records").reduce(into: [String: String]()) { $0[$1[0]] = $1[1] }
        }
        var differences: [IndexDifference] = []
        for (id, blob) in expected.sorted(by: { $0.key < $1.key }) {
            switch indexed[id] {
            case nil where RecordReader.record(blob, in: store) != nil: differences.append(IndexDifference(kind: .missing, subject: id))
            case let other? where other != blob: differences.append(IndexDifference(kind: .stale, subject: id))
            default: break
            }
        }
        for id in indexed.keys.sorted() where expected[id] == nil {
            differences.append(IndexDifference(kind: .extra, subject: id))
        }
        return differences
    }
}
