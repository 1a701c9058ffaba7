import TroveJSON
import TroveTestSupport
import TroveMerge

/// The strategy of a journal entry, as the schemas are expected to declare it.
let entryStrategy = MergeStrategy.object(
    fields: [
        "id": .immutable, "type": .immutable, "createdAt": .immutable,
        "text": .text, "tags": .set, "photos": .list,
        "title": .lww, "starred": .lww,
        "location": .object(fields: [:], otherFields: .lww),
    ],
    otherFields: .lww
)

let clockA = "2026-11-22T10:15:30.123Z/0003/peerA"
let clockB = "2026-11-22T10:16:00.000Z/0000/peerB"  // later than clockA

/// Parses JSON written in a test; the tests only pass valid JSON.
func json(_ text: String) -> JSONValue {
    do { return try JSONValue(parsing: text) } catch { fatalError("bad test JSON: \(error)\n\(text)") }
}

/// The canonical text of a value.
func canonical(_ value: JSONValue) -> String { CanonicalJSON.string(value) }

/// Merges both ways round and returns the first result after checking the second has the same bytes.
func mergeBothWays(_ base: JSONValue?, _ ours: JSONValue, _ theirs: JSONValue,
                   strategy: MergeStrategy = entryStrategy) -> (MergeResult, symmetric: Bool) {
    let forward = RecordMerge.merge(base: base, ours: ours, theirs: theirs, strategy: strategy)
    let backward = RecordMerge.merge(base: base, ours: theirs, theirs: ours, strategy: strategy)
    let symmetric = CanonicalJSON.encode(forward.value) == CanonicalJSON.encode(backward.value)
        && forward.conflicts == backward.conflicts && forward.corruption == backward.corruption
    return (forward, symmetric)
}

/// The conflict notes stored in a merged record.
func notes(_ record: JSONValue) -> [MergeConflict] {
    (record["conflicts"]?.arrayValue ?? []).compactMap(MergeConflict.init(json:))
}

/// Looks up a conflict-note path as the merge writes it: member names joined by `/`, with array
/// elements found by `id` (or by position when no element has that id). `nil` means absent.
func lookup(_ path: String, in value: JSONValue?) -> JSONValue? {
    guard !path.isEmpty else { return value }
    var current = value
    for rawToken in path.split(separator: "/", omittingEmptySubsequences: false) {
        let token = rawToken.replacingTildes()
        switch current {
        case .object(let members)?:
            current = members[token]
        case .array(let elements)?:
            if let element = elements.first(where: { $0["id"]?.stringValue == token }) {
                current = element
            } else if let index = Int(token), elements.indices.contains(index) {
                current = elements[index]
            } else {
                current = nil
            }
        default:
            current = nil
        }
    }
    return current
}

extension Substring {
    fileprivate func replacingTildes() -> String {
        var result = ""
        var iterator = makeIterator()
        while let character = iterator.next() {
            if character == "~", let next = iterator.next() {
                result.append(next == "1" ? "/" : next == "0" ? "~" : next)
            } else {
                result.append(character)
            }
        }
        return result
    }
}

