import Foundation
import Testing
import TroveSystem

struct FreedMemoryTests {
    /// Whether glibc gave the block at `pointer` a mapping of its own (`IS_MMAPPED`, bit 1 of the size word before
    /// it): such a block goes back to the system when it is freed, whatever is still in use around it.
    private static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        (pointer - MemoryLayout<Int>.size).load(as: UInt.self) & 2 != 0
    }

    // The blocks' own flag, not the process's resident memory: the suite's other tests allocate on other threads
    // meanwhile, and a count of the process's pages saw 24 MB of 64 given back. A block can still be cut from a free
    // chunk the suite left in a heap (8 of 16 were mapped in one full run), so the test asks for one: by default,
    // after the 8 MB block is freed, glibc maps no block under 8 MB at all.
    @Test("once set, blocks of megabytes after a larger one freed get mappings of their own, so freeing them gives them back")
    func largeBlocksGoBack() throws {
        FreedMemory.returnLargeBlocksAtOnce()
        // By default an 8 MB block freed would raise glibc's threshold, and the 3 MB blocks after it would come from a
        // heap, pinned there by the small blocks between them (a C program doing the same: 0 of 16 mapped without the
        // setting, 16 with it).
        let first = try #require(malloc(8 << 20))
        memset(first, 1, 8 << 20)
        free(first)
        var large: [UnsafeMutableRawPointer] = [], small: [UnsafeMutableRawPointer] = []
        for _ in 0..<32 {
            let block = try #require(malloc(3 << 20))
            memset(block, 1, 3 << 20)
            large.append(block)
            small.append(try #require(malloc(64)))
        }
        let mapped = large.filter(Self.isMapped).count
        let smallMapped = small.filter(Self.isMapped).count
        for block in large + small { free(block) }
        #expect(mapped >= 1, "\(mapped) of 32 mapped")
        #expect(smallMapped == 0, "the test reads glibc's flag where it is")
    }
}
