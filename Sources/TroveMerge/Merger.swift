import TroveJSON

/// The state of one record merge: both sides' clocks, and the notes and corruption found so far.
///
/// Every decision that prefers one side asks `oursWins`, which looks at the clocks and then at the
/// values' canonical bytes, never at which argument was "ours"; that is what makes the merge symmetric.
struct Merger {
    /// The record clock of our side (`""` when it has none).
    let oursClock: String
    /// The record clock of their side (`""` when it has none).
    let theirsClock: String
    /// Conflict notes created so far, in traversal order.
    var conflicts: [MergeConflict] = []
    /// Corruption messages found so far.
    var corruption: [String] = []

    init(oursClock: String, theirsClock: String) {
        self.oursClock = oursClock
        self.theirsClock = theirsClock
    }

    /// Whether our side wins a contest between two different values.
    ///
    /// The larger clock wins; with equal clocks, the value with the larger canonical bytes wins
    /// (a present value beats an absent one).
    func oursWins(_ ours: JSONValue?, _ theirs: JSONValue?) -> Bool {
        if oursClock.utf8.elementsEqual(theirsClock.utf8) {
            return Canon.less(Canon.bytes(theirs), Canon.bytes(ours))
        }
        return Clock.precedes(theirsClock, oursClock)
    }

    /// Merges one field, `nil` meaning absent, by its strategy. Returns `nil` when the field is absent.
    mutating func merge(
        _ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?,
        strategy: MergeStrategy, at path: String
    ) -> JSONValue? {
        if Canon.same(ours, theirs) { return ours }
        if case .immutable = strategy { return immutable(ours, theirs, at: path) }
        if Canon.same(base, ours) { return theirs }
        if Canon.same(base, theirs) { return ours }
        // Both sides changed the field, to different values.
        switch strategy {
        case .lww, .immutable:
            break
        case .set:
            if let ours = ours?.arrayValue, let theirs = theirs?.arrayValue {
                return .array(SetMerge.merge(base: base?.arrayValue ?? [], ours: ours, theirs: theirs))
            }
        case .list:
            if let ours = ours?.arrayValue, let theirs = theirs?.arrayValue {
                return .array(mergeList(base: base?.arrayValue ?? [], ours: ours, theirs: theirs, at: path))
            }
        case .text:
            if let ours = ours?.stringValue, let theirs = theirs?.stringValue {
                if let merged = TextMerge.merge(base: base?.stringValue ?? "", ours: ours, theirs: theirs) {
                    return .string(merged)
                }
            }
        case .object:
            if let ours = ours?.objectValue, let theirs = theirs?.objectValue {
                let merged = mergeObject(base: base?.objectValue ?? [:], ours: ours, theirs: theirs,
                                         strategy: strategy, at: path)
                return .object(merged)
            }
        }
        return lastWriterWins(ours, theirs, at: path)
    }

    /// Merges two objects key by key, each key by `strategy.field(key)`; absent keys merge as absence.
    mutating func mergeObject(
        base: [String: JSONValue], ours: [String: JSONValue], theirs: [String: JSONValue],
        strategy: MergeStrategy, at path: String, skipping skipped: Set<String> = []
    ) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for key in Canon.unionKeys(base, ours, theirs) where !skipped.contains(key) {
            let merged = merge(base[key], ours[key], theirs[key],
                               strategy: strategy.field(key), at: FieldPath.appending(path, key))
            if let merged { result[key] = merged }
        }
        return result
    }

    /// Keeps the winner of two different values and notes the loser as a conflict.
    mutating func lastWriterWins(_ ours: JSONValue?, _ theirs: JSONValue?, at path: String) -> JSONValue? {
        let oursWon = oursWins(ours, theirs)
        let loser = oursWon ? theirs : ours
        let loserClock = oursWon ? theirsClock : oursClock
        conflicts.append(MergeConflict(field: path, value: loser ?? .null, clock: loserClock,
                                       peer: Clock.peer(of: loserClock)))
        return oursWon ? ours : theirs
    }

    /// Reports an immutable field that differs and keeps one value without guessing by clock.
    ///
    /// A present value is kept over an absent one; of two present values, the canonically smaller.
    mutating func immutable(_ ours: JSONValue?, _ theirs: JSONValue?, at path: String) -> JSONValue? {
        let descriptions = [ours, theirs].map { $0.map(CanonicalJSON.compact) ?? "(absent)" }.sorted(by: Canon.less)
        let name = path.isEmpty ? "the document" : "field \(path)"
        corruption.append("\(name) is immutable but differs between the two sides: \(descriptions[0]) vs \(descriptions[1])")
        guard let ours else { return theirs }
        guard let theirs else { return ours }
        return Canon.less(Canon.bytes(theirs), Canon.bytes(ours)) ? theirs : ours
    }
}
