import Foundation
import Testing
@testable import TroveGit
import TroveTestSupport

/// The git index as Trove writes it (plain, with git's entry offset table) and reads it (lazily through the table,
/// or whole), checked against git and libgit2; and split indexes written by git, read and rewritten plain.
@Suite struct GitIndexFileTests {
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

    /// A repository with `count` files committed, checked out and staged by Trove.
    func repository(_ count: Int) throws -> (Scratch, [String: ObjectID]) {
        let scratch = try Scratch()
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

    /// The offset table of the index file as it is on disk.
    func offsetTable(_ scratch: Scratch) throws -> EntryOffsetTable? {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.repository.gitDirectory + "index")))
        return bytes.withUnsafeBufferPointer { EntryOffsetTable($0) }
    }

    @Test("rounds of edits, removals and additions: the lazy and whole readings, git and libgit2 all see the same clean index")
    func roundsOfChanges() throws {
        let (scratch, initial) = try repository(300)
        var blobs = initial
        var head = try scratch.repository.headCommitID()
        // Edits, removals, additions (at the ends and between blocks), a removed path added back, and a run of
        // additions into one block, which must be laid out again in blocks of 64.
        let rounds: [(changed: [Int], removed: [Int])] = [
            ([0, 64, 299, 400], [5, 128]), ([5, 401], [400, 0]), ([128, 7], [299]), (Array(1000..<1150), []),
            ([], Array(1000..<1150) + Array(10..<80)), (Array(10..<80), []),
        ]
        for (round, step) in rounds.enumerated() {
            for number in step.changed { blobs[path(number)] = try scratch.repository.writeBlob(bytes("round \(round) \(number)\n")) }
            for number in step.removed { blobs[path(number)] = nil }
            head = try commitAndCheckOut(
                scratch, blobs, changed: step.changed.map(path), removed: step.removed.map(path), parent: head)
            let table = try #require(try offsetTable(scratch), "round \(round): Trove's index ends with an offset table")
            #expect(table.count == blobs.count)
            #expect(table.blocks.allSatisfy { $0.count <= 2 * EntryOffsetTable.blockSize }, "round \(round)")
            let lazy = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory, lazily: true))
            let whole = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory))
            #expect(lazy.table != nil && lazy.entries.isEmpty)
            #expect(whole.table == nil && !whole.isSplit)
            #expect(lazy.count == blobs.count && whole.count == blobs.count)
            let probes = (0..<402).map(path) + (1000..<1150).map(path) + ["", "a", "notes/", "notes/06/99999.json", "zzz"]
            for probe in probes {
                #expect(lazy.entryID(atPath: probe) == blobs[probe], "round \(round): \(probe)")
                #expect(whole.entryID(atPath: probe) == blobs[probe], "round \(round): \(probe)")
            }
            #expect(try gitStaged(scratch) == blobs.mapValues(\.hex), "round \(round)")
            #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "", "round \(round)")
            // libgit2 reads the same file (its optional extensions skipped) with the same entries and a clean status.
            let gitIndex = try scratch.repository.index()
            try gitIndex.reload()
            #expect(gitIndex.count == blobs.count)
            for (path, blob) in blobs { #expect(gitIndex.entryID(atPath: path) == blob) }
            #expect(try scratch.repository.status().isEmpty)
        }
        #expect(try sharedIndexes(scratch).isEmpty)
        // git reads the offset table too, with threads, and finds the index sound.
        #expect(try scratch.git("-c", "index.threads=4", "ls-files", "-s").split(separator: "\n").count == blobs.count)
        _ = try scratch.git("fsck", "--strict", "--no-progress")
    }

    @Test("an index write begun ahead gives the same file as one written at once; changes it did not expect, or none, leave no lock")
    func writeAhead() throws {
        let (scratch, initial) = try repository(600)
        let gitDirectory = scratch.repository.gitDirectory
        var blobs = initial
        let head = try scratch.repository.headCommitID()
        // A change in the last block, one added after every path, one removed: most of the file is written ahead.
        let changed = [path(598), path(900)], removed = [path(599)]
        for number in [598, 900] { blobs[path(number)] = try scratch.repository.writeBlob(bytes("ahead \(number)\n")) }
        blobs[path(599)] = nil
        let before = try Data(contentsOf: URL(fileURLWithPath: gitDirectory + "index"))
        let ahead = try #require(try GitIndexFile.WriteAhead(gitDirectory: gitDirectory, upserting: changed, removing: removed, worthFrom: 0))
        #expect(ahead.blocks > 0)
        #expect(FileManager.default.fileExists(atPath: gitDirectory + "index.lock"), "it holds the lock")
        var entries: [GitIndexFile.Entry] = []
        for path in changed {
            try bytes("ahead \(path == self.path(598) ? 598 : 900)\n").withUnsafeBytes { buffer in
                try Data(buffer).write(to: URL(fileURLWithPath: scratch.path + "/" + path))
            }
            var info = stat()
            lstat(scratch.path + "/" + path, &info)
            entries.append(GitIndexFile.Entry(path: path, blob: blobs[path]!, fileStat: info))
        }
        try FileManager.default.removeItem(atPath: scratch.path + "/" + path(599))
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: entries, removals: removed, ahead: ahead)
        let withAhead = try Data(contentsOf: URL(fileURLWithPath: gitDirectory + "index"))
        // The same changes written at once, over the same old index, give the same bytes.
        try before.write(to: URL(fileURLWithPath: gitDirectory + "index"))
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: entries, removals: removed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: gitDirectory + "index")) == withAhead)
        #expect(!FileManager.default.fileExists(atPath: gitDirectory + "index.lock"))
        let tree = try scratch.repository.writeTree(applying: blobs.map { .upsert(path: $0.key, blob: $0.value) }, to: nil)
        let commit = try scratch.repository.createCommit(tree: tree, parents: [head!], author: .fixed(), committer: .fixed(), message: "ahead")
        try scratch.repository.updateReference("refs/heads/main", to: commit, expected: head, message: "ahead")
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
        #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "")

        // git's status rewrote the index without the offset table: nothing is written ahead until Trove writes it again.
        #expect(try GitIndexFile.WriteAhead(gitDirectory: gitDirectory, upserting: [path(597)], removing: [], worthFrom: 0) == nil)
        #expect(!FileManager.default.fileExists(atPath: gitDirectory + "index.lock"))
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: [], removals: [])
        // Begun for one path, finished with another: written afresh, right, and the lock is gone.
        let other = try #require(try GitIndexFile.WriteAhead(gitDirectory: gitDirectory, upserting: [path(597)], removing: [], worthFrom: 0))
        var info = stat()
        lstat(scratch.path + "/" + path(3), &info)
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: [GitIndexFile.Entry(path: path(3), blob: blobs[path(3)]!, fileStat: info)],
                               removals: [], ahead: other)
        #expect(!FileManager.default.fileExists(atPath: gitDirectory + "index.lock"))
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
        #expect(try scratch.git("status", "--porcelain", "--untracked-files=all") == "")

        // Begun and dropped (a commit that failed): the lock goes with it, and the index is as it was.
        try GitIndexFile.write(gitDirectory: gitDirectory, upserts: [], removals: [])
        let index = try Data(contentsOf: URL(fileURLWithPath: gitDirectory + "index"))
        do {
            let dropped = try GitIndexFile.WriteAhead(gitDirectory: gitDirectory, upserting: [path(601)], removing: [], worthFrom: 0)
            #expect(dropped != nil)
        }
        #expect(!FileManager.default.fileExists(atPath: gitDirectory + "index.lock"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: gitDirectory + "index")) == index)
    }

    @Test("a split index written by plain git, with its own bitmaps and nameless entries, reads as git reads it and is rewritten plain")
    func readsGitsSplitIndex() throws {
        let (scratch, blobs) = try repository(30)
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
        #expect(try sharedIndexes(scratch).count == 1)
        let index = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory))
        #expect(index.isSplit)
        var read: [String: String] = [:]
        for position in 0..<index.count {
            read[index.withPath(position) { String(decoding: $0, as: UTF8.self) }] = index.blob(position).hex
        }
        #expect(read == expected)
        #expect(scratch.repository.indexCondition == .split)
        // Trove's next write over git's split index keeps git's view and writes it plain.
        let checkout = Checkout(scratch.repository)
        let blob = try scratch.repository.writeBlob(bytes("trove wrote\n"))
        try checkout.write(path: path(9), bytes: bytes("trove wrote\n"), blob: blob)
        try checkout.finish()
        var after = expected
        after[path(9)] = blob.hex
        #expect(try gitStaged(scratch) == after)
        #expect(try scratch.git("diff-files", "--name-only") == "")
        #expect(scratch.repository.indexCondition == .usable)
        #expect(try offsetTable(scratch) != nil)
        #expect(try sharedIndexes(scratch).isEmpty)
        #expect(try scratch.repository.index().count == after.count)
    }

    @Test("rewriting a split index waits for a writer's lock, keeps what is staged, and libgit2 then reads it")
    func rewriteSplitIndexWaitsForLock() throws {
        let (scratch, blobs) = try repository(20)
        _ = try scratch.git("update-index", "--split-index")
        let lock = scratch.repository.gitDirectory + "index.lock"
        FileManager.default.createFile(atPath: lock, contents: Data())
        let released = Date().addingTimeInterval(0.2)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { unlink(lock) }
        try scratch.repository.rewriteSplitIndex()
        #expect(Date() >= released)
        #expect(scratch.repository.indexCondition == .usable)
        #expect(try sharedIndexes(scratch).isEmpty)
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
        #expect(try scratch.repository.status().isEmpty)
    }

    @Test("git's own offset table serves lazy lookups, and Trove's next write keeps git's view")
    func gitsOffsetTable() throws {
        let (scratch, _) = try repository(400)
        _ = try scratch.git("-c", "index.threads=2", "-c", "index.recordOffsetTable=true", "-c", "index.recordEndOfIndexEntries=true",
                            "update-index", "--force-write-index")
        let lazy = try #require(GitIndexFile(gitDirectory: scratch.repository.gitDirectory, lazily: true))
        #expect(lazy.table != nil, "git wrote its own offset table")
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

    @Test("an offset table that does not add up is not trusted: the index is read whole, and the next write lays it out again")
    func damagedOffsetTable() throws {
        let (scratch, blobs) = try repository(200)
        let gitDirectory = scratch.repository.gitDirectory
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: gitDirectory + "index")))
        // The last byte of the EOIE hash, just before the trailer: the table's signatures and sizes no longer match it.
        bytes[bytes.count - 21] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: gitDirectory + "index"))
        #expect(try offsetTable(scratch) == nil)
        let lazy = try #require(GitIndexFile(gitDirectory: gitDirectory, lazily: true))
        #expect(lazy.table == nil)
        for (path, blob) in blobs { #expect(lazy.entryID(atPath: path) == blob) }
        // Block offsets that point elsewhere (the first block's moved by 8 bytes) are refused too.
        let (other, _) = try repository(200)
        var shifted = try [UInt8](Data(contentsOf: URL(fileURLWithPath: other.repository.gitDirectory + "index")))
        let table = try #require(shifted.withUnsafeBufferPointer { EntryOffsetTable($0) })
        let ieot = table.entriesEnd + 8 + 4
        shifted[ieot + 3] &+= 8
        #expect(shifted.withUnsafeBufferPointer { EntryOffsetTable($0) } == nil)
        try commitAndCheckOut(scratch, blobs, changed: [path(3)], removed: [], parent: try scratch.repository.headCommitID())
        #expect(try offsetTable(scratch) != nil)
        #expect(try gitStaged(scratch) == blobs.mapValues(\.hex))
    }

    /// A commit that fails after beginning its index write drops its checkout: the write's threads, still copying
    /// and hashing the old index's mapped bytes, must finish before the mapping goes (a read of freed memory crashed
    /// the suite once), and the lock must go with them.
    @Test("a checkout dropped after beginning its index write waits for it, leaves no lock and the index as it was")
    func droppedWriteAhead() throws {
        let scratch = try Scratch()
        let blob = try scratch.repository.writeBlob(bytes("x"))
        // 20,000 entries: an index of about 1.8 MB, which is written ahead up to the changed path near its end.
        let entries = (0..<20_000).map { GitIndexFile.Entry(path: String(format: "entries/%05d.json", $0), blob: blob, fileStat: stat()) }
        try GitIndexFile.write(gitDirectory: scratch.repository.gitDirectory, upserts: entries, removals: [])
        let index = scratch.repository.gitDirectory + "index"
        let before = try Data(contentsOf: URL(fileURLWithPath: index))
        #expect(before.count > 1 << 20)
        for round in 0..<20 {
            let checkout = Checkout(scratch.repository)
            try checkout.beginIndexWrite(upserting: ["entries/99999-\(round).json"], removing: [])
            #expect(FileManager.default.fileExists(atPath: index + ".lock"))
        }
        #expect(!FileManager.default.fileExists(atPath: index + ".lock"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
    }
}
