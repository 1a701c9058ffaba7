import Testing
import TroveSystem

struct HashFilterTests {
    /// Hashes alike in their low bits, as FNV-1a gives for alike texts: the filter mixes them before probing.
    static func hashes(_ range: Range<UInt64>, salt: UInt64) -> [UInt64] { range.map { $0 << 20 ^ salt } }

    @Test("every hash inserted is found, and says on its second insert that it may have been there")
    func noFalseNegatives() {
        var filter = HashFilter(bitsLog2: 16)
        let inserted = Self.hashes(0..<5_000, salt: 1)
        let firstTimes = inserted.filter { !filter.insert($0) }.count
        #expect(firstTimes > 4_900, "a new hash is seldom taken for seen at this fill")
        #expect(inserted.allSatisfy { filter.mayContain($0) })
        #expect(inserted.allSatisfy { filter.insert($0) })
    }

    @Test("hashes never inserted are seldom taken for inserted: near the rate three probes give")
    func falsePositiveRate() {
        var filter = HashFilter(bitsLog2: 20)
        for hash in Self.hashes(0..<100_000, salt: 7) { filter.insert(hash) }
        let others = Self.hashes(100_000..<300_000, salt: 7)
        let mistaken = others.filter { filter.mayContain($0) }.count
        // (1 - e^(-3 n / m))^3 = 0.0192 for n = 100,000 and m = 2^20: 3,840 of 200,000.
        #expect(mistaken > 2_500 && mistaken < 5_500, "\(mistaken) of 200,000")
    }
}
