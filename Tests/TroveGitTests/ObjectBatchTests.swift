import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// Bulk writes kept in memory and written as one pack file instead of thousands of loose objects.
@Suite struct ObjectBatchTests {
    init() { Git.isolateFromGlobalConfiguration() }

    static func content(_ number: Int) -> [UInt8] { bytes("{\n  \"n\": \(number)\n}\n") }

    @Test("1,000 blobs, a tree and a commit written in a batch land in one new pack, no loose objects")
    func onePack() throws {
        let scratch = try Scratch()
        let repository = scratch.repository
        defer { withExtendedLifetime(scratch) {} }
        let packsBefore = try scratch.packFiles()
        let looseBefore = try scratch.looseObjects()
        let (commit, tree, blobs) = try repository.batchingObjectWrites { batch in
            var blobs: [ObjectID] = []
            var changes: [TreeChange] = []
            for number in 0..<1_000 {
                let blob = try batch.writeBlob(Self.content(number))
                blobs.append(blob)
                changes.append(.upsert(path: "records/\(String(format: "%02x", number % 256))/\(number).json", blob: blob))
            }
            let tree = try batch.writeTree(applying: changes, to: nil)
            let signature = Signature.fixed()
            let commit = try batch.createCommit(tree: tree, parents: [], author: signature, committer: signature, message: "import")
            return (commit, tree, blobs)
        }
        let newPacks = Set(try scratch.packFiles()).subtracting(packsBefore)
        #expect(newPacks.count == 1)
        #expect(try scratch.looseObjects() == looseBefore)
        // Readable from the main handle, which never saw the in-memory objects.
        #expect(try repository.commit(commit).treeID == tree)
        #expect(try repository.blob(blobs[0]) == Self.content(0))
        #expect(try repository.blob(blobs[999]) == Self.content(999))
        var files = 0
        try repository.walkFiles(in: repository.tree(tree)) { _, _ in files += 1 }
        #expect(files == 1_000)
        #expect(blobs.allSatisfy(repository.contains))
        // And by plain git: all 1,000 + 256 + 1 + 1 + 1 objects in the pack, and a strict fsck passes.
        try repository.updateReference("refs/heads/main", to: commit, expected: nil, message: "import")
        let counts = try scratch.git("count-objects", "-v")
        #expect(counts.contains("\ncount: 0\n") || counts.hasPrefix("count: 0\n"))
        #expect(counts.contains("in-pack: 1259\n"))
        #expect(counts.contains("packs: 1\n"))
        let fsck = try scratch.gitResult("fsck", "--strict", "--no-dangling")
        #expect(fsck.status == 0, "git fsck: \(fsck.stdout) \(fsck.stderr)")
        #expect(try scratch.git("log", "--format=%s") == "import\n")
    }

    @Test("big blobs in a batch are written loose and synced, the same one twice and one stored before included")
    func bigBlobsLoose() throws {
        let scratch = try Scratch()
        let repository = scratch.repository
        let big = { (seed: UInt8) in (0..<(Repository.bigObjectSize + 1_000)).map { UInt8(truncatingIfNeeded: $0 &* 31) ^ seed } }
        let before = try repository.writeBlob(big(3))
        let looseBefore = try scratch.looseObjects().count
        let (tree, ids) = try repository.batchingObjectWrites { batch in
            let ids = try [big(1), big(2), big(1), big(3)].map { try batch.writeBlob($0) }
            let tree = try batch.writeTree(applying: ids.enumerated().map { .upsert(path: "media/\($0.offset).bin", blob: $0.element) }, to: nil)
            return (tree, ids)
        }
        #expect(ids[3] == before && ids[0] == ids[2])
        #expect(try scratch.looseObjects().count == looseBefore + 2)
        #expect(try repository.blob(ids[0]) == big(1) && repository.blob(ids[1]) == big(2))
        _ = try Self.commit(repository, tree)
        #expect(try scratch.gitResult("fsck", "--strict", "--no-dangling").status == 0)
    }

    /// Writes a commit of `tree` in `batch`, so mempack's commit-driven dump includes the objects.
    static func commit(_ batch: Repository, _ tree: ObjectID, parents: [ObjectID] = []) throws -> ObjectID {
        try batch.createCommit(tree: tree, parents: parents, author: .fixed(), committer: .fixed(), message: "batch")
    }

    @Test("the batch returns the body's result, and objects already stored are not an obstacle")
    func resultAndExistingObjects() throws {
        let scratch = try Scratch()
        let existing = try scratch.repository.writeBlob(Self.content(1))
        let (ids, commit) = try scratch.repository.batchingObjectWrites { batch in
            let ids = try [batch.writeBlob(Self.content(1)), batch.writeBlob(Self.content(2))]
            let tree = try batch.writeTree(applying: [.upsert(path: "a", blob: ids[0]), .upsert(path: "b", blob: ids[1])], to: nil)
            return (ids, try Self.commit(batch, tree))
        }
        #expect(ids[0] == existing)
        #expect(try scratch.repository.blob(ids[1]) == Self.content(2))
        #expect(try scratch.repository.commit(commit).summary == "batch")
    }

    @Test("every object written in a batch is kept, even when no commit refers to it")
    func objectsWithoutCommit() throws {
        let scratch = try Scratch()
        let (blobs, tree) = try scratch.repository.batchingObjectWrites { batch in
            let blobs = try (0..<3).map { try batch.writeBlob(Self.content($0)) }
            let tree = try batch.writeTree(applying: [.upsert(path: "x/only.json", blob: blobs[0])], to: nil)
            return (blobs, tree)
        }
        // The doc comment promises ids returned by the body are valid once the pack is written.
        #expect(blobs.allSatisfy(scratch.repository.contains), "blobs written in the batch were dropped")
        #expect(scratch.repository.contains(tree), "a tree written in the batch was dropped")
        #expect(try scratch.git("count-objects", "-v").contains("in-pack: 5\n"))
    }

    @Test("a batch's pack holds only the objects the batch wrote, not the whole tree again")
    func packHoldsOnlyNewObjects() throws {
        let scratch = try Scratch()
        let files = Dictionary(uniqueKeysWithValues: (0..<500).map { ("r/\($0 % 16)/\($0).json", "{\"n\": \($0)}\n") })
        let base = try scratch.tree(files)
        let parent = try scratch.commit(base)
        let looseBefore = try scratch.looseObjects().count
        #expect(looseBefore == 500 + 16 + 1 + 1 + 1)
        let commit = try scratch.repository.batchingObjectWrites { batch in
            let blob = try batch.writeBlob(bytes("{}\n"))
            let tree = try batch.writeTree(applying: [.upsert(path: "r/1/new.json", blob: blob)], to: batch.tree(base.id))
            return try Self.commit(batch, tree, parents: [parent])
        }
        #expect(try scratch.repository.commit(commit).parentIDs == [parent])
        // New: the blob, the trees root, r and r/1, and the commit. Cost must follow the change, not the store.
        let counts = try scratch.git("count-objects", "-v")
        #expect(counts.contains("in-pack: 5\n"), "\(counts)")
    }

    @Test("inside the batch, objects read back before the pack is written")
    func readInside() throws {
        let scratch = try Scratch()
        try scratch.repository.batchingObjectWrites { batch in
            let blob = try batch.writeBlob(Self.content(7))
            #expect(try batch.blob(blob) == Self.content(7))
            let tree = try batch.writeTree(applying: [.upsert(path: "a/b.json", blob: blob)], to: nil)
            #expect(try batch.tree(tree).entry(atPath: "a/b.json")?.id == blob)
        }
    }

    @Test("a batch whose body throws writes nothing")
    func throwingBody() throws {
        struct Abort: Error {}
        let scratch = try Scratch()
        let packsBefore = try scratch.packFiles()
        let blob = try Repository.blobID(of: Self.content(5))
        #expect(throws: Abort.self) {
            try scratch.repository.batchingObjectWrites { batch in
                _ = try batch.writeBlob(Self.content(5))
                throw Abort()
            }
        }
        #expect(!scratch.repository.contains(blob))
        #expect(try scratch.packFiles() == packsBefore)
        #expect(try scratch.looseObjects().isEmpty)
    }

    @Test("an empty batch succeeds and leaves the repository valid")
    func emptyBatch() throws {
        let scratch = try Scratch()
        let value = try scratch.repository.batchingObjectWrites { _ in 42 }
        #expect(value == 42)
        #expect(scratch.repository.corruptObjects().isEmpty)
        let fsck = try scratch.gitResult("fsck", "--strict")
        #expect(fsck.status == 0, "git fsck: \(fsck.stdout) \(fsck.stderr)")
    }

    @Test("an empty batch writes no pack file")
    func emptyBatchNoPack() throws {
        let scratch = try Scratch()
        try scratch.repository.batchingObjectWrites { _ in }
        #expect(try scratch.packFiles().isEmpty, "an empty pack was written")
    }

    @Test("two batches in a row make two packs that both stay readable")
    func twoBatches() throws {
        let scratch = try Scratch()
        let write = { (number: Int) throws -> ObjectID in
            try scratch.repository.batchingObjectWrites { batch in
                let blob = try batch.writeBlob(Self.content(number))
                _ = try Self.commit(batch, batch.writeTree(applying: [.upsert(path: "\(number)", blob: blob)], to: nil))
                return blob
            }
        }
        let first = try write(1)
        let second = try write(2)
        #expect(try scratch.packFiles().count == 2)
        #expect(try scratch.repository.blob(first) == Self.content(1))
        #expect(try scratch.repository.blob(second) == Self.content(2))
        #expect(scratch.repository.corruptObjects().isEmpty)
    }

    @Test("the pack and index written by hand: sizes across the header's byte boundaries, the empty blob, checked by git verify-pack and fsck")
    func handWrittenPack() throws {
        let scratch = try Scratch()
        // 15/16 and 2047/2048 bytes cross the size header's first and second byte; 60,000 stays under the loose limit.
        let sizes = [0, 1, 15, 16, 127, 128, 2047, 2048, 60_000]
        let contents = sizes.map { size in (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) } }
        let (blobs, commit) = try scratch.repository.batchingObjectWrites { batch in
            let blobs = try contents.map { try batch.writeBlob($0) }
            let tree = try batch.writeTree(applying: blobs.enumerated().map { .upsert(path: "b/\($0.offset)", blob: $0.element) }, to: nil)
            return (blobs, try Self.commit(batch, tree))
        }
        for (blob, content) in zip(blobs, contents) { #expect(try scratch.repository.blob(blob) == content) }
        #expect(blobs[0].hex == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", "the empty blob has git's well-known id")
        try scratch.repository.updateReference("refs/heads/main", to: commit, expected: nil, message: "batch")
        let index = try #require(try scratch.packFiles().first.map { scratch.repository.gitDirectory + "objects/pack/" + $0.dropLast(5) + ".idx" })
        let verify = try scratch.gitResult("verify-pack", "-v", index)
        #expect(verify.status == 0 && verify.stdout.contains("non delta: 12 objects"), "\(verify.stdout)\(verify.stderr)")
        let fsck = try scratch.gitResult("fsck", "--strict", "--no-dangling")
        #expect(fsck.status == 0, "git fsck: \(fsck.stdout) \(fsck.stderr)")
        #expect(scratch.repository.corruptObjects().isEmpty)
    }
}
