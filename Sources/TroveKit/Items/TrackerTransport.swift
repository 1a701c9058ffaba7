/// A way to reach trackers: pair with one and start its locating service.
///
/// Bluetooth (`BluetoothTransport`) is the real one; `LoopbackTransport` simulates a radio in a
/// folder, for tests and demonstrations. A new radio is one more conforming type.
public protocol TrackerTransport {
    /// Its name, stored in the tracker record, e.g. `bluetooth`.
    var name: String { get }
    /// Whether it can be used now.
    func state() -> TransportState
    /// Pairs with the tracker; throws `TransportError` when the tracker does not answer.
    func pair(_ trackerID: String) throws
    /// Asks a paired tracker to start its locating service.
    func activate(_ trackerID: String) throws
}

/// Whether a transport can be used.
public enum TransportState: Sendable, Equatable {
    case ready
    /// Present but switched off.
    case off
    /// Not on this machine; the reason says what is missing.
    case absent(String)
}

/// Why a transport could not do what was asked.
public enum TransportError: Error, Equatable, CustomStringConvertible {
    case off(transport: String)
    case absent(transport: String, reason: String)
    case failed(action: String, tracker: String, reason: String)
    case unknownTransport(String, known: [String])

    public var description: String {
        switch self {
        case .off(let transport):
            return "\(transport.capitalized) is off: turn it on and try again"
        case .absent(let transport, let reason):
            return "there is no \(transport.capitalized) adapter: \(reason)"
        case .failed(let action, let tracker, let reason):
            return "could not \(action) tracker \(tracker): \(reason)"
        case .unknownTransport(let name, let known):
            return "no transport called '\(name)' (transports: \(known.joined(separator: ", ")))"
        }
    }

    /// The error for a transport in `state`, or `nil` when it is ready.
    public static func unusable(_ transport: TrackerTransport) -> TransportError? {
        switch transport.state() {
        case .ready: return nil
        case .off: return .off(transport: transport.name)
        case .absent(let reason): return .absent(transport: transport.name, reason: reason)
        }
    }
}

extension TransportError: UserFacingError {}
