import Foundation
import Testing
import TroveJSON
@testable import TroveStore
import TroveTestSupport

/// A transaction larger than `spillBytes` writes its records out as packs as it goes, and keeps only their ids.
@Suite("Transactions that spill")
struct TransactionSpillTests {
    static func packFiles(_ fixture: StoreFixture) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/.git/objects/pack"))
    }

    static let padding = String(repeating: "a long walk by the canal ", count: 3)

    @Test("records spilled to packs are read back, replaced, deleted and committed as if held")
    func spilledRecordsBehaveAsHeldOnes() throws {
        let fixture = try StoreFixture()
        let early = try fixture.put(["name": "Committed before"])
        let packsBefore = try Self.packFiles(fixture)
        let (made, result) = try fixture.store.transaction { transaction -> [Record] in
            transaction.spillBytes = 4_096
            var made: [Record] = []
            for number in 0..<120 {
                made.append(try transaction.put(["name": .string("Dog \(number)"), "breed": .string(Self.padding)], type: "dog"))
            }
            // Long spilled by now: read back from a pack, replaced, deleted.
            #expect(try transaction.record(id: made[0].id) == made[0])
            made[1] = try transaction.put(["id": .string(made[1].id), "name": "Dog 1, renamed"], type: "dog")
            try transaction.delete(id: made[2].id)
            try transaction.put(["id": .string(early.id), "name": "Renamed in a big transaction"], type: "dog")
            #expect(try transaction.record(id: made[1].id)?.label == "Dog 1, renamed")
            #expect(try transaction.record(id: made[2].id) == nil)
            made.remove(at: 2)
            return made
        }
        #expect(result.commit != nil)
        // Many spills, one pack: its .pack and its .idx, and no temporary file left.
        let added = try Self.packFiles(fixture).subtracting(packsBefore)
        #expect(added.count == 2 && added.allSatisfy { $0.hasPrefix("pack-") }, "\(added)")
        let dogs = try fixture.store.records(ofType: "dog")
        #expect(Set(dogs.map(\.id)) == Set(made.map(\.id) + [early.id]))
        for record in made { #expect(try fixture.store.record(id: record.id) == record) }
        #expect(try fixture.store.record(id: early.id)?.label == "Renamed in a big transaction")
        try expectCheckoutMatchesHead(fixture)
        // The git program agrees: every object is there, the work tree and the git index match HEAD.
        #expect(try fixture.git("fsck", "--strict").status == 0)
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)
    }

    @Test("a transaction given up after spilling leaves no pack behind and the store as it was")
    func givingUpRemovesSpilledPacks() throws {
        let fixture = try StoreFixture()
        try fixture.put(["name": "Kept"])
        let head = try fixture.store.headCommitID()
        let packsBefore = try Self.packFiles(fixture)
        struct GivenUp: Error {}
        #expect(throws: GivenUp.self) {
            try fixture.store.transaction { transaction in
                transaction.spillBytes = 4_096
                for number in 0..<60 { try transaction.put(["name": .string("Dog \(number)"), "breed": .string(Self.padding)], type: "dog") }
                throw GivenUp()
            }
        }
        #expect(try Self.packFiles(fixture) == packsBefore, "no pack, finished or not, is left")
        #expect(try fixture.store.headCommitID() == head)
        #expect(try fixture.store.records(ofType: "dog").map(\.label) == ["Kept"])
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("a record put twice across a spill keeps its second version, once")
    func aRecordPutTwiceAcrossASpill() throws {
        let fixture = try StoreFixture()
        let (first, _) = try fixture.store.transaction { transaction -> Record in
            transaction.spillBytes = 2_048
            let first = try transaction.put(["name": "First", "breed": .string(Self.padding)], type: "dog")
            for number in 0..<10 { try transaction.put(["name": .string("Dog \(number)"), "breed": .string(Self.padding)], type: "dog") }
            try transaction.put(["id": .string(first.id), "name": "Second", "breed": .string(Self.padding)], type: "dog")
            for number in 10..<20 { try transaction.put(["name": .string("Dog \(number)"), "breed": .string(Self.padding)], type: "dog") }
            return first
        }
        #expect(try fixture.store.record(id: first.id)?.label == "Second")
        #expect(try fixture.store.records(ofType: "dog").count == 21)
        try expectCheckoutMatchesHead(fixture)
    }

    @Test("the spill that fills a pack finishes it at once, before the next batch is held, and starts the next pack")
    func fullPackFinishedAtItsSpill() throws {
        let fixture = try StoreFixture()
        let (made, _) = try fixture.store.transaction { transaction -> [Record] in
            transaction.spillBytes = 2_048
            transaction.objectsPerSpillPack = 8
            var made: [Record] = []
            for number in 0..<80 {
                made.append(try transaction.put(["name": .string("Dog \(number)"), "breed": .string(Self.padding)], type: "dog"))
                // Between spills the pack being filled is never already full: that one was finished when it filled.
                #expect((transaction.spillPack?.count ?? 0) < 8, "after record \(number)")
                #expect(transaction.spillPack?.isFinished != true)
            }
            #expect(transaction.finishedSpillPacks.count >= 4)
            #expect(transaction.finishedSpillPacks.allSatisfy { $0.isFinished })
            return made
        }
        for record in made { #expect(try fixture.store.record(id: record.id) == record) }
        #expect(try fixture.git("fsck", "--strict").status == 0)
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)
    }

    @Test("a transaction of more objects than a spill pack takes finishes several, readable throughout; given up, it leaves none")
    func severalSpillPacks() throws {
        let fixture = try StoreFixture()
        let packsBefore = try Self.packFiles(fixture)
        let (made, _) = try fixture.store.transaction { transaction -> [Record] in
            transaction.spillBytes = 2_048
            transaction.objectsPerSpillPack = 8
            var made: [Record] = []
            for number in 0..<80 { made.append(try transaction.put(["name": .string("Dog \(number)"), "breed": .string(Self.padding)], type: "dog")) }
            for record in made { #expect(try transaction.record(id: record.id) == record) }
            return made
        }
        let added = try Self.packFiles(fixture).subtracting(packsBefore)
        #expect(added.filter { $0.hasSuffix(".pack") }.count >= 5, "\(added)")
        for record in made { #expect(try fixture.store.record(id: record.id) == record) }
        #expect(try fixture.git("fsck", "--strict").status == 0)
        #expect(try fixture.git("status", "--porcelain").stdout.isEmpty)

        struct GivenUp: Error {}
        let packsKept = try Self.packFiles(fixture)
        #expect(throws: GivenUp.self) {
            try fixture.store.transaction { transaction in
                transaction.spillBytes = 2_048
                transaction.objectsPerSpillPack = 8
                for number in 0..<80 { try transaction.put(["name": .string("Lost \(number)"), "breed": .string(Self.padding)], type: "dog") }
                throw GivenUp()
            }
        }
        #expect(try Self.packFiles(fixture) == packsKept)
        #expect(try fixture.store.records(ofType: "dog").count == 80)
    }
}
