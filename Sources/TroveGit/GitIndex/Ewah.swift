/// The EWAH compressed bitmaps of git's split-index `link` extension.
///
/// A bitmap is serialised as its size in bits, a count of 64-bit words, the
/// words, and the position of the last marker word, all big-endian. The words
/// are markers, each followed by literal words: a marker's bit 0 is the bit of
/// a run of uniform words, bits 1–32 the run's length in words, and bits 33–63
/// how many literal words follow it.
enum Ewah {
    /// The serialised bitmap with the bits at `positions` (ascending) set.
    static func encode(_ positions: [Int]) -> [UInt8] {
        var words: [UInt64] = []
        for position in positions {
            let word = position / 64
            if words.count <= word { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
            words[word] |= 1 << UInt64(position % 64)
        }
        var buffer: [UInt64] = []
        var lastMarker = 0
        var next = 0
        while next < words.count || buffer.isEmpty {
            var run: UInt64 = 0
            var runBit: UInt64 = 0
            if next < words.count, words[next] == 0 || words[next] == ~0 {
                runBit = words[next] == 0 ? 0 : 1
                while next < words.count, words[next] == (runBit == 1 ? ~0 : 0), run < 0xFFFF_FFFF { run += 1; next += 1 }
            }
            var literals: [UInt64] = []
            while next < words.count, words[next] != 0, words[next] != ~0, literals.count < 0x7FFF_FFFF {
                literals.append(words[next])
                next += 1
            }
            lastMarker = buffer.count
            buffer.append(runBit | run << 1 | UInt64(literals.count) << 33)
            buffer.append(contentsOf: literals)
        }
        var out: [UInt8] = []
        out.reserveCapacity(12 + buffer.count * 8)
        append(UInt32(positions.last.map { $0 + 1 } ?? 0), to: &out)
        append(UInt32(buffer.count), to: &out)
        for word in buffer { withUnsafeBytes(of: word.bigEndian) { out.append(contentsOf: $0) } }
        append(UInt32(lastMarker), to: &out)
        return out
    }

    /// The set bits of the bitmap serialised at the start of `bytes`, ascending, and the bytes it took; `nil` if malformed.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> (positions: [Int], length: Int)? {
        guard bytes.count >= 8 else { return nil }
        let bitSize = Int(uint32(bytes, 0))
        let wordCount = Int(uint32(bytes, 4))
        let length = 8 + wordCount * 8 + 4
        guard wordCount >= 0, bytes.count >= length else { return nil }
        func word(_ index: Int) -> UInt64 {
            var value: UInt64 = 0
            for offset in 0..<8 { value = value << 8 | UInt64(bytes[8 + index * 8 + offset]) }
            return value
        }
        var positions: [Int] = []
        var index = 0
        var bit = 0
        while index < wordCount {
            let marker = word(index)
            let run = Int((marker >> 1) & 0xFFFF_FFFF)
            let literals = Int(marker >> 33)
            // A run or literals past the bitmap's size mean a corrupt file, not a huge allocation.
            guard index + 1 + literals <= wordCount, bit + (run + literals) * 64 <= (bitSize + 127) / 64 * 64 else { return nil }
            if marker & 1 == 1 { positions.append(contentsOf: bit..<(bit + run * 64)) }
            bit += run * 64
            for literal in 0..<literals {
                var value = word(index + 1 + literal)
                while value != 0 {
                    positions.append(bit + value.trailingZeroBitCount)
                    value &= value - 1
                }
                bit += 64
            }
            index += 1 + literals
        }
        return (positions.filter { $0 < bitSize }, length)
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) }
    }

    private static func uint32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
