import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// A hybrid logical clock far in the future (`.git/trove/clock` set to year 9999) wins every last-writer-wins
/// merge from then on. Such clocks are refused: locally (reset to now, with a warning) and on arrival.
@Suite("clocks from the far future (issue 26)")
struct FutureClockTests {
    static let farFuture = "9999-12-31T23:59:59.999Z"

    /// The year of this machine's clock, as records write it.
    var thisYear: String { String(Timestamp.string(Date()).prefix(4)) }

    /// Collects the store's warnings that mention `word` while `body` runs.
    func warnings(mentioning word: String, _ body: () throws -> Void) rethrows -> [String] {
        final class Box: @unchecked Sendable { var lines: [String] = []; let lock = NSLock() }
        let box = Box()
        let previous = Store.warningHandler
        Store.warningHandler = { line in
            box.lock.lock(); defer { box.lock.unlock() }
            if line.contains(word) { box.lines.append(line) } else { previous(line) }
        }
        defer { Store.warningHandler = previous }
        try body()
        return box.lines
    }

    @Test("a local clock file far ahead is reset to now with one warning, and never stamps a record")
    func localClockReset() throws {
        let fixture = try StoreFixture()
        let clockFile = fixture.store.localFolder + "/clock"
        try "\(Self.farFuture)/0007/\(fixture.store.peerID)\n".write(toFile: clockFile, atomically: true, encoding: .utf8)

        var dog: Record?
        let lines = try warnings(mentioning: fixture.path) {
            dog = try fixture.put(["name": "Rex"])
            try fixture.put(["name": "Fido"])
        }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains(Self.farFuture) == true, "\(lines)")
        let stamped = try #require(dog?.clock)
        #expect(stamped.hasPrefix(thisYear), "\(stamped)")
        #expect(dog?.value["updatedAt"]?.stringValue?.hasPrefix(thisYear) == true)
        let saved = try String(contentsOfFile: clockFile, encoding: .utf8)
        #expect(saved.hasPrefix(thisYear), "\(saved)")
    }

    @Test("a clock a few hours ahead (a peer's clock running fast) is kept")
    func nearFutureKept() throws {
        let fixture = try StoreFixture()
        let soon = Timestamp.string(milliseconds: HybridClock.nowMilliseconds() + 3 * 3_600_000)
        try "\(soon)/0000/\(fixture.store.peerID)\n".write(toFile: fixture.store.localFolder + "/clock", atomically: true, encoding: .utf8)
        let dog = try fixture.put(["name": "Rex"])
        #expect(dog.clock?.hasPrefix(soon) == true, "\(dog.clock ?? "")")
    }

    @Test("an edit of a record whose clock is far ahead is stamped with this machine's time")
    func recordClockNotObserved() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        var value = dog.value
        value["updatedAt"] = .string(Self.farFuture)
        value["clock"] = .string("\(Self.farFuture)/0000/elsewhere")
        try fixture.handEdit(fixture.path(of: dog), CanonicalJSON.string(value))
        try #require(fixture.git("commit", "-q", "-am", "From the future").status == 0)
        #expect(try fixture.store.check().map(\.path) == [fixture.path(of: dog)])

        let edited = try fixture.put(["id": .string(dog.id), "name": "Rex II"])
        #expect(edited.clock?.hasPrefix(thisYear) == true, "\(edited.clock ?? "")")
        #expect(try String(contentsOfFile: fixture.store.localFolder + "/clock", encoding: .utf8).hasPrefix(thisYear))
    }

    @Test("an arriving record whose clock is far ahead refuses its commit, naming it")
    func arrivingFutureClockRefused() throws {
        let sync = SyncFixture()
        let a = try sync.firstPeer()
        let dog = try a.put("dog", ["name": "Rex"])
        _ = try a.sync()
        let path = StoreLayout.recordPath(collection: "dogs", id: dog.id)
        let intruder = try HubIntruder(hub: sync.hub)
        var value = dog.value
        value["name"] = "Wins forever"
        value["updatedAt"] = .string(Self.farFuture)
        value["clock"] = .string("\(Self.farFuture)/0000/mallory")
        let hostile = try intruder.commit(parents: [try intruder.head], setting: path, to: CanonicalJSON.encode(value))

        let summary = try #require(try a.sync().first)
        #expect(summary.refused.map(\.commit) == [hostile.description], "\(summary.refused)")
        #expect(summary.refused.first?.reason.contains(path) == true)
        #expect(summary.refused.first?.reason.contains("clock") == true, "\(summary.refused)")
        #expect(try a.record(id: dog.id)?.label == "Rex")

        // The refusal went back to the hub: a clone has the honest dog, and its edits stamp this year.
        let b = try sync.clonedPeer("b")
        #expect(try b.record(id: dog.id)?.label == "Rex")
        #expect(try b.edit(dog.id, ["name": "Rex II"]).clock?.hasPrefix(thisYear) == true)
    }
}
