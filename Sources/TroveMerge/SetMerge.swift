import TroveJSON

/// The `set` strategy: unordered arrays merged as sets of values.
enum SetMerge {
    /// Base plus additions from both sides minus removals from both, distinct and sorted by canonical bytes.
    ///
    /// An element is kept when both sides have it, or when one side has it and the base does not
    /// (an addition). An element of the base missing from either side was removed.
    static func merge(base: [JSONValue], ours: [JSONValue], theirs: [JSONValue]) -> [JSONValue] {
        let baseKeys = Set(base.map { Canon.bytes($0) })
        let oursByKey = index(ours)
        let theirsByKey = index(theirs)
        var kept: [[UInt8]: JSONValue] = [:]
        for (key, value) in oursByKey where theirsByKey[key] != nil || !baseKeys.contains(key) {
            kept[key] = value
        }
        for (key, value) in theirsByKey where !baseKeys.contains(key) {
            kept[key] = value
        }
        return kept.keys.sorted(by: Canon.less).map { kept[$0]! }
    }

    private static func index(_ values: [JSONValue]) -> [[UInt8]: JSONValue] {
        var byKey: [[UInt8]: JSONValue] = [:]
        for value in values { byKey[Canon.bytes(value)] = value }
        return byKey
    }
}
