import Crypto
import Foundation

/// Where each block of an index file's entries starts: git's entry offset table.
///
/// Trove ends every index it writes with git's optional `IEOT` extension (the
/// file offset and entry count of each block of entries) and the `EOIE`
/// extension that says where the extensions start. git uses them to read an
/// index on several threads; every other reader (libgit2, dulwich, JGit) skips
/// optional extensions. Trove uses them to find a path without parsing the
/// file: a binary search over the blocks' first entries and a scan of one
/// block, a few pages of a 12 MB index of 100,000 records. A write copies the
/// blocks a commit leaves alone as they are (`GitIndexFile+Write.swift`).
struct EntryOffsetTable {
    let version: UInt32
    /// The number of entries.
    let count: Int
    /// The blocks, in path order.
    let blocks: [Block]
    /// Where the entries end and the extensions begin.
    let entriesEnd: Int

    struct Block {
        /// Where its first entry starts in the file.
        var offset: Int
        /// Its first entry's position.
        var position: Int
        /// How many entries it holds.
        var count: Int
    }

    /// Entries per block when Trove lays out new ones: a lookup scans at most twice this many.
    static let blockSize = 64

    /// Reads the header and the offset table of a mapped index; `nil` if it has no table this reader trusts.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= GitIndexFile.headerSize + GitIndexFile.trailerSize, bytes.starts(with: "DIRC".utf8),
              let start = bytes.baseAddress
        else { return nil }
        version = GitIndexFile.uint32(start, 4)
        guard version == 2 || version == 3 else { return nil }
        count = Int(GitIndexFile.uint32(start, 8))
        guard let (blocks, entriesEnd) = Self.table(bytes, count: count) else { return nil }
        self.blocks = blocks
        self.entriesEnd = entriesEnd
    }

    /// The block that holds `path`, or would hold it: the last whose first path is not after it (the first block
    /// for a path before them all); `nil` when there are no blocks or the file is damaged.
    func block(for path: UnsafeBufferPointer<UInt8>, in start: UnsafePointer<UInt8>) -> Int? {
        guard !blocks.isEmpty else { return nil }
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            guard let (first, _) = GitIndexFile.entry(at: blocks[middle].offset, in: start, end: entriesEnd, version: version) else {
                return nil
            }
            if GitIndexFile.compare(first.pathBytes, path) <= 0 { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The entry staged at `path`, found through the table; `nil` if absent.
    func find(_ path: UnsafeBufferPointer<UInt8>, in start: UnsafePointer<UInt8>) -> GitIndexFile.EntryReference? {
        guard let number = block(for: path, in: start) else { return nil }
        var offset = blocks[number].offset
        for _ in 0..<blocks[number].count {
            guard let (entry, next) = GitIndexFile.entry(at: offset, in: start, end: entriesEnd, version: version) else { return nil }
            let order = GitIndexFile.compare(entry.pathBytes, path)
            if order == 0 { return entry }
            if order > 0 { return nil }
            offset = next
        }
        return nil
    }

    /// The blocks listed by `IEOT`, and where the entries end, trusted only when `EOIE` vouches for where the
    /// extensions start and the blocks tile the entries in order.
    private static func table(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> ([Block], Int)? {
        guard let start = bytes.baseAddress else { return nil }
        // EOIE: signature, size (24), the offset where the extensions start, and a SHA-1 of their signatures and sizes.
        let eoie = bytes.count - GitIndexFile.trailerSize - 32
        guard eoie >= GitIndexFile.headerSize, bytes[eoie..<eoie + 4].elementsEqual("EOIE".utf8),
              GitIndexFile.uint32(start, eoie + 4) == 24
        else { return nil }
        let extensions = Int(GitIndexFile.uint32(start, eoie + 8))
        guard extensions >= GitIndexFile.headerSize, extensions <= eoie else { return nil }
        var hasher = Insecure.SHA1()
        var table: UnsafeBufferPointer<UInt8>?
        var offset = extensions
        while offset < eoie {
            guard offset + 8 <= eoie else { return nil }
            let size = Int(GitIndexFile.uint32(start, offset + 4))
            guard offset + 8 + size <= eoie else { return nil }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(start: start + offset, count: 8))
            let signature = bytes[offset..<offset + 4]
            if signature.elementsEqual("IEOT".utf8) {
                table = UnsafeBufferPointer(start: start + offset + 8, count: size)
            } else if signature.elementsEqual("link".utf8) {
                return nil  // a split index is read whole
            }
            offset += 8 + size
        }
        guard Array(hasher.finalize()).elementsEqual(bytes[eoie + 12..<eoie + 32]), let table,
              table.count >= 4, (table.count - 4) % 8 == 0, GitIndexFile.uint32(table.baseAddress!, 0) == 1
        else { return nil }
        var blocks: [Block] = []
        blocks.reserveCapacity((table.count - 4) / 8)
        var position = 0
        for pair in stride(from: 4, to: table.count, by: 8) {
            let blockOffset = Int(GitIndexFile.uint32(table.baseAddress!, pair))
            let blockCount = Int(GitIndexFile.uint32(table.baseAddress!, pair + 4))
            // Each block starts after the one before (an entry is at least 64 bytes long) and holds entries.
            guard blockOffset >= (blocks.last.map { $0.offset + $0.count * 64 } ?? GitIndexFile.headerSize),
                  blockOffset < extensions, blockCount > 0, blockCount <= count - position
            else { return nil }
            blocks.append(Block(offset: blockOffset, position: position, count: blockCount))
            position += blockCount
        }
        guard position == count, blocks.first.map({ $0.offset == GitIndexFile.headerSize }) ?? true else { return nil }
        return (blocks, extensions)
    }

    /// The `IEOT` and `EOIE` extensions for blocks of `(offset, count)`, where `entriesEnd` is where the entries end.
    static func extensions(blocks: [(offset: Int, count: Int)], entriesEnd: Int) -> [UInt8] {
        var table: [UInt8] = []
        table.reserveCapacity(8 + 4 + 8 * blocks.count + 32)
        func append(_ value: Int) { withUnsafeBytes(of: UInt32(value).bigEndian) { table.append(contentsOf: $0) } }
        table += "IEOT".utf8
        append(4 + 8 * blocks.count)
        append(1)
        for block in blocks {
            append(block.offset)
            append(block.count)
        }
        var hasher = Insecure.SHA1()
        hasher.update(data: table[0..<8])
        table += "EOIE".utf8
        append(24)
        append(entriesEnd)
        table += hasher.finalize()
        return table
    }
}
