import Crypto
import Foundation
import Testing
@testable import TroveGit

/// The version-2 pack index `PackWriter.index` writes into one buffer of its counted size, read back field by field.
@Suite struct PackIndexWriteTests {
    @Test("fan-out, sorted ids, their CRC-32s and offsets (those past 2 GB in the large table, in id order), then both checksums")
    func layout() throws {
        var generator = SystemRandomNumberGenerator()
        let offsets: [UInt64] = [12, 0x9000_0000, 4_096, 0x1_2000_0000, 0x7FFF_FFFF, 0x8000_0000]
        let entries = offsets.enumerated().map { number, offset in
            (id: ObjectID(bytes: (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }), offset: offset,
             crc: UInt32(0xC0DE_0000 + number))
        }
        let packChecksum = (0..<20).map { UInt8($0 * 3) }
        let index = PackWriter.index(of: entries, packChecksum: packChecksum)

        func number(at offset: Int, bytes: Int = 4) -> UInt64 { index[offset..<offset + bytes].reduce(0) { $0 << 8 | UInt64($1) } }
        let sorted = entries.sorted { $0.id < $1.id }
        let large = sorted.filter { $0.offset >= 0x8000_0000 }
        #expect(index.count == 8 + 1_024 + entries.count * 28 + large.count * 8 + 40)
        #expect(Array(index[0..<8]) == [0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2])
        for byte in 0..<256 {
            #expect(number(at: 8 + byte * 4) == UInt64(sorted.filter { Int($0.id.bytes[0]) <= byte }.count))
        }
        let ids = 8 + 1_024, crcs = ids + entries.count * 20, small = crcs + entries.count * 4, table = small + entries.count * 4
        for (position, entry) in sorted.enumerated() {
            #expect(Array(index[ids + position * 20..<ids + position * 20 + 20]) == entry.id.bytes)
            #expect(number(at: crcs + position * 4) == UInt64(entry.crc))
            let stored = number(at: small + position * 4)
            if let slot = large.firstIndex(where: { $0.id == entry.id }) {
                #expect(stored == 0x8000_0000 | UInt64(slot))
                #expect(number(at: table + slot * 8, bytes: 8) == entry.offset)
            } else {
                #expect(stored == entry.offset)
            }
        }
        let end = table + large.count * 8
        #expect(Array(index[end..<end + 20]) == packChecksum)
        #expect(Array(index[(end + 20)...]) == Array(Insecure.SHA1.hash(data: index[..<(end + 20)])))
    }
}
