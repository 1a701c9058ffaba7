import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport

@Suite("Record envelope")
struct EnvelopeTests {
    static var uuidV7: Regex<Substring> { #/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/# }
    static var timestamp: Regex<Substring> { #/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z/# }

    @Test("a new record gets a lowercase UUIDv7 id, its type, v, timestamps and a clock from this peer")
    func newRecordEnvelope() throws {
        let fixture = try StoreFixture()
        let before = Date()
        let dog = try fixture.put(["name": "Pixel"])
        #expect(dog.id.wholeMatch(of: Self.uuidV7) != nil, "\(dog.id)")
        #expect(dog.type == "dog")
        #expect(dog.value["v"] == 1)
        let createdAt = try #require(dog.createdAt)
        #expect(createdAt.wholeMatch(of: Self.timestamp) != nil)
        #expect(dog.updatedAt == createdAt)
        let clock = try #require(dog.clock.flatMap(HybridClock.init))
        #expect(clock.timestamp == dog.updatedAt)
        #expect(clock.peer == fixture.store.peerID)
        #expect(dog.clock?.split(separator: "/")[1].count == 4, "the counter has at least 4 digits")
        // The time is now, to the millisecond (allowing for clock granularity).
        let milliseconds = try #require(Timestamp.milliseconds(createdAt))
        #expect(abs(Double(milliseconds) / 1000 - before.timeIntervalSince1970) < 5)
        // The id's first 48 bits are the creation time in milliseconds.
        let idTime = Int64(dog.id.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16)
        #expect(abs((idTime ?? 0) - milliseconds) < 5_000)
        // And the stored record is exactly what put returned.
        #expect(try fixture.store.record(id: dog.id) == dog)
    }

    @Test("an update keeps id and createdAt, and moves updatedAt and the clock forward")
    func updateKeepsCreatedAt() throws {
        let fixture = try StoreFixture()
        let first = try fixture.put(["name": "Pixel"])
        usleep(5_000)
        // A caller cannot move createdAt by sending another one.
        let second = try fixture.put(["id": .string(first.id), "name": "Pixel II", "createdAt": "2001-01-01T00:00:00.000Z"])
        #expect(second.id == first.id)
        #expect(second.createdAt == first.createdAt)
        #expect(try #require(second.updatedAt) > first.updatedAt!)
        let one = try #require(first.clock.flatMap(HybridClock.init))
        let two = try #require(second.clock.flatMap(HybridClock.init))
        #expect(one < two)
        #expect(try fixture.store.record(id: first.id)?.createdAt == first.createdAt)
        #expect(try fixture.store.records(ofType: "dog").count == 1)
    }

    @Test("clocks strictly increase across puts, within a transaction and across store instances")
    func clocksIncrease() throws {
        let fixture = try StoreFixture()
        var clocks: [HybridClock] = []
        // Many puts in one transaction usually share milliseconds: the counter must break the tie.
        let records = try fixture.store.transaction { transaction in
            try (0..<50).map { number in try transaction.put(["name": .string("Dog \(number)")], type: "dog") }
        }.value
        clocks += try records.map { try #require($0.clock.flatMap(HybridClock.init)) }
        for _ in 0..<5 { clocks.append(try #require(try fixture.put(["name": "One"]).clock.flatMap(HybridClock.init))) }
        // A second instance on the same store continues from the saved clock.
        let reopened = try Store.open(at: fixture.path)
        let later = try reopened.transaction { try $0.put(["name": "Later"], type: "dog") }.value
        clocks.append(try #require(later.clock.flatMap(HybridClock.init)))
        for (earlier, next) in zip(clocks, clocks.dropFirst()) {
            #expect(earlier < next, "\(earlier) is not before \(next)")
        }
        #expect(Set(clocks.map(\.description)).count == clocks.count)
        #expect(Set(clocks.map(\.peer)) == [fixture.store.peerID])
        // Every clock's time is its record's updatedAt.
        for record in try fixture.store.records(ofType: "dog") {
            #expect(record.clock.flatMap(HybridClock.init)?.timestamp == record.updatedAt)
        }
    }

    @Test("an update's clock is later than the record's current clock, even one from a peer whose clock runs ahead")
    func clockAfterRecordClock() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Rex"])
        // Three hours ahead: a fast clock, within the day a clock may run ahead (a day or more is refused as wrong).
        let ahead = Timestamp.string(milliseconds: HybridClock.nowMilliseconds() + 3 * 3_600_000)
        let aheadClock = "\(ahead)/0007/fa57c10c"
        // The record as a peer with a fast wall clock wrote it, arriving by git (as a pull would bring it).
        var fromPeer = dog.value
        fromPeer["name"] = "Rex from the future"
        fromPeer["updatedAt"] = .string(ahead)
        fromPeer["clock"] = .string(aheadClock)
        try fixture.handEdit(fixture.path(of: dog), CanonicalJSON.string(fromPeer))
        #expect(try fixture.git("commit", "-q", "-am", "Pulled from a peer").status == 0)
        #expect(try fixture.store.record(id: dog.id)?.clock == aheadClock)

        let edited = try fixture.put(["id": .string(dog.id), "name": "Rex, edited here"])
        let theirs = try #require(HybridClock(aheadClock))
        let ours = try #require(edited.clock.flatMap(HybridClock.init))
        // Formats/README.md: the time is the later of the wall clock and the record's clock; the counter goes up on a tie.
        #expect(theirs < ours, "the local edit's clock \(ours) sorts before the clock it replaced \(theirs), so a merge would undo it")
        #expect(ours.timestamp == ahead)
        #expect(ours.counter == 8)
        #expect(ours.peer == fixture.store.peerID)
        #expect(edited.updatedAt == ours.timestamp)
    }

    @Test("ids are unique and sort in creation order")
    func idsSortByTime() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.store.transaction { transaction in
            try (0..<200).map { _ in try transaction.put([:], type: "dog").id }
        }.value
        #expect(Set(ids).count == 200)
        #expect(ids == ids.sorted())
        #expect(ids.allSatisfy { $0.wholeMatch(of: Self.uuidV7) != nil })
        #expect(try fixture.store.records(ofType: "dog").map(\.id) == ids)
    }

    @Test("putting a record with the id of a record of another type is refused")
    func typeOfAnIdIsFixed() throws {
        let fixture = try StoreFixture()
        let dog = try fixture.put(["name": "Pixel"])
        let head = try fixture.store.headCommitID()
        let error = #expect(throws: StoreError.self) {
            try fixture.put(["id": .string(dog.id), "name": "Not a dog"], type: "journal")
        }
        guard case .invalidRecord(_, let violations) = error else {
            Issue.record("expected invalidRecord, got \(String(describing: error))")
            return
        }
        #expect(violations.map(\.path) == ["/id"])
        #expect(error?.description.contains("dog") == true)
        #expect(try fixture.store.headCommitID() == head)
        #expect(try fixture.store.record(id: dog.id) == dog)
        #expect(try fixture.store.records(ofType: "journal").isEmpty)
    }

    @Test("a type field that disagrees with the type put is refused")
    func mismatchedTypeField() throws {
        let fixture = try StoreFixture()
        let head = try fixture.store.headCommitID()
        let error = #expect(throws: StoreError.self) { try fixture.put(["type": "journal", "name": "Rex"], type: "dog") }
        #expect(error?.description.contains("the dog was not saved: the type is \"journal\", but the record is put as dog") == true, "\(String(describing: error))")
        #expect(try fixture.store.headCommitID() == head)
    }
}
