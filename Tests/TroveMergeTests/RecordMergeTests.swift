import Testing
import TroveJSON
import TroveMerge

@Suite("Record merge: lww, clocks, conflict notes, immutable fields, totality")
struct RecordMergeTests {
    let base = json("""
        {"id": "e1", "type": "entry", "createdAt": "2026-11-01T00:00:00.000Z",
         "updatedAt": "2026-11-01T00:00:00.000Z", "clock": "2026-11-01T00:00:00.000Z/0000/peerA",
         "title": "Walk", "starred": false, "location": {"lat": 1.5, "lon": 2.5}}
        """)

    func edited(_ changes: [String: JSONValue?], clock: String) -> JSONValue {
        var record = base
        for (key, value) in changes { record[key] = value }
        record["clock"] = .string(clock)
        record["updatedAt"] = .string(String(clock.prefix(24)))
        return record
    }

    @Test func changeOnOneSideIsTaken() {
        let ours = edited(["title": "Morning walk"], clock: clockA)
        let theirs = edited(["starred": true], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == "Morning walk")
        #expect(result.value["starred"] == true)
        #expect(result.value["conflicts"] == nil)
        #expect(result.conflicts.isEmpty)
        #expect(result.value["clock"] == .string(clockB))
        #expect(result.value["updatedAt"] == .string(String(clockB.prefix(24))))
    }

    @Test func bothChangedLargerClockWinsAndLoserIsNoted() {
        let ours = edited(["title": "Ours"], clock: clockA)
        let theirs = edited(["title": "Theirs"], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == "Theirs")
        let expected = MergeConflict(field: "title", value: "Ours", clock: clockA, peer: "peerA")
        #expect(result.conflicts == [expected])
        #expect(notes(result.value) == [expected])
    }

    @Test func deletionCountsAsAChange() {
        let ours = edited(["title": .none], clock: clockB)   // deleted, later clock
        let theirs = edited(["title": "Theirs"], clock: clockA)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == nil)
        #expect(result.conflicts == [MergeConflict(field: "title", value: "Theirs", clock: clockA, peer: "peerA")])

        let (reversed, _) = mergeBothWays(base, edited(["title": .none], clock: clockA),
                                          edited(["title": "Theirs"], clock: clockB))
        #expect(reversed.value["title"] == "Theirs")
        #expect(reversed.conflicts == [MergeConflict(field: "title", value: .null, clock: clockA, peer: "peerA")])
    }

    @Test func deletedOnOneSideUnchangedOnTheOtherIsDeleted() {
        let ours = edited(["starred": .none], clock: clockA)
        let theirs = edited(["title": "Other"], clock: clockB)
        let (result, _) = mergeBothWays(base, ours, theirs)
        #expect(result.value["starred"] == nil)
        #expect(result.conflicts.isEmpty)
    }

    @Test func equalClocksBreakTiesByValueBytes() {
        let ours = edited(["title": "Apple"], clock: clockA)
        let theirs = edited(["title": "Banana"], clock: clockA)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == "Banana")
        #expect(result.conflicts.map(\.value) == ["Apple"])
    }

    @Test func clockCountersCompareAsNumbers() {
        let time = "2026-11-22T10:15:30.123Z"
        let ours = edited(["title": "Ours"], clock: "\(time)/10000/peer-a")
        let theirs = edited(["title": "Theirs"], clock: "\(time)/9999/peer-z")
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == "Ours")
        #expect(result.value["clock"] == .string("\(time)/10000/peer-a"))
        #expect(result.conflicts == [MergeConflict(field: "title", value: "Theirs", clock: "\(time)/9999/peer-z", peer: "peer-z")])
    }

    @Test func removedLoserIsStoredWithoutValue() {
        let (result, _) = mergeBothWays(base, edited(["title": .none], clock: clockA), edited(["title": "New"], clock: clockB))
        #expect(result.value["conflicts"] == [["field": "title", "clock": .string(clockA), "peer": "peerA"]])
        #expect(notes(result.value).map(\.value) == [.null])
    }

    @Test func missingClocksStillMergeDeterministically() {
        var ours = edited(["title": "A"], clock: "")
        var theirs = edited(["title": "B"], clock: "")
        ours["clock"] = nil
        theirs["clock"] = nil
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == "B")
        #expect(result.value["clock"] == nil)
        #expect(result.conflicts == [MergeConflict(field: "title", value: "A", clock: "", peer: "")])
    }

    @Test func nestedObjectsMergeByKey() {
        let ours = edited(["location": ["lat": 1.75, "lon": 2.5]], clock: clockA)
        let theirs = edited(["location": ["lat": 1.5, "lon": 2.5, "name": "Park"]], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["location"] == ["lat": 1.75, "lon": 2.5, "name": "Park"])
        #expect(result.conflicts.isEmpty)

        let both = edited(["location": ["lat": 9.0, "lon": 2.5]], clock: clockB)
        let (clash, _) = mergeBothWays(base, ours, both)
        #expect(clash.value["location"] == ["lat": 9.0, "lon": 2.5])
        #expect(clash.conflicts == [MergeConflict(field: "location/lat", value: 1.75, clock: clockA, peer: "peerA")])
    }

    @Test func objectDeletedOnOneSideEditedOnTheOtherIsOneLWWDecision() {
        let ours = edited(["location": .none], clock: clockA)
        let theirs = edited(["location": ["lat": 3.0, "lon": 2.5]], clock: clockB)
        let (result, _) = mergeBothWays(base, ours, theirs)
        #expect(result.value["location"] == ["lat": 3.0, "lon": 2.5])
        #expect(result.conflicts.map(\.field) == ["location"])
        #expect(result.conflicts.map(\.value) == [.null])
    }

    @Test func mismatchedKindsFallBackToLWW() {
        let ours = edited(["location": "somewhere"], clock: clockB)
        let theirs = edited(["location": ["lat": 3.0, "lon": 2.5]], clock: clockA)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["location"] == "somewhere")
        #expect(result.conflicts.map(\.value) == [["lat": 3.0, "lon": 2.5]])
    }

    @Test func pathTokensAreEscaped() {
        let strategy = MergeStrategy.object(fields: [:], otherFields: .lww)
        let (result, _) = mergeBothWays(["a/b~c": 1, "clock": .string(clockA)],
                                        ["a/b~c": 2, "clock": .string(clockA)],
                                        ["a/b~c": 3, "clock": .string(clockB)], strategy: strategy)
        #expect(result.conflicts.map(\.field) == ["a~1b~0c"])
    }

    @Test func existingConflictNotesMergeAsASetAndResolvedOnesStayResolved() {
        let old1: JSONValue = ["field": "title", "value": "x", "clock": "c1/0000/p", "peer": "p"]
        let old2: JSONValue = ["field": "title", "value": "y", "clock": "c2/0000/p", "peer": "p"]
        var withBoth = base
        withBoth["conflicts"] = [old1, old2]
        var ours = withBoth
        ours["conflicts"] = [old2]          // ours resolved old1
        ours["clock"] = .string(clockA)
        var theirs = withBoth
        theirs["title"] = "New"
        theirs["clock"] = .string(clockB)
        let (result, symmetric) = mergeBothWays(withBoth, ours, theirs)
        #expect(symmetric)
        #expect(result.value["conflicts"] == [old2])

        var resolvedAll = withBoth
        resolvedAll["conflicts"] = nil
        resolvedAll["clock"] = .string(clockA)
        let (cleared, _) = mergeBothWays(withBoth, resolvedAll, theirs)
        #expect(cleared.value["conflicts"] == nil)   // omitted when empty
    }

    @Test func newNotesJoinExistingOnesSorted() {
        let old: JSONValue = ["field": "starred", "value": true, "clock": "c0/0000/p", "peer": "p"]
        var start = base
        start["conflicts"] = [old]
        var ours = start
        ours["title"] = "A"
        ours["clock"] = .string(clockA)
        var theirs = start
        theirs["title"] = "B"
        theirs["clock"] = .string(clockB)
        let (result, _) = mergeBothWays(start, ours, theirs)
        let stored = result.value["conflicts"]?.arrayValue ?? []
        #expect(stored.count == 2)
        #expect(stored.contains(old))
        #expect(stored.contains(MergeConflict(field: "title", value: "A", clock: clockA, peer: "peerA").jsonValue))
        #expect(stored.map(CanonicalJSON.compact) == stored.map(CanonicalJSON.compact).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func immutableDifferenceIsReportedAndResolvedDeterministically() {
        var ours = edited([:], clock: clockA)
        ours["id"] = "e2"
        let theirs = edited(["title": "T"], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["id"] == "e1")        // the canonically smaller value, not the newer side
        #expect(result.value["title"] == "T")
        #expect(result.corruption.count == 1)
        #expect(result.corruption.first?.contains("field id ") == true)
        #expect(result.conflicts.isEmpty)
    }

    @Test func addAddWithoutBase() {
        let ours = json(#"{"id": "e1", "type": "entry", "title": "A", "tags": ["x"], "clock": "\#(clockA)"}"#)
        let theirs = json(#"{"id": "e1", "type": "entry", "title": "B", "tags": ["y"], "starred": true, "clock": "\#(clockB)"}"#)
        let (result, symmetric) = mergeBothWays(nil, ours, theirs)
        #expect(symmetric)
        #expect(result.value["title"] == "B")
        #expect(result.value["tags"] == ["x", "y"])
        #expect(result.value["starred"] == true)
        #expect(result.conflicts.map(\.value) == ["A"])
        #expect(result.corruption.isEmpty)
    }

    @Test func idempotence() {
        let x = edited(["title": "X"], clock: clockA)
        let y = edited(["title": "Y", "starred": true], clock: clockB)
        #expect(RecordMerge.merge(base: base, ours: x, theirs: x, strategy: entryStrategy).value == x)
        #expect(RecordMerge.merge(base: x, ours: x, theirs: y, strategy: entryStrategy).value == y)
        #expect(RecordMerge.merge(base: nil, ours: x, theirs: x, strategy: entryStrategy).value == x)
    }

    @Test func nonObjectDocumentsMergeByLWW() {
        let cases: [(JSONValue?, JSONValue, JSONValue)] = [
            (nil, "a", "b"), ("a", .array([1, 2]), 3), (["k": 1], "text", ["k": 2]),
            (.null, .null, true), ([1], [2], [3]), (1.5, 2, 2.0),
        ]
        for (base, ours, theirs) in cases {
            let (result, symmetric) = mergeBothWays(base, ours, theirs)
            #expect(symmetric)
            var kept = result.value
            if result.value.objectValue != nil, ours.objectValue == nil || theirs.objectValue == nil {
                kept["conflicts"] = nil  // the winning object carries the note about the loser
            }
            #expect(kept == ours || kept == theirs)
        }
    }

    @Test func stringsThatSwiftConsidersEqualStillMergeSymmetrically() {
        let composed = JSONValue.string("caf\u{E9}")
        let decomposed = JSONValue.string("cafe\u{301}")
        let strategy = MergeStrategy.object(fields: [:], otherFields: .lww)
        let (result, symmetric) = mergeBothWays(["t": "x", "clock": .string(clockA)],
                                                ["t": composed, "clock": .string(clockA)],
                                                ["t": decomposed, "clock": .string(clockA)], strategy: strategy)
        #expect(symmetric)
        #expect(result.conflicts.count == 1)
    }
}
