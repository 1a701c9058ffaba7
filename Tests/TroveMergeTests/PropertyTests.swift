import TroveTestSupport
import Testing
import TroveJSON
import TroveMerge

/// Seeded random concurrent edits of journal entries; every case is reproducible from its seed.
@Suite("Merge properties")
struct PropertyTests {
    static let cases = 300

    /// One random scenario: a shared base, and two sides edited concurrently by peerA and peerB.
    struct Scenario {
        var seed: UInt64
        var base: JSONValue
        var ours: JSONValue
        var theirs: JSONValue

        init(seed: UInt64) {
            var generator = EntryGenerator(seed: seed)
            self.seed = seed
            base = generator.baseRecord()
            let kinds = generator.focus()
            ours = generator.edit(base, peer: "peerA", kinds: kinds)
            theirs = generator.edit(base, peer: "peerB", kinds: kinds)
        }
    }

    @Test func symmetricTotalAndMarkerFree() {
        for seed in 1...UInt64(Self.cases) {
            let s = Scenario(seed: seed)
            for base in [s.base, nil] {
                let (result, symmetric) = mergeBothWays(base, s.ours, s.theirs)
                #expect(symmetric, "seed \(seed), base \(base == nil ? "nil" : "shared")")
                checkWellFormed(result, seed: seed)
            }
        }
    }

    @Test func idempotent() {
        for seed in 1...UInt64(Self.cases) {
            let s = Scenario(seed: seed)
            let same = RecordMerge.merge(base: s.base, ours: s.ours, theirs: s.ours, strategy: entryStrategy)
            #expect(CanonicalJSON.encode(same.value) == CanonicalJSON.encode(s.ours), "seed \(seed)")
            #expect(same.conflicts.isEmpty && same.corruption.isEmpty, "seed \(seed)")

            let fastForward = RecordMerge.merge(base: s.ours, ours: s.ours, theirs: s.theirs, strategy: entryStrategy)
            var expected = s.theirs
            for field in ["clock", "updatedAt"] {
                let values = [s.ours[field], s.theirs[field]].compactMap { $0?.stringValue }
                expected[field] = values.max { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(JSONValue.string)
            }
            #expect(CanonicalJSON.encode(fastForward.value) == CanonicalJSON.encode(expected), "seed \(seed)")
            #expect(fastForward.conflicts.isEmpty, "seed \(seed)")
        }
    }

    @Test func neverLosesAnEdit() {
        var seen: [String: Int] = [:]
        for seed in 1...UInt64(Self.cases) {
            let s = Scenario(seed: seed)
            for base in [s.base, nil] {
                let result = RecordMerge.merge(base: base, ours: s.ours, theirs: s.theirs, strategy: entryStrategy)
                if base != nil { count(result, s, into: &seen) }
                for side in [s.ours, s.theirs] {
                    for path in leafPaths(s.base, s.ours, s.theirs) where !same(lookup(path, in: side), lookup(path, in: base)) {
                        #expect(isKept(lookup(path, in: side), at: path, in: result.value),
                                "seed \(seed): \(path) = \(describe(lookup(path, in: side))) lost")
                    }
                }
                checkText(result, base: base, s.ours, s.theirs, seed: seed)
            }
        }
        // Guard against a generator that stopped producing the interesting cases.
        for situation in ["text fallback", "text clean merge", "scalar conflict", "photo conflict",
                          "location conflict", "delete vs edit", "no conflict"] {
            #expect(seen[situation, default: 0] >= 8, "only \(seen[situation, default: 0]) cases of \(situation)")
        }
    }

    func count(_ result: MergeResult, _ s: Scenario, into seen: inout [String: Int]) {
        let fields = result.conflicts.map(\.field)
        let textChangedOnBoth = s.ours["text"] != s.base["text"] && s.theirs["text"] != s.base["text"]
            && s.ours["text"] != s.theirs["text"]
        if fields.contains("text") { seen["text fallback", default: 0] += 1 }
        if textChangedOnBoth && !fields.contains("text") { seen["text clean merge", default: 0] += 1 }
        if fields.contains(where: { ["title", "starred", "mood"].contains($0) }) { seen["scalar conflict", default: 0] += 1 }
        if fields.contains(where: { $0.hasPrefix("photos/") }) { seen["photo conflict", default: 0] += 1 }
        if fields.contains(where: { $0.hasPrefix("location") }) { seen["location conflict", default: 0] += 1 }
        if result.conflicts.contains(where: { $0.value == .null }) { seen["delete vs edit", default: 0] += 1 }
        if fields.isEmpty { seen["no conflict", default: 0] += 1 }
    }

    @Test func setAdditionsKeptAndRemovalsGone() {
        for seed in 1...UInt64(Self.cases) {
            let s = Scenario(seed: seed)
            let result = RecordMerge.merge(base: s.base, ours: s.ours, theirs: s.theirs, strategy: entryStrategy)
            let merged = tags(result.value)
            for side in [s.ours, s.theirs] {
                let added = tags(side).subtracting(tags(s.base))
                let removed = tags(s.base).subtracting(tags(side))
                #expect(added.isSubset(of: merged), "seed \(seed)")
                #expect(removed.isDisjoint(with: merged), "seed \(seed)")
            }
            #expect(result.value["tags"]?.arrayValue?.count == merged.count, "seed \(seed): duplicate tags")
        }
    }

    @Test func listMembershipAndOrderAreDeterministic() {
        for seed in 1...UInt64(Self.cases) {
            let s = Scenario(seed: seed)
            let result = RecordMerge.merge(base: s.base, ours: s.ours, theirs: s.theirs, strategy: entryStrategy)
            let ids = photoIds(result.value)
            #expect(Set(ids).count == ids.count, "seed \(seed): duplicate photo")
            for side in [s.ours, s.theirs] {
                let added = Set(photoIds(side)).subtracting(photoIds(s.base))
                #expect(added.isSubset(of: Set(ids)), "seed \(seed): added photo missing")
            }
            // Photos both sides left in the same relative order keep it.
            let oursOrder = photoIds(s.ours).filter { photoIds(s.theirs).contains($0) && ids.contains($0) }
            let theirsOrder = photoIds(s.theirs).filter { photoIds(s.ours).contains($0) && ids.contains($0) }
            if oursOrder == theirsOrder {
                #expect(ids.filter { oursOrder.contains($0) } == oursOrder, "seed \(seed): order")
            }
        }
    }

    @Test func equalClocksAndArbitraryValuesStaySymmetric() {
        var random = SeededGenerator(seed: 0xC0FFEE)
        let strategies: [MergeStrategy] = [entryStrategy, .lww, .set, .list, .text, .immutable,
                                           .object(fields: ["a": .set, "b": .text, "c": .list], otherFields: .immutable)]
        for round in 0..<Self.cases {
            let clock = JSONValue.string(clockA)
            var values = (0..<3).map { _ in randomValue(depth: 0, using: &random) }
            if round % 2 == 0 {
                for index in values.indices where values[index].objectValue != nil { values[index]["clock"] = clock }
            }
            let strategy = strategies[round % strategies.count]
            let base: JSONValue? = round % 3 == 0 ? nil : values[0]
            let (result, symmetric) = mergeBothWays(base, values[1], values[2], strategy: strategy)
            #expect(symmetric, "round \(round)")
            // The pool has doubles the parser never makes (0.0, -0.0), so no exact round trip here.
            checkWellFormed(result, seed: UInt64(round), exactRoundTrip: false)
            let same = RecordMerge.merge(base: base, ours: values[1], theirs: values[1], strategy: strategy)
            #expect(CanonicalJSON.encode(same.value) == CanonicalJSON.encode(values[1]), "round \(round)")
        }
    }

    // MARK: checks

    /// No markers; the bytes parse (and, for parser-made inputs, re-encode identically); every new
    /// note is stored in the record (when the record is an object and can hold notes).
    func checkWellFormed(_ result: MergeResult, seed: UInt64, exactRoundTrip: Bool = true) {
        let text = CanonicalJSON.string(result.value)
        #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>") && !text.contains("======="), "seed \(seed)")
        let reparsed = try? JSONValue(parsing: text)
        #expect(reparsed != nil, "seed \(seed): does not parse")
        if exactRoundTrip {
            #expect(reparsed.map { CanonicalJSON.encode($0) } == CanonicalJSON.encode(result.value), "seed \(seed)")
        }
        guard result.value.objectValue != nil else { return }
        for note in result.conflicts {
            #expect(notes(result.value).contains(note), "seed \(seed): new note not stored")
        }
    }

    /// The paths whose values the "never loses an edit" check compares (leaves and list members).
    func leafPaths(_ records: JSONValue...) -> [String] {
        var paths = ["title", "starred", "mood", "location/lat", "location/lon", "location/name"]
        let ids = Set(records.flatMap(photoIds))
        for id in ids.sorted() {
            paths += ["photos/\(id)/id", "photos/\(id)/media", "photos/\(id)/caption"]
        }
        return paths
    }

    /// Whether `value` (nil = deleted) is in the merged record at `path`, or in a note on it or on an ancestor.
    func isKept(_ value: JSONValue?, at path: String, in record: JSONValue) -> Bool {
        if same(lookup(path, in: record), value) { return true }
        return notes(record).contains { note in
            guard path == note.field || path.hasPrefix(note.field + "/") else { return false }
            let rest = path == note.field ? "" : String(path.dropFirst(note.field.count + 1))
            let kept = rest.isEmpty && note.value == .null ? nil : lookup(rest, in: note.value)
            return same(kept, value)
        }
    }

    /// Text: either a clean line merge that has every side's added lines and none of their deleted
    /// lines, or an lww fallback that keeps the winner in the record and the loser in a note.
    func checkText(_ result: MergeResult, base: JSONValue?, _ ours: JSONValue, _ theirs: JSONValue, seed: UInt64) {
        let merged = lines(result.value["text"])
        if let note = result.conflicts.first(where: { $0.field == "text" }) {
            let texts = [ours["text"], theirs["text"]]
            #expect(texts.contains(result.value["text"]) && texts.contains(note.value), "seed \(seed): text fallback")
            return
        }
        for side in [ours, theirs] {
            let added = lines(side["text"]).subtracting(lines(base?["text"]))
            let removed = lines(base?["text"]).subtracting(lines(side["text"]))
            #expect(added.isSubset(of: merged) && removed.isDisjoint(with: merged), "seed \(seed): text lines")
        }
    }

    // MARK: helpers

    func same(_ first: JSONValue?, _ second: JSONValue?) -> Bool {
        first.map { CanonicalJSON.encode($0) } == second.map { CanonicalJSON.encode($0) }
    }

    func describe(_ value: JSONValue?) -> String { value.map(CanonicalJSON.compact) ?? "(absent)" }

    func tags(_ record: JSONValue?) -> Set<String> {
        Set((record?["tags"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    func photoIds(_ record: JSONValue) -> [String] {
        (record["photos"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    func lines(_ text: JSONValue?) -> Set<String> {
        Set((text?.stringValue ?? "").split(separator: "\n").map(String.init))
    }

    func randomValue(depth: Int, using random: inout SeededGenerator) -> JSONValue {
        let scalars: [JSONValue] = [.null, true, false, 0, 1, -0.0, 0.0, 2.5, "", "a", "b", "a\nb\n", "x\n",
                                    "caf\u{E9}", "cafe\u{301}", ["id": "p1"], ["id": "p2", "k": 1]]
        switch depth < 3 ? Int.random(in: 0..<4, using: &random) : 0 {
        case 1:
            return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        case 2, 3:
            let keys = ["a", "b", "c", "id", "clock", "conflicts", "updatedAt"]
            var members: [String: JSONValue] = [:]
            for key in keys where Int.random(in: 0..<3, using: &random) == 0 {
                members[key] = randomValue(depth: depth + 1, using: &random)
            }
            return .object(members)
        default:
            return scalars[Int.random(in: scalars.indices, using: &random)]
        }
    }
}
