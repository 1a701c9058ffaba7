import Testing
import TroveJSON
import TroveMerge

@Suite("Set and list strategies")
struct CollectionMergeTests {
    func record(_ members: [String: JSONValue], clock: String) -> JSONValue {
        var all = members
        all["id"] = "e1"
        all["clock"] = .string(clock)
        return .object(all)
    }

    func photo(_ id: String, _ caption: String? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["id": .string(id), "media": .string("sha-\(id)")]
        if let caption { members["caption"] = .string(caption) }
        return .object(members)
    }

    // MARK: set

    @Test func setAddsFromBothAndRemovesFromBoth() {
        let base = record(["tags": ["a", "b", "c"]], clock: "0")
        let ours = record(["tags": ["a", "c", "d"]], clock: clockA)     // -b +d
        let theirs = record(["tags": ["e", "b", "a"]], clock: clockB)   // -c +e
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["tags"] == ["a", "d", "e"])
        #expect(result.conflicts.isEmpty)
    }

    @Test func setOutputIsDistinctAndCanonicallySorted() {
        let base = record(["tags": []], clock: "0")
        let ours = record(["tags": ["z", 2, "a", "a"]], clock: clockA)
        let theirs = record(["tags": [["k": 1], "a", .null]], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        // Sorted by compact canonical bytes: "\"a\"" < "\"z\"" < "2" < "null" < "{...}".
        #expect(result.value["tags"] == ["a", "z", 2, .null, ["k": 1]])
    }

    @Test func setWithoutBaseIsTheUnion() {
        let (result, _) = mergeBothWays(nil, record(["tags": ["x"]], clock: clockA), record(["tags": ["y", "x"]], clock: clockB))
        #expect(result.value["tags"] == ["x", "y"])
    }

    @Test func setDeletedWhollyOnOneSideIsAnLWWDecision() {
        let base = record(["tags": ["a"]], clock: "0")
        var ours = base
        ours["tags"] = nil
        ours["clock"] = .string(clockB)
        let theirs = record(["tags": ["a", "b"]], clock: clockA)
        let (result, _) = mergeBothWays(base, ours, theirs)
        #expect(result.value["tags"] == nil)
        #expect(result.conflicts.map(\.field) == ["tags"])
        #expect(result.conflicts.map(\.value) == [["a", "b"]])
    }

    // MARK: list

    @Test func listMembershipMergesAsASet() {
        let base = record(["photos": [photo("p1"), photo("p2"), photo("p3")]], clock: "0")
        let ours = record(["photos": [photo("p1"), photo("p3"), photo("p4")]], clock: clockA)     // -p2 +p4
        let theirs = record(["photos": [photo("p5"), photo("p1"), photo("p2")]], clock: clockB)   // -p3 +p5
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        // Order from theirs (later clock); p4 follows its predecessor p3 in ours, which is gone,
        // so it follows p1.
        #expect(result.value["photos"] == [photo("p5"), photo("p1"), photo("p4")])
        #expect(result.conflicts.isEmpty)
    }

    @Test func listOrderComesFromTheNewerSide() {
        let base = record(["photos": [photo("p1"), photo("p2"), photo("p3")]], clock: "0")
        let ours = record(["photos": [photo("p3"), photo("p2"), photo("p1")]], clock: clockA)
        let theirs = record(["photos": [photo("p2"), photo("p1"), photo("p3"), photo("p9")]], clock: clockB)
        let (newer, _) = mergeBothWays(base, ours, theirs)
        #expect(newer.value["photos"] == [photo("p2"), photo("p1"), photo("p3"), photo("p9")])

        let laterOurs = record(["photos": [photo("p3"), photo("p2"), photo("p1")]], clock: clockB)
        let earlierTheirs = record(["photos": [photo("p2"), photo("p1"), photo("p3"), photo("p9")]], clock: clockA)
        let (older, symmetric) = mergeBothWays(base, laterOurs, earlierTheirs)
        #expect(symmetric)
        // p9 only exists on the older side: it goes right after its predecessor there (p3).
        #expect(older.value["photos"] == [photo("p3"), photo("p9"), photo("p2"), photo("p1")])
    }

    @Test func listElementWithoutPlacedPredecessorGoesFirst() {
        let base = record(["photos": [photo("p1")]], clock: "0")
        let ours = record(["photos": [photo("p0"), photo("p1")]], clock: clockA)
        let theirs = record(["photos": [photo("p1"), photo("p2")]], clock: clockB)
        let (result, _) = mergeBothWays(base, ours, theirs)
        #expect(result.value["photos"] == [photo("p0"), photo("p1"), photo("p2")])
    }

    @Test func listElementsEditedOnBothSidesMergeFieldByField() {
        let base = record(["photos": [["id": "p1", "media": "m", "caption": "c"]]], clock: "0")
        let ours = record(["photos": [["id": "p1", "media": "m", "caption": "ours"]]], clock: clockA)
        let theirs = record(["photos": [["id": "p1", "media": "m", "caption": "theirs", "alt": "a"]]], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["photos"] == [["id": "p1", "media": "m", "caption": "theirs", "alt": "a"]])
        #expect(result.conflicts == [MergeConflict(field: "photos/p1/caption", value: "ours", clock: clockA, peer: "peerA")])
        #expect(lookup("photos/p1/caption", in: result.value) == "theirs")
    }

    @Test func listElementRemovedOnOneSideEditedOnTheOtherIsAnLWWDecision() {
        let base = record(["photos": [photo("p1"), photo("p2")]], clock: "0")
        let ours = record(["photos": [photo("p1")]], clock: clockA)                       // removed p2
        let theirs = record(["photos": [photo("p1"), photo("p2", "new")]], clock: clockB)  // edited p2
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["photos"] == [photo("p1"), photo("p2", "new")])
        #expect(result.conflicts == [MergeConflict(field: "photos/p2", value: .null, clock: clockA, peer: "peerA")])

        let laterRemoval = record(["photos": [photo("p1")]], clock: clockB)
        let earlierEdit = record(["photos": [photo("p1"), photo("p2", "new")]], clock: clockA)
        let (removed, _) = mergeBothWays(base, laterRemoval, earlierEdit)
        #expect(removed.value["photos"] == [photo("p1")])
        #expect(removed.conflicts.map(\.value) == [photo("p2", "new")])
    }

    @Test func listAddAddSameIdMergesAsObjects() {
        let ours = record(["photos": [["id": "p1", "media": "m", "caption": "A"]]], clock: clockA)
        let theirs = record(["photos": [["id": "p1", "media": "m", "alt": "x"]]], clock: clockB)
        let (result, symmetric) = mergeBothWays(nil, ours, theirs)
        #expect(symmetric)
        // caption absent on theirs (no base): added on one side only, kept.
        #expect(result.value["photos"] == [["id": "p1", "media": "m", "caption": "A", "alt": "x"]])
    }

    @Test func listToleratesElementsWithoutIdsAndDuplicates() {
        let base = record(["photos": ["loose", photo("p1"), photo("p1")]], clock: "0")
        let ours = record(["photos": ["loose", photo("p1"), photo("p1"), 7]], clock: clockA)
        let theirs = record(["photos": [photo("p1"), photo("p1", "dup-edit")]], clock: clockB)
        let (result, symmetric) = mergeBothWays(base, ours, theirs)
        #expect(symmetric)
        #expect(result.value["photos"] == [photo("p1"), photo("p1", "dup-edit"), 7])
    }
}
