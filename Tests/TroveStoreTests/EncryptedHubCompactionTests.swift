import Foundation
import Testing
import TroveGit
import TroveJSON
import TroveStore
import TroveTestSupport

/// A sync compacts an encrypted hub by itself once it holds more packs than its threshold.
@Suite("compacting an encrypted hub as part of sync")
struct EncryptedHubCompactionTests {
    let fixture = SyncFixture()
    static let branch = "refs/heads/trove-encrypted"

    /// The pack files on the hub's branch, and how many commits the branch has.
    func hubPacks() throws -> (packs: [String], commits: Int) {
        let hub = try Repository(openingAt: fixture.hub)
        let tip = try #require(try hub.referenceTarget(Self.branch))
        let packs = try hub.tree(ofCommit: tip).entry(atPath: "packs").map { try hub.tree($0.id).entries.map(\.name) } ?? []
        var commits = 0
        var commit: ObjectID? = tip
        while let current = commit {
            commits += 1
            commit = try hub.commit(current).parentIDs.first
        }
        return (packs, commits)
    }

    @Test("packs pile up to the threshold; the sync past it leaves one pack in one commit, and a device behind converges")
    func syncCompactsPastThreshold() throws {
        let a = try Store.create(at: fixture.folder.child("a"))
        guard case .created(let phrase) = try a.addEncryptedRemote(name: "usb", url: fixture.hub, create: true) else {
            Issue.record("a new hub")
            return
        }
        try a.put("dog", ["name": "Dog 0"])
        #expect(try a.sync(remote: "usb", compactAfterPacks: 3).compacted == nil)
        let b = try Store.clone(from: fixture.hub, to: fixture.folder.child("b"), recoveryPhrase: phrase)
        for number in 1...2 {
            try a.put("dog", ["name": .string("Dog \(number)")])
            let summary = try a.sync(remote: "usb", compactAfterPacks: 3)
            #expect(summary.compacted == nil && summary.compactionFailure == nil)
        }
        #expect(try hubPacks().packs.count == 3)
        // b writes while a compacts: its push comes after, on top of the compacted hub.
        try b.put("dog", ["name": "From B"])
        try a.put("dog", ["name": "Dog 3"])
        let compacting = try a.sync(remote: "usb", compactAfterPacks: 3)
        let compacted = try #require(compacting.compacted, "\(compacting.compactionFailure ?? "")")
        #expect(compacted.packsBefore == 4)
        #expect(compacted.bytesAfter > 0 && compacted.bytesAfter < compacted.bytesBefore)
        let after = try hubPacks()
        #expect(after.packs.count == 1 && after.commits == 1, "\(after)")

        let merged = try b.sync(remote: "origin", compactAfterPacks: 3)
        #expect(merged.compacted == nil, "one pack more is below the threshold")
        _ = try a.sync(remote: "usb", compactAfterPacks: 3)
        #expect(try fixture.headTree(a) == fixture.headTree(b))
        let names = try Set(b.records(ofType: "dog").compactMap { $0.value["name"]?.stringValue })
        #expect(names == ["Dog 0", "Dog 1", "Dog 2", "Dog 3", "From B"])
        // A device that joins now reads everything from the one pack and what came after it.
        let c = try Store.clone(from: fixture.hub, to: fixture.folder.child("c"), recoveryPhrase: phrase)
        #expect(try fixture.headTree(c) == fixture.headTree(a))
    }
}
