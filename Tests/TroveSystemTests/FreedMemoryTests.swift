import Foundation
import Testing
import TroveSystem

struct FreedMemoryTests {
    @Test("once set, megabyte blocks freed between small ones still in use go back to the system at once")
    func largeBlocksGoBack() throws {
        FreedMemory.returnLargeBlocksAtOnce()
        // By default a 2 MB block freed would raise glibc's threshold, and the megabyte blocks after it would come
        // from the heap, pinned there by the small blocks between them. (Written to, so the compiler keeps the pair.)
        let first = try #require(malloc(2 << 20))
        memset(first, 1, 2 << 20)
        free(first)
        let before = try Self.anonymousKB()
        var large: [UnsafeMutableRawPointer] = [], small: [UnsafeMutableRawPointer] = []
        for _ in 0..<64 {
            let block = try #require(malloc(1 << 20))
            memset(block, 1, 1 << 20)
            large.append(block)
            small.append(try #require(malloc(64)))
        }
        let held = try Self.anonymousKB()
        for block in large { free(block) }
        let after = try Self.anonymousKB()
        for block in small { free(block) }
        #expect(held - before >= 60_000, "64 MB written: \(before) -> \(held) KB")
        #expect(held - after >= 60_000, "64 MB freed: \(held) -> \(after) KB")
    }

    /// The process's resident anonymous memory, in KB.
    private static func anonymousKB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}
