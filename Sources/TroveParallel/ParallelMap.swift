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

/// A map done on other threads slice by slice while the caller goes on, its results taken back in order.
///
/// For a loop whose order-bound part (lookups, staging) runs on the calling thread while the independent part of
/// each element (validating, encoding) runs beside it: `Transaction.put(batch:)` prepares records while the ones
/// before are finished. It uses one core fewer than the machine has, so that the calling thread, which the rest
/// waits on, keeps one (three threads on two cores made a 10,000-event import slower); a slice no worker has
/// started when the caller waits for it is mapped by the caller.
public final class PipelinedMap<Element: Sendable, Result: Sendable>: @unchecked Sendable {
    private let transform: @Sendable (Element) -> Result
    private let workers: [DispatchQueue]
    private let lock = NSLock()
    private var slices: [Slice] = []
    /// The first slice whose results are not yet taken.
    private var next = 0

    public init(_ transform: @escaping @Sendable (Element) -> Result) {
        self.transform = transform
        let count = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        workers = (0..<count).map { DispatchQueue(label: "trove.pipelined-map.\($0)", qos: .userInitiated) }
    }

    private final class Slice: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        /// Set under the map's lock by the thread that maps it.
        var claimed = false
        var elements: [Element]
        var results: [Result] = []
        init(_ elements: [Element]) { self.elements = elements }
    }

    /// Starts mapping `elements` on another thread.
    public func submit(_ elements: [Element]) {
        guard !elements.isEmpty else { return }
        let slice = Slice(elements)
        slices.append(slice)
        workers[slices.count % workers.count].async { [self] in
            if claim(slice) { run(slice) }
        }
    }

    /// The results of the slices submitted and not yet taken, in order: those done already, or (`waiting`) all.
    public func take(waiting: Bool) -> [Result] {
        var results: [Result] = []
        if waiting {
            // The workers take slices from the front; this thread takes them from the back, so that neither waits
            // while the other has work left.
            for slice in slices[next...].reversed() where claim(slice) { run(slice) }
        }
        while next < slices.count {
            let slice = slices[next]
            if waiting {
                slice.done.wait()
            } else if slice.done.wait(timeout: .now()) == .timedOut {
                break
            }
            results += slice.results
            slice.results = []
            next += 1
        }
        return results
    }

    /// Whether the calling thread is the one to map `slice`.
    private func claim(_ slice: Slice) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !slice.claimed else { return false }
        slice.claimed = true
        return true
    }

    private func run(_ slice: Slice) {
        slice.results = slice.elements.map(transform)
        slice.elements = []
        slice.done.signal()
    }
}
