import TroveJSON

/// The three-way merge of two concurrent versions of a record, field by field.
///
/// The merge is pure (no git, no I/O), total (any three values give a valid document, never
/// conflict markers), symmetric (swapping `ours` and `theirs` gives the same canonical bytes) and
/// idempotent (`merge(b, x, x)` is `x`; `merge(x, x, y)` is `y` with the later `clock`/`updatedAt`).
public enum RecordMerge {
    /// Record-level members the merge maintains itself, whatever the strategy says.
    static let clockFields: Set<String> = ["clock", "updatedAt"]
    /// The member holding conflict notes.
    static let conflictsField = "conflicts"

    /// Merges `ours` and `theirs`, two edits of `base`, by `strategy`; base nil = add/add or unreadable base.
    ///
    /// Each member is merged by `strategy.field(name)` (see `MergeStrategy`). On top of that:
    /// `clock` and `updatedAt` become the later of the two sides; `conflicts` is merged as a set
    /// (existing notes of both sides, minus any one side removed) plus the notes this merge creates,
    /// sorted, and is left out when empty. When either side is not an object, the whole document is
    /// merged by last writer wins.
    public static func merge(base: JSONValue?, ours: JSONValue, theirs: JSONValue, strategy: MergeStrategy) -> MergeResult {
        var merger = Merger(oursClock: Clock.of(ours), theirsClock: Clock.of(theirs))
        var value: JSONValue
        if case .object(let oursMembers) = ours, case .object(let theirsMembers) = theirs {
            let baseMembers = base?.objectValue ?? [:]
            var members = merger.mergeObject(base: baseMembers, ours: oursMembers, theirs: theirsMembers,
                                             strategy: strategy, at: "",
                                             skipping: clockFields.union([conflictsField]))
            for field in clockFields {
                if let latest = Clock.latest(oursMembers[field], theirsMembers[field]) { members[field] = latest }
            }
            value = .object(members)
            let notes = mergeNotes(base: baseMembers[conflictsField], ours: oursMembers[conflictsField],
                                   theirs: theirsMembers[conflictsField], adding: merger.conflicts)
            value[conflictsField] = notes
        } else {
            value = merger.merge(base, ours, theirs, strategy: .lww, at: "") ?? .null
            if case .object(let members) = value, !merger.conflicts.isEmpty {
                value[conflictsField] = mergeNotes(base: nil, ours: members[conflictsField],
                                                   theirs: members[conflictsField], adding: merger.conflicts)
            }
        }
        let created = Canon.sortedUnique(merger.conflicts.map(\.jsonValue)).compactMap(MergeConflict.init(json:))
        var corruption: [String] = []
        for message in merger.corruption.sorted(by: Canon.less)
        where !(corruption.last?.utf8.elementsEqual(message.utf8) ?? false) {
            corruption.append(message)
        }
        return MergeResult(value: value, conflicts: created, corruption: corruption)
    }

    /// Merges the `conflicts` members of the two sides as a set and adds the new notes.
    ///
    /// Returns `nil` (leave the member out) when no note remains. Without new notes, the usual
    /// three-way shortcuts apply first, so an unchanged array is kept byte for byte.
    static func mergeNotes(base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, adding new: [MergeConflict]) -> JSONValue? {
        if new.isEmpty {
            if Canon.same(ours, theirs) { return ours }
            if Canon.same(base, ours) { return theirs }
            if Canon.same(base, theirs) { return ours }
        }
        func elements(_ value: JSONValue?) -> [JSONValue] {
            switch value {
            case nil: return []
            case .array(let elements)?: return elements
            case let other?: return [other]
            }
        }
        let kept = SetMerge.merge(base: elements(base), ours: elements(ours), theirs: elements(theirs))
        let all = Canon.sortedUnique(kept + new.map(\.jsonValue))
        return all.isEmpty ? nil : .array(all)
    }
}
