import Foundation

extension Array where Element: Sendable {
    /// `transform` applied to every element, in order, spread over the machine's cores in chunks.
    ///
    /// For CPU-bound work on independent elements (parsing, validating and encoding log lines);
    /// small arrays run on the calling thread.
    public func concurrentMap<Result: Sendable>(minimumChunk: Int = 2_048, _ transform: @Sendable (Element) -> Result) -> [Result] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard count >= 2 * minimumChunk, cores > 1 else { return map(transform) }
        let chunks = Swift.min(cores * 4, (count + minimumChunk - 1) / minimumChunk)
        let size = (count + chunks - 1) / chunks
        let results = ConcurrentResults<Result>(chunks: chunks)
        self.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let elements = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (chunk * size)..<Swift.min(elements.count, (chunk + 1) * size)
                results.set(chunk, range.map { transform(elements[$0]) })
            }
        }
        return results.joined()
    }
}

/// Each chunk's results, written once by the thread that made them.
private final class ConcurrentResults<Result>: @unchecked Sendable {
    private var chunks: [[Result]]
    private let lock = NSLock()

    init(chunks: Int) { self.chunks = Array(repeating: [], count: chunks) }

    func set(_ chunk: Int, _ results: [Result]) {
        lock.lock()
        chunks[chunk] = results
        lock.unlock()
    }

    func joined() -> [Result] { chunks.flatMap { $0 } }
}
