import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// The streaming tree writer against libgit2's own tree update, and git's check of what it wrote.
@Suite struct TreeWriterTests {
    init() { Git.isolateFromGlobalConfiguration() }

    /// Changes of every kind: new folders, folders emptied and dropped, names that sort differently as a folder
    /// ("a.json" before "a/", "a-b" before "a"), a file replaced, files removed that were never there.
    @Test("folder by folder into a pack, the same trees as libgit2 writes, which git fsck accepts")
    func sameTreesAsLibgit2() throws {
        let scratch = try Scratch()
        let repository = scratch.repository
        var generator = SystemRandomNumberGenerator()
        func blob(_ text: String) throws -> ObjectID { try repository.writeBlob(Array(text.utf8)) }
        var basePaths: [TreeChange] = []
        for number in 0..<300 {
            let shard = String(format: "%02x", number % 17)
            basePaths.append(.upsert(path: "records/entries/\(shard)/\(number).json", blob: try blob("entry \(number)")))
        }
        basePaths += [
            .upsert(path: "a.json", blob: try blob("a")), .upsert(path: "a/inner.json", blob: try blob("inner")),
            .upsert(path: "a-b/x", blob: try blob("x")), .upsert(path: "trove.json", blob: try blob("{}")),
            .upsert(path: "gone/only.json", blob: try blob("only")),
        ]
        let base = try repository.tree(repository.writeTree(applying: basePaths, to: nil))
        for round in 0..<8 {
            var changes: [TreeChange] = []
            for number in 0..<400 where Int.random(in: 0..<3, using: &generator) == 0 {
                let shard = String(format: "%02x", number % (round % 2 == 0 ? 17 : 23))
                let path = "records/\(round % 3 == 0 ? "events" : "entries")/\(shard)/\(number).json"
                changes.append(Bool.random(using: &generator) ? .remove(path: path) : .upsert(path: path, blob: try blob("v\(round) \(number)")))
            }
            changes += [.remove(path: "gone/only.json"), .upsert(path: "a/inner.json", blob: try blob("inner \(round)")),
                        .upsert(path: "a-b/y", blob: try blob("y")), .remove(path: "never/there.json")]
            var seen = Set<String>()
            changes = changes.filter { seen.insert($0.path).inserted }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            // libgit2 refuses to remove what is not there; the writer passes over it.
            let expected = try repository.writeTree(applying: changes.filter {
                if case .remove(let path) = $0 { base.entry(atPath: path) != nil } else { true }
            }, to: base)
            let pack = try PackStream(in: repository)
            let written = try repository.writeTree(applyingSorted: changes, to: base, into: pack)
            try pack.finish()
            #expect(written == expected, "round \(round)")
            #expect(try repository.tree(written).entry(atPath: "gone") == nil, "an emptied folder is dropped")
        }
        // Everything removed: the empty tree.
        let pack = try PackStream(in: repository)
        let removals = basePaths.map { TreeChange.remove(path: $0.path) }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let empty = try repository.writeTree(applyingSorted: removals, to: base, into: pack)
        try pack.finish()
        #expect(empty == (try repository.emptyTreeID()))
        let fsck = try scratch.gitResult("fsck", "--strict", "--no-dangling")
        #expect(fsck.status == 0, "\(fsck.stderr)")
    }
}
