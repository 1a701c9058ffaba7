/// Where things are in a version-2 pack index (Documentation/gitformat-pack.txt), and the search for an id in it,
/// whatever holds the bytes: `StoredPack` maps the file, `PackIndexFile` reads a few of its bytes at a time.
///
/// The file is the 8-byte header, 256 fan-out counts, then for `count` entries sorted by id: the ids (20 bytes
/// each), their CRCs (4), their 4-byte offsets (the top bit sends an offset past 2 GiB to the 8-byte table after
/// them), and the pack's and the index's checksums (20 each).
enum PackIndexLayout {
    static let header: [UInt8] = [0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2]
    /// Where the fan-out count of ids whose first byte is at most `byte` lies.
    static func fanout(_ byte: Int) -> Int { 8 + byte * 4 }
    /// Where the ids start.
    static let ids = 8 + 1024
    /// The smallest file that holds `count` entries with no 8-byte offsets.
    static func minimumSize(count: Int) -> Int { ids + count * 28 + 40 }
    /// Where the 4-byte offset of the entry at `position` lies.
    static func smallOffset(count: Int, position: Int) -> Int { ids + count * 24 + position * 4 }
    /// Where the 8-byte offset that a 4-byte one with its top bit set (`value`) sends to lies.
    static func largeOffset(count: Int, value: UInt32) -> Int { ids + count * 28 + Int(value & 0x7FFF_FFFF) * 8 }

    /// The positions of the ids that share `id`'s first byte, from the fan-out counts (`fanoutCount(byte)`);
    /// `nil` when they are out of order or past `count`, as in a damaged file.
    static func bucket(of id: ObjectID, count: Int, fanoutCount: (Int) throws -> UInt32) rethrows -> Range<Int>? {
        let first = Int(id.bytes[0])
        let low = first == 0 ? 0 : Int(try fanoutCount(first - 1)), high = Int(try fanoutCount(first))
        guard low <= high, high <= count else { return nil }
        return low..<high
    }

    /// The position of `id` among `ids`, the ids of positions `positions` laid end to end, if it is there.
    static func position<Bytes: RandomAccessCollection>(of id: ObjectID, in ids: Bytes, positions: Range<Int>) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            let start = ids.startIndex + middle * 20
            let order = compare(ids[start..<start + 20], id.bytes)
            if order == 0 { return positions.lowerBound + middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// A big-endian number from `bytes`.
    static func bigEndian<Bytes: Collection>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func compare<Bytes: Collection>(_ stored: Bytes, _ id: [UInt8]) -> Int where Bytes.Element == UInt8 {
        for (a, b) in zip(stored, id) where a != b { return a < b ? -1 : 1 }
        return 0
    }
}
