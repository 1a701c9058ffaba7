/// How far a transfer has got: objects received (fetch, clone) or sent (push), for a progress bar.
public struct TransferProgress: Sendable, Equatable {
    /// Told as objects move; called on the transferring thread, often.
    public typealias Handler = (TransferProgress) -> Void

    public enum Direction: Sendable, Equatable {
        case receiving, sending
    }

    public var direction: Direction
    public var done: Int
    public var total: Int
}
