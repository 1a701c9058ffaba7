import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// A pack written a batch at a time, read back before it is finished, and checked by git once it is.
@Suite struct PackStreamTests {
    init() { Git.isolateFromGlobalConfiguration() }

    static func content(_ number: Int) -> [UInt8] {
        bytes("{\n  \"n\": \(number),\n  \"text\": \"" + String(repeating: "by the canal \(number % 7) ", count: 1 + number % 50) + "\"\n}\n")
    }

    @Test("batches appended, read back before the pack is finished, then one pack git verifies and libgit2 reads")
    func batchesThenOnePack() throws {
        let scratch = try Scratch()
        let repository = scratch.repository
        let packsBefore = Set(try scratch.packFiles())
        let pack = try PackStream(in: repository)
        var ids: [ObjectID] = []
        for batch in 0..<5 {
            // A repeat of an earlier blob is stored once.
            let blobs = (0..<700).map { Self.content(batch * 700 + $0) } + [Self.content(3)]
            ids += try pack.append(blobs).dropLast()
        }
        ids.append(try pack.append([[]]).first!)
        #expect(pack.count == 3_501)
        for number in [0, 699, 700, 2_345, 3_499] { #expect(try pack.read(ids[number]) == Self.content(number)) }
        #expect(try pack.read(ids[3_500]) == [])
        #expect(try pack.read(ObjectID(hex: String(repeating: "ab", count: 20))!) == nil)
        #expect(!ids.prefix(3).contains(where: repository.contains), "git does not see an unfinished pack")

        let name = try pack.finish()
        let base = (name as NSString).lastPathComponent
        #expect(Set(try scratch.packFiles()).subtracting(packsBefore) == [base + ".pack"])
        #expect(FileManager.default.fileExists(atPath: name + ".idx"))
        for number in [0, 1_234, 3_499] { #expect(try repository.blob(ids[number]) == Self.content(number)) }
        let verified = try scratch.gitResult("verify-pack", "-v", name + ".idx")
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("non delta: 3501 objects"), "\(verified.stdout.suffix(300))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.repository.gitDirectory + "objects/pack")
        #expect(!leftovers.contains { $0.hasPrefix("tmp_") })
    }

    /// Bytes zlib cannot shrink, so that a batch's entries are as large as its blobs.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    @Test("a batch larger than one write goes out in pieces, an entry larger than a piece alone, and git reads it all")
    func batchWrittenInPieces() throws {
        let scratch = try Scratch()
        let pack = try PackStream(in: scratch.repository)
        // 3.4 MB of entries: several writes of up to 1 MB, one of them a 1.5 MB entry on its own, then small ones.
        let blobs = (0..<8).map { Self.noise(300_000, seed: UInt64($0)) } + [Self.noise(1_500_000, seed: 99)]
            + (0..<600).map(Self.content)
        #expect(blobs.reduce(0) { $0 + $1.count } > 3 * PackStream.chunkBytes)
        let ids = try pack.append(blobs)
        let later = try pack.append([Self.noise(200_000, seed: 7)])
        for (id, blob) in zip(ids + later, blobs + [Self.noise(200_000, seed: 7)]) { #expect(try pack.read(id) == blob) }
        let name = try pack.finish()
        let verified = try scratch.gitResult("verify-pack", "-v", name + ".idx")
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("non delta: 610 objects"), "\(verified.stdout.suffix(300))")
        for number in [0, 8, 9, 608, 609] { #expect(try scratch.repository.blob((ids + later)[number]) == (blobs + [Self.noise(200_000, seed: 7)])[number]) }
    }

    @Test("a pack given up, finished or not, leaves nothing behind")
    func discarded() throws {
        let scratch = try Scratch()
        let folder = scratch.repository.gitDirectory + "objects/pack"
        let packsBefore = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        for finishing in [false, true] {
            let pack = try PackStream(in: scratch.repository)
            _ = try pack.append((0..<100).map(Self.content))
            if finishing { try pack.finish() }
            pack.discard()
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(Set(files) == packsBefore, "\(files)")
        }
    }

    /// An import killed midway leaves its unfinished pack; the next pack started in the store removes it, and leaves
    /// one whose writer still runs.
    @Test("an unfinished pack of a process that is gone is removed when the next one starts")
    func abandonedPacksAreRemoved() throws {
        let scratch = try Scratch()
        let folder = scratch.repository.gitDirectory + "objects/pack"
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = folder + "/tmp_pack_trove_\(gone.processIdentifier)_0badf00d"
        let running = folder + "/tmp_pack_trove_1_0badf00d"  // process 1 always runs
        for file in [abandoned, running] { #expect(FileManager.default.createFile(atPath: file, contents: Data("PACK".utf8))) }
        let pack = try PackStream(in: scratch.repository)
        defer { pack.discard() }
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: running))
    }

    @Test("a spilled entry changed on disk is refused with an error, not read or allocated")
    func tamperedEntryIsRefused() throws {
        let scratch = try Scratch()
        let pack = try PackStream(in: scratch.repository)
        defer { pack.discard() }
        let id = try pack.append([Self.content(1)])[0]
        let folder = scratch.repository.gitDirectory + "objects/pack"
        let file = folder + "/" + (try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("tmp_pack_trove_") })!
        // The entry's header, right after the pack's 12 bytes, claims a size of about 2^60 bytes.
        chmod(file, 0o644)
        let handle = try #require(FileHandle(forUpdatingAtPath: file))
        try handle.seek(toOffset: 12)
        try handle.write(contentsOf: Data([0xBF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]))
        try handle.close()
        #expect(throws: GitError.self) { try pack.read(id) }
    }

    @Test("a finished pack whose index was let go is read through its index file, never mapped")
    func readThroughIndexFile() throws {
        let scratch = try Scratch()
        let pack = try PackStream(in: scratch.repository)
        defer { pack.discard() }
        var ids: [ObjectID] = []
        for batch in 0..<3 { ids += try pack.append((0..<1_000).map { Self.content(batch * 1_000 + $0) }) }
        let name = try pack.finish()
        try pack.releaseIndex()
        #expect(pack.count == 0, "the index in memory is gone")
        for (number, id) in ids.enumerated() where try pack.read(id) != Self.content(number) {
            Issue.record("object \(number) read back wrong")
            break
        }
        #expect(try pack.read(ObjectID(hex: String(repeating: "ab", count: 20))!) == nil)
        // An id that shares its first byte with one in the pack, and is not in it.
        var near = ids[7].bytes
        near[19] ^= 0xFF
        #expect(try pack.read(ObjectID(bytes: near)) == nil)
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        #expect(!maps.contains((name as NSString).lastPathComponent), "the pack and its index stay unmapped")
    }

    @Test("an index file changed on disk to send an id to another entry, or to no entry, is refused")
    func tamperedIndexFileIsRefused() throws {
        let scratch = try Scratch()
        let pack = try PackStream(in: scratch.repository)
        defer { pack.discard() }
        let ids = try pack.append((0..<200).map(Self.content))
        let name = try pack.finish()
        try pack.releaseIndex()
        // The index sorts by id; the first id's 4-byte offset sits after the ids and the CRCs.
        let sorted = ids.sorted()
        let first = 8 + 1024 + 200 * 24
        let original = try #require(FileManager.default.contents(atPath: name + ".idx"))
        func offset(at position: Int) -> [UInt8] { Array(original[(first + position * 4)..<(first + position * 4 + 4)]) }
        chmod(name + ".idx", 0o644)
        // In place: the pack reads the file it opened.
        let handle = try #require(FileHandle(forUpdatingAtPath: name + ".idx"))
        defer { try? handle.close() }
        for replacement in [offset(at: 1), [0, 0, 0, 13]] {
            try handle.seek(toOffset: UInt64(first))
            try handle.write(contentsOf: Data(replacement))
            #expect(throws: GitError.self) { try pack.read(sorted[0]) }
        }
        #expect(try pack.read(sorted[1]) == Self.content(ids.firstIndex(of: sorted[1])!))
    }
}
