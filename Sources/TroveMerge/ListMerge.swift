import TroveJSON

/// The identity of an element of a `list` array.
///
/// An object with an `id` is known by its id; any other element by its whole value. The
/// `occurrence` tells apart elements that share an identity within one array, so none is dropped.
struct ListKey: Hashable {
    /// A kind marker byte followed by the canonical bytes of the id (or of the element).
    var identity: [UInt8]
    /// 0 for the first element with this identity in its array, 1 for the second, and so on.
    var occurrence: Int

    /// The element keys of an array, in order.
    static func keyed(_ elements: [JSONValue]) -> [(key: ListKey, element: JSONValue)] {
        var seen: [[UInt8]: Int] = [:]
        return elements.map { element in
            let identity: [UInt8]
            if case .object(let members) = element, let id = members["id"] {
                identity = [1] + Canon.bytes(id)
            } else {
                identity = [0] + Canon.bytes(element)
            }
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            return (ListKey(identity: identity, occurrence: occurrence), element)
        }
    }
}

extension Merger {
    /// How an element of a `list` is merged when both sides edited it: as an object, each field by `lww`.
    static let listElementStrategy = MergeStrategy.object(fields: [:], otherFields: .lww)

    /// Merges an ordered array of objects with `id`s (the `list` strategy).
    ///
    /// Membership is three-way per element: an element removed on one side and unchanged on the other
    /// is removed, one added on either side is kept, one edited on both sides is merged field by field,
    /// and one removed on one side but edited on the other is decided by `lww` with a note.
    ///
    /// Order: the winning side's order (larger clock; on a tie, larger canonical bytes of the array),
    /// with each element that only the other side has placed right after its nearest predecessor in
    /// the other side that is already placed, or at the front when it has none.
    mutating func mergeList(base: [JSONValue], ours: [JSONValue], theirs: [JSONValue], at path: String) -> [JSONValue] {
        let baseKeyed = ListKey.keyed(base)
        let oursKeyed = ListKey.keyed(ours)
        let theirsKeyed = ListKey.keyed(theirs)
        let baseByKey = Dictionary(uniqueKeysWithValues: baseKeyed.map { ($0.key, $0.element) })
        let oursByKey = Dictionary(uniqueKeysWithValues: oursKeyed.map { ($0.key, $0.element) })
        let theirsByKey = Dictionary(uniqueKeysWithValues: theirsKeyed.map { ($0.key, $0.element) })

        let oursFirst = oursWins(.array(ours), .array(theirs))
        let order = Self.interleave(
            winner: (oursFirst ? oursKeyed : theirsKeyed).map(\.key),
            other: (oursFirst ? theirsKeyed : oursKeyed).map(\.key)
        )

        var result: [JSONValue] = []
        for key in order {
            let elementPath = FieldPath.appending(path, Self.pathToken(of: oursByKey[key] ?? theirsByKey[key]))
            if let merged = merge(baseByKey[key], oursByKey[key], theirsByKey[key],
                                  strategy: Self.listElementStrategy, at: elementPath) {
                result.append(merged)
            }
        }
        return result
    }

    /// The winner's keys in order, with the other side's missing keys inserted after their predecessors.
    static func interleave(winner: [ListKey], other: [ListKey]) -> [ListKey] {
        var order = winner
        var placed = Set(winner)
        var cursor = 0
        for key in other {
            if placed.contains(key) {
                if let position = order.firstIndex(of: key) { cursor = position + 1 }
            } else {
                order.insert(key, at: cursor)
                placed.insert(key)
                cursor += 1
            }
        }
        return order
    }

    /// The path token of a list element: its `id` when that is a string, else its compact encoding.
    static func pathToken(of element: JSONValue?) -> String {
        if let id = element?["id"] {
            return id.stringValue ?? CanonicalJSON.compact(id)
        }
        return element.map(CanonicalJSON.compact) ?? ""
    }
}
