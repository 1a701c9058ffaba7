import Foundation

/// A bounded first-in, first-out hand-off of batches from one producer thread to one consumer thread.
///
/// The producer waits while `capacity` batches are pending, so memory stays bounded however far
/// ahead it could run.
final class Handoff<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [Element] = []
    private var closed = false
    private var abandoned = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Adds a batch once there is room; `false` when the consumer has gone, so the producer can stop.
    @discardableResult
    func put(_ element: Element) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while pending.count >= capacity && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        pending.append(element)
        condition.broadcast()
        return true
    }

    /// The next batch, waiting for it; `nil` once the producer has closed the hand-off and all are taken,
    /// or once either side has abandoned it.
    func take() -> Element? {
        condition.lock(); defer { condition.unlock() }
        while pending.isEmpty && !closed && !abandoned { condition.wait() }
        guard !pending.isEmpty else { return nil }
        condition.broadcast()
        return pending.removeFirst()
    }

    /// The producer's word that no more batches come.
    func close() {
        condition.lock(); defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    /// Either side's word that the hand-off is over (it failed part way): waiting calls return at once.
    func abandon() {
        condition.lock(); defer { condition.unlock() }
        abandoned = true
        pending.removeAll()
        condition.broadcast()
    }
}

/// A closure run on a thread of its own; `wait()` joins it.
final class BackgroundThread: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var failure: Error?

    /// Starts `body` at once on a new thread.
    init(_ body: @escaping @Sendable () throws -> Void) {
        Thread { [self] in
            do { try body() } catch { failure = error }
            finished.signal()
        }.start()
    }

    /// Waits for the closure to return, and throws what it threw. Call it once.
    func wait() throws {
        finished.wait()
        if let failure { throw failure }
    }
}

/// Carries a value the compiler cannot prove safe into a thread that is its only user.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
