import Foundation
import TroveJSON
import TroveStore
import TroveTestSupport
@testable import TroveIndex

/// Drives a store through seeded random changes: puts, edits, deletes, undos, merges from a second
/// peer synced through a bare hub, and commits, removals and resets made with the git program.
final class RandomHistory {
    /// The source of every choice, so a failing run replays from its seed.
    var random: SeededGenerator
    /// The store whose index is under test.
    let a: IndexFixture
    /// The other peer, cloned from the hub; its changes reach `a` as merges.
    let b: IndexFixture
    /// What each step did, to explain a failure.
    private(set) var log: [String] = []

    /// The record types the steps create, edit and delete.
    static let types = ["entry", "event", "task", "dog", "business"]
    /// Words for texts, titles and names, some with accents.
    static let words = ["canal", "crème", "frost", "walk", "Pixel", "café", "rain", "park", "bench", "lecture",
                        "coffee", "lighthouse", "harbour", "Zürich", "naïve", "snow", "river"]
    /// Tags and event categories.
    static let tags = ["walk", "winter", "café", "rain", "park", "work"]
    /// A field change that removes the field (a bare `nil` in a ternary would become JSON `null`).
    static let remove: JSONValue? = .none

    /// A new store `a` with a hub remote, pushed once, and peer `b` cloned from the hub.
    init(seed: UInt64) throws {
        random = SeededGenerator(seed: seed)
        a = try IndexFixture()
        let hub = a.folder.child("hub.git")
        try a.store.addRemote(name: "hub", url: hub, create: true)
        _ = try a.store.sync()
        b = IndexFixture(store: try Store.clone(from: hub, to: a.folder.child("b")), in: a.folder)
    }

    /// The kinds of step, each with its weight in a hundred.
    enum Kind: String, CaseIterable {
        case put, edit, delete, undo, merge, gitEdit, gitRemove, gitAdd, gitReset

        /// How many times in a hundred a drawn step is of this kind.
        var weight: Int {
            switch self {
            case .put: return 30
            case .edit: return 20
            case .delete: return 10
            case .undo: return 8
            case .merge: return 9
            case .gitEdit: return 8
            case .gitRemove: return 5
            case .gitAdd: return 6
            case .gitReset: return 4
            }
        }
    }

    /// Steps 8 to 16 run every kind once, in a seeded order, so each seed covers them all; the rest are drawn by weight.
    private lazy var plan: [Kind] = Kind.allCases.shuffled(using: &random)
    /// The kinds run so far.
    private(set) var kindsRun: Set<Kind> = []
    /// How many steps have run.
    private var stepsRun = 0

    /// Runs one step on `a` (a merge step also changes `b`).
    func step() throws {
        let kind: Kind
        if (8..<8 + plan.count).contains(stepsRun) {
            kind = plan[stepsRun - 8]
        } else {
            var roll = Int.random(in: 0..<100, using: &random)
            kind = Kind.allCases.first { roll -= $0.weight; return roll < 0 } ?? .put
        }
        stepsRun += 1
        kindsRun.insert(kind)
        switch kind {
        case .put: try put(in: a)
        case .edit: try edit(in: a)
        case .delete: try delete(in: a)
        case .undo: try undo()
        case .merge: try mergeFromPeer()
        case .gitEdit: try gitEdit()
        case .gitRemove: try gitRemove()
        case .gitAdd: try gitAdd()
        case .gitReset: try gitReset()
        }
    }

    // MARK: - Steps through the store

    /// Puts a new record of a random type.
    private func put(in fixture: IndexFixture) throws {
        let type = Self.types.randomElement(using: &random)!
        var fields: [String: JSONValue] = [:]
        switch type {
        case "entry":
            fields = ["journalId": .string(try parent("journal", in: fixture)), "text": .string(sentence(3...10)),
                      "date": .string(time())]
            if chance(50) { fields["title"] = .string(sentence(1...3)) }
            if chance(60) { fields["tags"] = tagList() }
            if chance(50) { fields["location"] = location(place: chance(50)) }
        case "event":
            let start = Int.random(in: 0...500_000, using: &random)
            fields = ["calendarId": .string(try parent("calendar", in: fixture)), "title": .string(sentence(1...4)),
                      "start": .string(timestamp(minutes: start))]
            if chance(70) { fields["end"] = .string(timestamp(minutes: start + Int.random(in: 0...600, using: &random))) }
            if chance(30) { fields["rrule"] = rrule() }
            if chance(50) { fields["categories"] = tagList() }
            if chance(40) { fields["notes"] = .string(sentence(2...8)) }
        case "task":
            fields = ["calendarId": .string(try parent("calendar", in: fixture)), "title": .string(sentence(1...4))]
            if chance(70) { fields["due"] = .string(time()) }
            if chance(40) { fields["notes"] = .string(sentence(2...8)) }
        case "dog":
            fields = ["name": .string(Self.words.randomElement(using: &random)!)]
            if chance(50) { fields["breed"] = .string(sentence(1...2)) }
        default:
            fields = ["dogId": .string(try parent("dog", in: fixture)), "kind": chance(50) ? "pee" : "poo",
                      "at": .string(time()), "location": location(place: false)]
            if chance(40) { fields["note"] = .string(sentence(1...5)) }
        }
        let record = try fixture.put(type, .object(fields))
        note("put \(type) \(record.id) in \(fixture === a ? "a" : "b")")
    }

    /// Changes one or two fields of a random existing record.
    private func edit(in fixture: IndexFixture) throws {
        guard let record = try someRecord(in: fixture) else { return try put(in: fixture) }
        try fixture.edit(record.id, changes(for: record.type))
        note("edit \(record.type) \(record.id) in \(fixture === a ? "a" : "b")")
    }

    /// Deletes a random record.
    private func delete(in fixture: IndexFixture) throws {
        guard let record = try someRecord(in: fixture) else { return }
        try fixture.delete(record.id)
        note("delete \(record.type) \(record.id) in \(fixture === a ? "a" : "b")")
    }

    /// Undoes the last action, when the store allows it.
    private func undo() throws {
        do {
            try a.store.undo()
            note("undo")
        } catch let error as StoreError {
            note("refused undo: \(error)")
        }
    }

    /// `b` catches up, changes some records (sometimes one `a` also changes), pushes; `a` changes something and syncs.
    private func mergeFromPeer() throws {
        _ = try b.store.sync()
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: try put(in: b)
            case 4..<9: try edit(in: b)
            default: try delete(in: b)
            }
        }
        _ = try b.store.sync()
        // Edit the same record on both sides now and then, so merges combine and keep conflicts.
        if chance(50), let shared = try someRecord(in: b), try a.store.record(id: shared.id) != nil {
            try a.edit(shared.id, changes(for: shared.type))
            try b.edit(shared.id, changes(for: shared.type))
            _ = try b.store.sync()
            note("edit \(shared.type) \(shared.id) on both peers")
        }
        try put(in: a)
        _ = try a.store.sync()
        note("sync merge")
    }

    // MARK: - Steps with the git program

    /// Changes a field of a record file by hand and commits it with `git commit -am`.
    private func gitEdit() throws {
        guard let record = try someRecord(in: a, types: ["entry", "dog", "task", "event"]) else { return try put(in: a) }
        var value = record.value
        switch record.type {
        case "entry": value["text"] = .string("hand: " + sentence(2...6))
        case "dog": value["name"] = .string(Self.words.randomElement(using: &random)!)
        default: value["title"] = .string("hand " + sentence(1...3))
        }
        try a.writeRecordFile(value)
        try a.git("commit", "-q", "-am", "Hand edit")
        note("git edit \(record.type) \(record.id)")
    }

    /// Removes a record file with `git rm` and commits.
    private func gitRemove() throws {
        guard let record = try someRecord(in: a) else { return }
        try a.git("rm", "-q", try a.recordPath(type: record.type, id: record.id))
        try a.git("commit", "-q", "-m", "Remove by hand")
        note("git rm \(record.type) \(record.id)")
    }

    /// Adds a brand-new record file (a copy of an existing record under a new id) with `git add` and commits.
    private func gitAdd() throws {
        guard let record = try someRecord(in: a) else { return try put(in: a) }
        var value = record.value
        let id = RecordID.make()
        value["id"] = .string(id)
        value["conflicts"] = nil
        let path = try a.writeRecordFile(value)
        try a.git("add", path)
        try a.git("commit", "-q", "-m", "Add by hand")
        note("git add \(record.type) \(id)")
    }

    /// Moves HEAD one commit back with `git reset --hard HEAD~1`, when there is more than the first commit.
    private func gitReset() throws {
        guard try a.store.history(limit: 3).count >= 3 else { return try put(in: a) }
        try a.git("reset", "-q", "--hard", "HEAD~1")
        note("git reset --hard HEAD~1")
    }

    // MARK: - Random values

    /// Records a step.
    private func note(_ line: String) { log.append(line) }

    /// True `percent` times in a hundred.
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// A few words from the vocabulary.
    private func sentence(_ count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
    }

    /// A distinct subset of the tags, possibly empty.
    private func tagList() -> JSONValue {
        .array(Self.tags.filter { _ in chance(30) }.map { .string($0) })
    }

    /// A UTC timestamp within about a year.
    private func time() -> String { timestamp(minutes: Int.random(in: 0...500_000, using: &random)) }

    /// A random location, named now and then.
    private func location(place: Bool) -> JSONValue {
        let point = GeoPoint(latitude: Double.random(in: -80...80, using: &random), longitude: Double.random(in: -180...180, using: &random))
        return IndexFixture.location(point, place: place ? sentence(1...3) : nil)
    }

    /// A recurrence rule, with or without an end.
    private func rrule() -> JSONValue {
        chance(50) ? "FREQ=WEEKLY;BYDAY=MO" : .string("FREQ=DAILY;UNTIL=2026\(String(format: "%02d", Int.random(in: 1...12, using: &random)))15T000000Z")
    }

    /// Field changes fitting a record of `type`; `nil` removes an optional field.
    private func changes(for type: String) -> [String: JSONValue?] {
        let which = Int.random(in: 0..<3, using: &random)
        switch type {
        case "entry":
            return [["text": .string(sentence(2...8))], ["tags": chance(70) ? tagList() : Self.remove],
                    ["location": chance(70) ? location(place: chance(50)) : Self.remove, "date": .string(time())]][which]
        case "event":
            return [["title": .string(sentence(1...3))], ["categories": chance(70) ? tagList() : Self.remove],
                    ["rrule": chance(50) ? rrule() : Self.remove]][which]
        case "task":
            return [["title": .string(sentence(1...3))], ["due": chance(70) ? .string(time()) : Self.remove],
                    ["notes": chance(70) ? .string(sentence(1...4)) : Self.remove]][which]
        case "dog":
            return [["name": .string(sentence(1...2))], ["breed": chance(70) ? .string(sentence(1...2)) : Self.remove],
                    ["name": .string(Self.words.randomElement(using: &random)!)]][which]
        default:
            return [["note": .string(sentence(1...3))], ["location": location(place: false)], ["at": .string(time())]][which]
        }
    }

    /// A random record of one of `types` in `fixture`'s store, or `nil` when there is none.
    private func someRecord(in fixture: IndexFixture, types: [String] = RandomHistory.types) throws -> Record? {
        let records = try types.flatMap { try fixture.store.records(ofType: $0) }.sorted { $0.id < $1.id }
        return records.randomElement(using: &random)
    }

    /// The id of an existing record of `type` (journal, calendar or dog), or of a new one now and then.
    private func parent(_ type: String, in fixture: IndexFixture) throws -> String {
        let existing = try fixture.store.records(ofType: type).map(\.id).sorted()
        if let id = existing.randomElement(using: &random), !chance(15) { return id }
        return try fixture.put(type, ["name": .string(sentence(1...2))]).id
    }
}
