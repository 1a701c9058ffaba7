import Foundation

/// One pack of the object database with its version-2 index (Documentation/gitformat-pack.txt), read to
/// copy whole entries as they are stored: a push sends them without inflating and deflating each again.
///
/// Only whole (non-delta) entries are handed out: a delta names a base the receiver may not be sent.
struct StoredPack {
    private let pack: Data
    private let index: Data
    private let count: Int
    /// Every entry's offset, ascending, then the offset of the trailing checksum: an entry ends where the next begins.
    private let sortedOffsets: [Int]

    /// Maps `pack-*.idx` and its `.pack`; `nil` when either is missing or the index is not version 2.
    init?(indexPath: String) {
        let packPath = String(indexPath.dropLast(".idx".count)) + ".pack"
        guard let index = try? Data(contentsOf: URL(fileURLWithPath: indexPath), options: .alwaysMapped),
              let pack = try? Data(contentsOf: URL(fileURLWithPath: packPath), options: .alwaysMapped),
              index.count >= PackIndexLayout.minimumSize(count: 0), pack.count >= 32,
              index.prefix(8).elementsEqual(PackIndexLayout.header)
        else { return nil }
        let count = Int(Self.uint32(index, at: PackIndexLayout.fanout(255)))
        guard index.count >= PackIndexLayout.minimumSize(count: count) else { return nil }
        self.index = index
        self.pack = pack
        self.count = count
        var offsets: [Int] = []
        offsets.reserveCapacity(count + 1)
        for position in 0..<count { offsets.append(Self.offset(in: index, count: count, position: position) ?? 0) }
        offsets.append(pack.count - 20)
        sortedOffsets = offsets.sorted()
    }

    /// The packs of the object database at `objectsFolder`.
    static func all(in objectsFolder: String) -> [StoredPack] {
        let folder = objectsFolder + "/pack"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".idx") }.sorted().compactMap { StoredPack(indexPath: folder + "/" + $0) }
    }

    /// Where `id`'s entry starts in the pack, if the pack holds it.
    func offset(of id: ObjectID) -> Int? {
        guard let bucket = PackIndexLayout.bucket(of: id, count: count, fanoutCount: { Self.uint32(index, at: PackIndexLayout.fanout($0)) })
        else { return nil }
        let start = index.startIndex + PackIndexLayout.ids + bucket.lowerBound * 20
        guard let position = PackIndexLayout.position(of: id, in: index[start..<start + bucket.count * 20], positions: bucket)
        else { return nil }
        return Self.offset(in: index, count: count, position: position)
    }

    /// The entry at `offset` as stored: its header (type and size) and its zlib stream, or `nil` for a delta
    /// or an entry that does not lie inside the pack.
    func wholeEntry(at offset: Int) -> (type: Int, size: Int, stored: Data)? {
        guard offset >= 12, offset < pack.count - 20 else { return nil }
        guard let (type, size, length) = PackWriter.readEntryHeader(pack[(pack.startIndex + offset)..<(pack.endIndex - 20)]),
              (1...4).contains(type)  // commit, tree, blob, tag; 6 and 7 are deltas
        else { return nil }
        let position = pack.startIndex + offset + length
        // The next offset after this one (binary search over the sorted offsets).
        var low = 0, high = sortedOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if sortedOffsets[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        guard low < sortedOffsets.count else { return nil }
        let end = pack.startIndex + sortedOffsets[low]
        guard end > position else { return nil }
        return (type, size, pack[position..<end])
    }

    private static func offset(in index: Data, count: Int, position: Int) -> Int? {
        let value = uint32(index, at: PackIndexLayout.smallOffset(count: count, position: position))
        guard value & 0x8000_0000 != 0 else { return Int(value) }
        let large = PackIndexLayout.largeOffset(count: count, value: value)
        guard large + 8 <= index.count - 40 else { return nil }
        return Int(uint32(index, at: large)) << 32 | Int(uint32(index, at: large + 4))
    }

    private static func uint32(_ data: Data, at offset: Int) -> UInt32 {
        let start = data.startIndex + offset
        return UInt32(PackIndexLayout.bigEndian(data[start..<start + 4]))
    }
}
