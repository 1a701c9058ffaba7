/// How far a transfer has got: objects and bytes received (fetch, clone) or sent (push), for a progress bar.
public struct TransferProgress: Sendable, Equatable {
    /// Told as objects move; called on the transferring thread, often.
    public typealias Handler = (TransferProgress) -> Void

    public enum Direction: Sendable, Equatable {
        case receiving, sending
    }

    public var direction: Direction
    /// Objects moved so far, of `total`.
    public var done: Int
    public var total: Int
    /// Bytes moved so far.
    public var bytes: Int

    public init(direction: Direction, done: Int, total: Int, bytes: Int = 0) {
        self.direction = direction
        self.done = done
        self.total = total
        self.bytes = bytes
    }
}
