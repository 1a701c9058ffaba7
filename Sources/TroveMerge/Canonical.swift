import TroveJSON

/// Value identity and order by canonical bytes, so that every peer compares values the same way.
///
/// Swift's `==` on `JSONValue` is not used for merging: it treats canonically equivalent strings
/// (`"é"` composed and decomposed) and `0.0`/`-0.0` as equal although their bytes differ, which
/// would let the two sides of a merge pick different bytes.
enum Canon {
    /// The compact canonical encoding of a value.
    static func bytes(_ value: JSONValue) -> [UInt8] {
        Array(CanonicalJSON.compact(value).utf8)
    }

    /// The compact canonical encoding of a value, or no bytes for an absent one.
    static func bytes(_ value: JSONValue?) -> [UInt8] {
        value.map { bytes($0) } ?? []
    }

    /// Whether two possibly absent values have the same canonical bytes.
    static func same(_ first: JSONValue?, _ second: JSONValue?) -> Bool {
        switch (first, second) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let first?, let second?): return bytes(first) == bytes(second)
        }
    }

    /// Whether `first` sorts before `second` by bytes.
    static func less(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.lexicographicallyPrecedes(second)
    }

    /// Whether string `first` sorts before `second` by UTF-8 bytes.
    static func less(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The keys of some objects, once each, in byte order.
    ///
    /// When two keys are equal to Swift but spelled with different bytes, the byte-smaller spelling
    /// is kept, whichever side it came from.
    static func unionKeys(_ objects: [String: JSONValue]...) -> [String] {
        let all = objects.flatMap(\.keys).sorted(by: less)
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }

    /// Distinct values sorted by canonical bytes.
    static func sortedUnique(_ values: [JSONValue]) -> [JSONValue] {
        var byBytes: [[UInt8]: JSONValue] = [:]
        for value in values { byBytes[bytes(value)] = value }
        return byBytes.keys.sorted(by: less).map { byBytes[$0]! }
    }
}

/// Building the `field` paths of conflict notes, as `Formats/README.md` specifies them.
///
/// Member names joined by `/` without a leading slash (`title`, `location/lat`). A `~` or `/`
/// inside a name is escaped as in JSON Pointer (`~0`, `~1`); schema member names never hold either.
enum FieldPath {
    /// `parent` extended by one member name (or list element id).
    static func appending(_ parent: String, _ token: String) -> String {
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return parent.isEmpty ? escaped : parent + "/" + escaped
    }
}

/// Reading hybrid logical clocks, `<time>/<counter>/<peer>` (`2026-11-22T10:15:30.123Z/0003/peer-a`).
enum Clock {
    /// The `clock` string of a record, or `""` when it has none.
    static func of(_ record: JSONValue?) -> String {
        record?["clock"]?.stringValue ?? ""
    }

    /// The peer named by a clock: the part after its last `/`, or `""` when there is no `/`.
    static func peer(of clock: String) -> String {
        guard let slash = clock.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(clock[clock.utf8.index(after: slash)...])
    }

    /// Whether clock `first` is earlier than `second`.
    ///
    /// Well-formed clocks compare by time (as text), then counter (as a number, so `10000` follows
    /// `9999`), then peer (by bytes). Anything else, and clocks equal by those rules but spelt
    /// differently, compare by their bytes. Two clocks are never "equal" unless their bytes are.
    static func precedes(_ first: String, _ second: String) -> Bool {
        if let a = parts(first), let b = parts(second) {
            if !a.time.elementsEqual(b.time) { return a.time.lexicographicallyPrecedes(b.time) }
            if a.counter.count != b.counter.count { return a.counter.count < b.counter.count }
            if !a.counter.elementsEqual(b.counter) { return a.counter.lexicographicallyPrecedes(b.counter) }
            if !a.peer.elementsEqual(b.peer) { return a.peer.lexicographicallyPrecedes(b.peer) }
        }
        return Canon.less(first, second)
    }

    /// The three parts of a well-formed clock, the counter without leading zeros.
    private static func parts(_ clock: String) -> (time: Substring.UTF8View, counter: Substring.UTF8View, peer: Substring.UTF8View)? {
        let pieces = clock.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 3, !pieces[1].isEmpty,
              pieces[1].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let counter = pieces[1].drop { $0 == "0" }
        return (pieces[0].utf8, counter.utf8, pieces[2].utf8)
    }

    /// The later of two values of a record-level field such as `clock` or `updatedAt`.
    ///
    /// Strings compare as clocks and beat other kinds; other values compare by canonical bytes;
    /// an absent value loses to any present one.
    static func latest(_ first: JSONValue?, _ second: JSONValue?) -> JSONValue? {
        guard let first else { return second }
        guard let second else { return first }
        switch (first.stringValue, second.stringValue) {
        case (let a?, let b?): return precedes(a, b) ? second : first
        case (_?, nil): return first
        case (nil, _?): return second
        case (nil, nil): return Canon.less(Canon.bytes(first), Canon.bytes(second)) ? second : first
        }
    }
}
