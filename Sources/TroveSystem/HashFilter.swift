/// A filter of 64-bit hashes in fixed memory (a Bloom filter with three probes): it says for certain that a hash
/// was never inserted, and at worst takes one never inserted for inserted.
///
/// What a large job keeps of a million items to ask "seen before?" of each: 2^25 bits (4 MB) holding 1,000,000
/// hashes takes about one hash in 1,600 never inserted for inserted, (1 - e^(-3n/m))^3; 2^24 bits, one in 230.
///
/// ```swift
/// var seen = HashFilter(bitsLog2: 24)
/// let before = seen.insert(hash)   // false: certainly new
/// ```
public struct HashFilter: Sendable {
    private var words: [UInt64]
    private let mask: UInt64

    /// A filter of 2^`bitsLog2` bits (at least 64).
    public init(bitsLog2: Int) {
        precondition((6...40).contains(bitsLog2), "a filter of 2^6 to 2^40 bits")
        words = [UInt64](repeating: 0, count: 1 << (bitsLog2 - 6))
        mask = (1 << UInt64(bitsLog2)) - 1
    }

    /// Whether `hash` may have been inserted (`false`: it certainly was not).
    public func mayContain(_ hash: UInt64) -> Bool {
        let (start, step) = Self.probeStart(hash)
        for probe in 0..<3 {
            let bit = (start &+ UInt64(probe) &* step) & mask
            if words[Int(bit >> 6)] & (1 << (bit & 63)) == 0 { return false }
        }
        return true
    }

    /// Inserts `hash`; returns whether it may have been inserted before (`false`: it certainly was not).
    @discardableResult
    public mutating func insert(_ hash: UInt64) -> Bool {
        let (start, step) = Self.probeStart(hash)
        var wasSet = true
        for probe in 0..<3 {
            let bit = (start &+ UInt64(probe) &* step) & mask
            let word = Int(bit >> 6), flag: UInt64 = 1 << (bit & 63)
            if words[word] & flag == 0 {
                wasSet = false
                words[word] |= flag
            }
        }
        return wasSet
    }

    /// The first probe and the distance between probes (double hashing), from the hash mixed again (SplitMix64's
    /// finaliser): a weak hash such as FNV-1a leaves its low bits alike for alike texts.
    private static func probeStart(_ hash: UInt64) -> (UInt64, UInt64) {
        var mixed = hash &+ 0x9e37_79b9_7f4a_7c15
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        mixed ^= mixed >> 31
        return (mixed, (mixed >> 32 | mixed << 32) | 1)
    }
}
