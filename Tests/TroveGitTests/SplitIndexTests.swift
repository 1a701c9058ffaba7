import Foundation
import Testing
@testable import TroveGit
import TroveTestSupport

/// Split indexes: written over a shared index, read back by Trove, by libgit2 (after unsplitting) and by plain git.
@Suite struct SplitIndexTests {
    init() { Git.isolateFromGlobalConfiguration() }

    @Test("EWAH bitmaps round-trip sparse, dense, empty and run-heavy sets")
    func ewahRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var sets: [[Int]] = [[], [0], [63], [64], [0, 1, 2, 3], Array(0..<640), Array(100..<1000) + [5000], [1_000_000]]
        for _ in 0..<50 {
            let size = Int.random(in: 1...5000, using: &generator)
            let density = Double.random(in: 0...1, using: &generator)
            sets.append((0..<size).filter { _ in Double.random(in: 0...1, using: &generator) < density })
        }
        for positions in sets {
            let encoded = Ewah.encode(positions)
            let decoded = encoded.withUnsafeBufferPointer { Ewah.decode($0) }
            #expect(decoded?.positions == positions)
            #expect(decoded?.length == encoded.count)
        }
    }

    @Test("a corrupt EWAH bitmap is refused, not expanded")
    func ewahCorrupt() {
        // bit size 64, one word: a marker claiming a run of 2^32-1 set words.
        var bytes: [UInt8] = [0, 0, 0, 64, 0, 0, 0, 1]
        withUnsafeBytes(of: (UInt64(0xFFFF_FFFF) << 1 | 1).bigEndian) { bytes.append(contentsOf: $0) }
        bytes += [0, 0, 0, 0]
        #expect(bytes.withUnsafeBufferPointer { Ewah.decode($0) } == nil)
        #expect([UInt8]([0, 0, 0, 1]).withUnsafeBufferPointer { Ewah.decode($0) } == nil)
    }

    /// A repository whose index splits from four entries, with `count` files committed and checked out.
    func splitRepository(_ count: Int) throws -> (Scratch, [String: ObjectID]) {
        let scratch = try Scratch()
        scratch.repository.indexSplitThreshold = 4
        var blobs: [String: ObjectID] = [:]
        for number in 0..<count { blobs[path(number)] = try scratch.repository.writeBlob(bytes("file \(number)\n")) }
        try commitAndCheckOut(scratch, blobs, removed: [], parent: nil)
        return (scratch, blobs)
    }

    func path(_ number: Int) -> String { String(format: "notes/%02x/%05d.json", number % 7, number) }

    /// Commits `blobs` (all files), writes the changed ones and removes `removed`, as the store does.
    @discardableResult
    func commitAndCheckOut(_ scratch: Scratch, _ blobs: [String: ObjectID], changed: [String]? = nil, removed: [String], parent: ObjectID?) throws -> ObjectID {
        let repository = scratch.repository
        let tree = try repository.writeTree(applying: blobs.map { .upsert(path: $0.key, blob: $0.value) }, to: nil)
        let commit = try repository.createCommit(
            tree: tree, parents: parent.map { [$0] } ?? [], author: .fixed(), committer: .fixed(), message: "files")
        try repository.updateReference("refs/heads/main", to: commit, expected: parent, message: "files")
        let checkout = Checkout(repository)
        for path in changed ?? Array(blobs.keys) {
            try checkout.write(path: path, bytes: repository.blob(blobs[path]!), blob: blobs[path]!)
        }
        for path in removed { try checkout.remove(path: path) }
        try checkout.finish()
        return commit
    }

    /// What plain git stages: path → blob.
    func gitStaged(_ scratch: Scratch) throws -> [String: String] {
        var staged: [String: String] = [:]
        for line in try scratch.git("ls-files", "-s").split(separator: "\n") {
            let fields = line.split(separator: "\t")
            staged[String(fields[1])] = String(fields[0].split(separator: " ")[1])
        }
        return staged
    }

    func sharedIndexes(_ scratch: Scratch) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.repository.gitDirectory).filter { $0.hasPrefix("sharedindex.") }
    }

    @Test("small changes over a split index: git, libgit2 and Trove all see the same clean index")
    func changesOverSplit() throws {
        let (scratch, initial) = try splitRepository(60)
        var blobs = initial
        #expect(try GitIndexFile(gitDirectory: scratch.repository.gitDirectory)?.isSplit == true)
        #expect(try sharedIndexes(scratch).count == 1)
        var head = try scratch.repository.headCommitID()
        // Change two, add one, remove one: four changes over 60 shared entries stay in the small index.
        blobs[path(3)] = try scratch.repository.writeBlob(bytes("changed 3\n"))
        blobs[path(40)] = try scratch.repository.writeBlob(bytes("changed 40\n"))
        blobs[path(100)] = try scratch.repository.writeBlob(bytes("new 100\n"))
        blobs[path(7)] = nil
        head = try commitAndCheckOut(scratch, blobs, changed: [path(3), path(40), path(100)], removed: [path(7)], parent: head)
        let index = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory))
        #expect(index.isSplit)
        #expect(index.count == blobs.count)
        for (path, blob) in blobs { #expect(index.entryID(atPath: path) == blob) }
        #expect(!index.contains(path(7)))
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
        #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "")
        #expect(try scratch.git("diff-files", "--name-only") == "")
        _ = try scratch.git("fsck", "--strict", "--no-progress")
        #expect(try scratch.repository.status(cachingIn: scratch.folder.child("status-cache")).isEmpty)
        // libgit2 reads it once unsplit, with the same entries.
        let gitIndex = try scratch.repository.index()
        #expect(gitIndex.count == blobs.count)
        #expect(try GitIndexFile(gitDirectory: scratch.repository.gitDirectory)?.isSplit == false)
        #expect(try scratch.repository.status().isEmpty)
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
    }

    @Test("once changes outgrow a tenth of the shared index, a new shared index takes them all")
    func resplit() throws {
        let (scratch, initial) = try splitRepository(50)
        var blobs = initial
        let firstShared = try sharedIndexes(scratch)
        var head = try scratch.repository.headCommitID()
        for round in 0..<12 {
            let changed = path(round)
            blobs[changed] = try scratch.repository.writeBlob(bytes("round \(round)\n"))
            head = try commitAndCheckOut(scratch, blobs, changed: [changed], removed: [], parent: head)
            #expect(try gitStaged(scratch) == blobs.mapValues(\.hex), "after round \(round)")
        }
        let index = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory))
        #expect(index.isSplit)
        #expect(try !sharedIndexes(scratch).allSatisfy(firstShared.contains))
        #expect(try scratch.git("status", "--porcelain") == "")
        _ = try scratch.git("fsck", "--strict", "--no-progress")
    }

    @Test("an index that shrinks below the threshold is written plain again")
    func shrinkToPlain() throws {
        let (scratch, blobs) = try splitRepository(6)
        let removed = Array(blobs.keys.sorted().prefix(4))
        var left = blobs
        for path in removed { left[path] = nil }
        try commitAndCheckOut(scratch, left, changed: [], removed: removed, parent: try scratch.repository.headCommitID())
        #expect(try GitIndexFile(gitDirectory: scratch.repository.gitDirectory)?.isSplit == false)
        #expect(try gitStaged(scratch) == left.mapValues(\.hex))
        #expect(try scratch.git("status", "--porcelain") == "")
    }

    @Test("a split index written by plain git, with its own bitmaps and nameless entries, reads as git reads it")
    func readsGitsSplitIndex() throws {
        let (scratch, blobs) = try splitRepository(30)
        try GitIndexFile.unsplit(gitDirectory: scratch.repository.gitDirectory)
        _ = try scratch.git("update-index", "--split-index")
        // git now changes a few entries and removes one, writing replace and delete bitmaps.
        for number in [2, 9, 17] {
            try "edited \(number)\n".write(toFile: scratch.path + "/" + path(number), atomically: false, encoding: .utf8)
        }
        try FileManager.default.removeItem(atPath: scratch.path + "/" + path(5))
        try "brand new\n".write(toFile: scratch.path + "/notes/zz.json", atomically: false, encoding: .utf8)
        _ = try scratch.git("add", "-A")
        let expected = try gitStaged(scratch)
        #expect(expected.count == blobs.count)
        let index = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory))
        #expect(index.isSplit)
        var read: [String: String] = [:]
        for position in 0..<index.count {
            read[index.withPath(position) { String(decoding: $0, as: UTF8.self) }] = index.blob(position).hex
        }
        #expect(read == expected)
        // Trove's next write over git's split index keeps git's view.
        let checkout = Checkout(scratch.repository)
        let blob = try scratch.repository.writeBlob(bytes("trove wrote\n"))
        try checkout.write(path: path(9), bytes: bytes("trove wrote\n"), blob: blob)
        try checkout.finish()
        var after = expected
        after[path(9)] = blob.hex
        #expect(try gitStaged(scratch) == after)
        #expect(try scratch.git("diff-files", "--name-only") == "")
    }

    @Test("unsplitting waits for a writer's lock and keeps what it wrote")
    func unsplitWaitsForLock() throws {
        let (scratch, blobs) = try splitRepository(20)
        let lock = scratch.repository.gitDirectory + "index.lock"
        FileManager.default.createFile(atPath: lock, contents: Data())
        let released = Date().addingTimeInterval(0.2)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { unlink(lock) }
        try scratch.repository.ensurePlainIndex()
        #expect(Date() >= released)
        #expect(try GitIndexFile(gitDirectory: scratch.repository.gitDirectory)?.isSplit == false)
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
    }

    @Test("a lazy reading searches Trove's shared index in place and finds what a whole reading finds")
    func lazyLookupsMatch() throws {
        let (scratch, initial) = try splitRepository(300)
        var blobs = initial
        var head = try scratch.repository.headCommitID()
        // Rounds of changes, each through the small index only: edits, removals, additions, and a removed path added back.
        let rounds: [(changed: [Int], removed: [Int])] = [([0, 64, 299, 400], [5, 128]), ([5, 401], [400, 0]), ([128, 7], [299])]
        for (round, step) in rounds.enumerated() {
            for number in step.changed { blobs[path(number)] = try scratch.repository.writeBlob(bytes("round \(round) \(number)\n")) }
            for number in step.removed { blobs[path(number)] = nil }
            head = try commitAndCheckOut(
                scratch, blobs, changed: step.changed.map(path), removed: step.removed.map(path), parent: head)
            let lazy = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory, lazily: true))
            let whole = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory))
            #expect(lazy.delta?.shared.blocks?.count == (300 + GitSharedIndex.blockSize - 1) / GitSharedIndex.blockSize)
            #expect(whole.delta == nil)
            #expect(lazy.count == blobs.count && whole.count == blobs.count)
            let probes = (0..<402).map(path) + ["", "a", "notes/", "notes/06/99999.json", "zzz"]
            for probe in probes {
                #expect(lazy.entryID(atPath: probe) == blobs[probe], "round \(round): \(probe)")
                #expect(whole.entryID(atPath: probe) == blobs[probe], "round \(round): \(probe)")
            }
            #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
        }
        // git reads the offset table too, with threads, and finds the index sound.
        #expect(try scratch.git("-c", "index.threads=4", "ls-files", "-s").split(separator: "\n").count == blobs.count)
        #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "")
        _ = try scratch.git("fsck", "--strict", "--no-progress")
    }

    @Test("git's own offset table serves lazy lookups, and Trove's next write over git's split index keeps git's view")
    func gitsOffsetTable() throws {
        let (scratch, _) = try splitRepository(400)
        try GitIndexFile.unsplit(gitDirectory: scratch.repository.gitDirectory)
        _ = try scratch.git("-c", "index.threads=2", "-c", "index.recordOffsetTable=true", "-c", "index.recordEndOfIndexEntries=true",
                            "update-index", "--split-index")
        let lazy = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory, lazily: true))
        #expect(lazy.delta?.shared.blocks != nil)
        let staged = try gitStaged(scratch)
        for (path, blob) in staged { #expect(lazy.entryID(atPath: path)?.hex == blob) }
        let blob = try scratch.repository.writeBlob(bytes("trove wrote\n"))
        let checkout = Checkout(scratch.repository)
        try checkout.write(path: path(9), bytes: bytes("trove wrote\n"), blob: blob)
        try checkout.remove(path: path(10))
        try checkout.finish()
        var after = staged
        after[path(9)] = blob.hex
        after[path(10)] = nil
        #expect(try gitStaged(scratch) == after)
        #expect(try scratch.git("diff-files", "--name-only") == "")
    }

    @Test("an offset table that does not add up is not trusted: the shared index is read whole")
    func damagedOffsetTable() throws {
        let (scratch, blobs) = try splitRepository(200)
        let gitDirectory = scratch.repository.gitDirectory
        let name = try #require(try sharedIndexes(scratch).first)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: gitDirectory + name)))
        // The last byte of the EOIE hash, just before the trailer: the table's signatures and sizes no longer match it.
        bytes[bytes.count - 21] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: gitDirectory + name))
        let lazy = try #require(GitIndexFile(gitDirectory: gitDirectory, lazily: true))
        #expect(lazy.delta == nil)
        for (path, blob) in blobs { #expect(lazy.entryID(atPath: path) == blob) }
    }
}
