import Crypto
import Foundation

/// The shared index under a split index, searched where it lies.
///
/// Shared indexes that Trove writes end with git's entry offset table
/// (`IEOT`, found through the `EOIE` extension that ends the file): the file
/// offset and entry count of each block of entries. A path is then found by a
/// binary search over the blocks' first entries and a scan of one block,
/// touching a few pages of a 10 MB file instead of parsing all of it. Shared
/// indexes without the table, such as git's own, are read whole.
struct GitSharedIndex {
    let storage: Storage
    let version: UInt32
    /// The number of entries.
    let count: Int
    /// Each block's first entry: where it starts in the file, and its position. `nil` when the file has no offset table.
    let blocks: [Block]?

    struct Block {
        var offset: Int
        var position: Int
    }

    /// Entries per block of the offset table Trove writes: a lookup scans at most this many.
    static let blockSize = 64

    /// Reads the header and the offset table of a mapped shared index; `nil` if it is not an index this reader handles.
    init?(_ storage: Storage) {
        let bytes = storage.bytes
        guard bytes.count >= GitIndexFile.headerSize + GitIndexFile.trailerSize, bytes.starts(with: "DIRC".utf8),
              let start = bytes.baseAddress
        else { return nil }
        version = GitIndexFile.uint32(start, 4)
        guard version == 2 || version == 3 else { return nil }
        self.storage = storage
        count = Int(GitIndexFile.uint32(start, 8))
        blocks = Self.offsetTable(bytes, count: count)
    }

    /// Every entry, in order; `nil` if the file is damaged or is itself split.
    func entries() -> [GitIndexFile.EntryReference]? {
        storage.populate()
        guard let parsed = GitIndexFile.parse(storage.bytes), parsed.link == nil, parsed.entries.count == count else { return nil }
        return parsed.entries
    }

    /// The position and entry of `path`, searching the offset table's blocks; `nil` if absent or without a table.
    func find(_ path: UnsafeBufferPointer<UInt8>) -> (position: Int, entry: GitIndexFile.EntryReference)? {
        guard let blocks, let start = storage.bytes.baseAddress else { return nil }
        let end = storage.bytes.count - GitIndexFile.trailerSize
        // The last block whose first path is not after `path`.
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            guard let (first, _) = GitIndexFile.entry(at: blocks[middle].offset, in: start, end: end, version: version) else { return nil }
            if GitIndexFile.compare(UnsafeBufferPointer(start: first.path, count: Int(first.pathLength)), path) <= 0 {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low > 0 else { return nil }
        var offset = blocks[low - 1].offset
        let last = low < blocks.count ? blocks[low].position : count
        for position in blocks[low - 1].position..<last {
            guard let (entry, next) = GitIndexFile.entry(at: offset, in: start, end: end, version: version) else { return nil }
            let order = GitIndexFile.compare(UnsafeBufferPointer(start: entry.path, count: Int(entry.pathLength)), path)
            if order == 0 { return (position, entry) }
            if order > 0 { return nil }
            offset = next
        }
        return nil
    }

    /// The blocks listed by the `IEOT` extension, trusted only when `EOIE` vouches for where the extensions start.
    private static func offsetTable(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Block]? {
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
            if bytes[offset..<offset + 4].elementsEqual("IEOT".utf8) {
                table = UnsafeBufferPointer(start: start + offset + 8, count: size)
            }
            offset += 8 + size
        }
        guard Array(hasher.finalize()).elementsEqual(bytes[eoie + 12..<eoie + 32]), let table,
              table.count >= 4, (table.count - 4) % 8 == 0, GitIndexFile.uint32(table.baseAddress!, 0) == 1
        else { return nil }
        var blocks: [Block] = []
        var position = 0
        for pair in stride(from: 4, to: table.count, by: 8) {
            let blockOffset = Int(GitIndexFile.uint32(table.baseAddress!, pair))
            let blockCount = Int(GitIndexFile.uint32(table.baseAddress!, pair + 4))
            guard blockOffset >= GitIndexFile.headerSize, blockOffset < extensions, blockOffset > blocks.last?.offset ?? 0,
                  blockCount > 0
            else { return nil }
            blocks.append(Block(offset: blockOffset, position: position))
            position += blockCount
        }
        return position == count ? blocks : nil
    }

    /// The `IEOT` and `EOIE` extensions for entries whose blocks start at `blockOffsets`, every `blockSize` entries;
    /// `extensionsStart` is where the entries end.
    static func offsetTableExtensions(blockOffsets: [Int], count: Int, extensionsStart: Int) -> [UInt8] {
        var table: [UInt8] = []
        func append(_ value: Int) { withUnsafeBytes(of: UInt32(value).bigEndian) { table.append(contentsOf: $0) } }
        table += "IEOT".utf8
        append(4 + 8 * blockOffsets.count)
        append(1)
        for (number, offset) in blockOffsets.enumerated() {
            append(offset)
            append(min(blockSize, count - number * blockSize))
        }
        var hasher = Insecure.SHA1()
        hasher.update(data: table[0..<8])
        table += "EOIE".utf8
        append(24)
        append(extensionsStart)
        table += hasher.finalize()
        return table
    }
}
