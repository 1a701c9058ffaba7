import Foundation
import Testing
import TroveParallel

@Suite("Maps over every core")
struct ParallelMapTests {
    @Test("a concurrent map gives map's results in order, for small and large arrays", arguments: [0, 1, 100, 4_095, 4_096, 50_001])
    func concurrentMapKeepsOrder(count: Int) {
        let numbers = Array(0..<count)
        #expect(numbers.concurrentMap(minimumChunk: 2_048) { $0 * 3 + 1 } == numbers.map { $0 * 3 + 1 })
    }

    @Test("a pipelined map gives every slice's results once, in the order submitted")
    func pipelinedKeepsOrder() {
        let map = PipelinedMap<Int, String> { String($0 * 2) }
        var taken: [String] = []
        for start in stride(from: 0, to: 10_000, by: 250) {
            map.submit(Array(start..<start + 250))
            // What is done already may be taken at any time, never out of order.
            taken += map.take(waiting: false)
            #expect(taken == (0..<taken.count).map { String($0 * 2) })
        }
        taken += map.take(waiting: true)
        #expect(taken == (0..<10_000).map { String($0 * 2) })
        #expect(map.take(waiting: true).isEmpty)
    }

    @Test("taking what is done never waits for a slice still being mapped")
    func takingDoneNeverWaits() {
        let gate = DispatchSemaphore(value: 0)
        let map = PipelinedMap<Int, Int> { number in
            if number == 0 { gate.wait() }
            return number
        }
        for slice in 0...6 { map.submit([slice]) }
        let started = Date()
        #expect(map.take(waiting: false).isEmpty, "the first slice is held, so nothing after it may be taken")
        #expect(Date().timeIntervalSince(started) < 5)
        gate.signal()
        #expect(map.take(waiting: true) == Array(0...6))
    }
}
