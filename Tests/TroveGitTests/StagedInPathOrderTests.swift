import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// A checkout staging in path order (a large import's) writes the index git would: read back by git itself.
@Suite struct StagedInPathOrderTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// The same two checkouts (one made, one that changes, adds and removes) in two repositories, one staging as
    /// usual and one in path order: `git ls-files --stage --debug` (paths, blobs, stat data) reads the same in both,
    /// and git finds the work tree clean.
    @Test("staged in path order and merged with the old index, the same entries as the usual write")
    func sameEntriesAsTheUsualWrite() throws {
        var listings: [String] = []
        for inPathOrder in [false, true] {
            let scratch = try Scratch()
            let repository = scratch.repository
            func content(_ number: Int, _ round: Int) -> [UInt8] { bytes("{\"n\": \(number), \"round\": \(round)}\n") }
            func path(_ number: Int) -> String { "records/entries/\(String(format: "%02x", number % 13))/\(number).json" }
            // Round 0 checks out 900 files; round 1 rewrites every third, removes every fifth and adds 400.
            var present = Set<Int>()
            var tree: ObjectID?
            var parent: ObjectID?
            for round in 0..<2 {
                var changes: [(path: String, number: Int?)] = []
                for number in 0..<(round == 0 ? 900 : 1_300) {
                    if round == 0 || number >= 900 || number % 3 == 0 { changes.append((path(number), number)) }
                    else if number % 5 == 0 { changes.append((path(number), nil)) }
                }
                changes.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
                var treeChanges: [TreeChange] = []
                var blobs: [String: ObjectID] = [:]
                for change in changes {
                    if let number = change.number {
                        blobs[change.path] = try repository.writeBlob(content(number, round))
                        treeChanges.append(.upsert(path: change.path, blob: blobs[change.path]!))
                    } else if present.contains(Int((change.path as NSString).lastPathComponent.dropLast(5))!) {
                        treeChanges.append(.remove(path: change.path))
                    }
                }
                let newTree = try repository.writeTree(applying: treeChanges, to: tree.map { try repository.tree($0) })
                let commit = try repository.createCommit(tree: newTree, parents: parent.map { [$0] } ?? [], author: .fixed(),
                                                         committer: .fixed(), message: "round \(round)")
                try repository.updateReference("refs/heads/main", to: commit, expected: parent, message: "round \(round)")
                let checkout = Checkout(repository)
                if inPathOrder { try checkout.stageInPathOrder() }
                var batch: [(path: String, bytes: [UInt8], blob: ObjectID)] = []
                for change in changes {
                    if let number = change.number {
                        batch.append((change.path, content(number, round), blobs[change.path]!))
                        present.insert(number)
                        if batch.count == 100 { try checkout.write(batch); batch.removeAll() }
                    } else {
                        try checkout.write(batch)
                        batch.removeAll()
                        try checkout.remove(path: change.path)
                        present.remove(Int((change.path as NSString).lastPathComponent.dropLast(5))!)
                    }
                }
                try checkout.write(batch)
                try checkout.finish()
                (tree, parent) = (newTree, commit)
            }
            let listing = try scratch.gitResult("ls-files", "--stage")
            #expect(listing.status == 0, "\(listing.stderr)")
            #expect(listing.stdout.split(separator: "\n").count == present.count)
            listings.append(listing.stdout)
            let status = try scratch.gitResult("status", "--porcelain")
            #expect(status.status == 0 && status.stdout.isEmpty, "\(status.stdout.prefix(300)) \(status.stderr)")
            let verified = try scratch.gitResult("fsck", "--no-dangling")
            #expect(verified.status == 0, "\(verified.stderr)")
            // git reads the stat data we wrote: nothing it would refresh.
            let stale = try scratch.gitResult("diff-files", "--name-only")
            #expect(stale.stdout.isEmpty, "\(stale.stdout.prefix(200))")
        }
        #expect(listings[0] == listings[1])
    }
}
