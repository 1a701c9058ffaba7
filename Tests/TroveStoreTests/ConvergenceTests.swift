import Foundation
import Testing
import TroveJSON
import TroveStore
import TroveTestSupport


@Suite("convergence")
struct ConvergenceTests {
    /// Every value ever written to a field, so the end state can be checked for lost edits.
    struct Written: Hashable { var id: String; var field: String; var value: JSONValue }

    /// The value a peer overwrites, having seen it, is superseded, not lost; only concurrent values must survive.
    func supersede(_ id: String, _ field: String, seenBy peer: Store, in written: inout Set<Written>) throws {
        if let old = try peer.record(id: id)?.value[field] { written.remove(Written(id: id, field: field, value: old)) }
    }

    @Test("three peers, random edits and syncs in random order: identical trees, nothing lost", arguments: [7, 42])
    func threePeersConverge(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = SyncFixture()
        let first = try fixture.firstPeer("p0")
        let peers = [first, try fixture.clonedPeer("p1"), try fixture.clonedPeer("p2")]
        var written = Set<Written>()
        var known: [String] = []  // ids some peer has seen

        for step in 0..<240 {
            let peer = peers[Int.random(in: 0..<peers.count, using: &random)]
            let local = try peer.records(ofType: "dog").map(\.id)
            // With no dog yet, the only possible edit is to add one.
            switch local.isEmpty ? 0 : Int.random(in: 0..<10, using: &random) {
            case 0...2:
                let name = JSONValue.string("dog \(step)")
                let id = try peer.put("dog", ["name": name]).id
                written.insert(Written(id: id, field: "name", value: name))
                known.append(id)
            case 3...5:
                let id = local[Int.random(in: 0..<local.count, using: &random)]
                let name = JSONValue.string("renamed \(step)")
                try supersede(id, "name", seenBy: peer, in: &written)
                try peer.edit(id, ["name": name])
                written.insert(Written(id: id, field: "name", value: name))
            case 6...7:
                let id = local[Int.random(in: 0..<local.count, using: &random)]
                let breed = JSONValue.string("\(["collie", "pug", "lab", "mutt"][Int.random(in: 0..<4, using: &random)]) \(step)")
                try supersede(id, "breed", seenBy: peer, in: &written)
                try peer.edit(id, ["breed": breed])
                written.insert(Written(id: id, field: "breed", value: breed))
            default:
                _ = try peer.sync()
            }
        }
        // A final round: everyone syncs twice, so every change has reached every peer.
        for _ in 0..<2 { for peer in peers { _ = try peer.sync() } }

        let trees = try peers.map { try fixture.headTree($0) }
        #expect(Set(trees).count == 1, "peers ended on different trees: \(trees)")
        for peer in peers { #expect(try fixture.gitStatus(peer).isEmpty) }

        let records = Dictionary(uniqueKeysWithValues: try first.records(ofType: "dog").map { ($0.id, $0) })
        #expect(Set(records.keys) == Set(known), "every dog created on any peer exists at the end")
        for edit in written {
            let record = try #require(records[edit.id])
            let current = record.value[edit.field]
            let kept = first.conflicts(in: record).filter { $0.field == edit.field }.compactMap(\.kept)
            #expect(current == edit.value || kept.contains(edit.value),
                    "\(edit.field) = \(edit.value) of \(edit.id) is neither the value nor a kept conflict")
        }
        #expect(try first.check().isEmpty)
        #expect(try StoreAudit.schemaProblems(in: first.path) == [])
    }
}
