import Foundation

/// A hybrid logical clock: wall-clock milliseconds, a counter and the peer id.
///
/// Its text form `<updatedAt>/<counter>/<peer>` orders edits the same way on
/// every peer by plain string comparison, even when wall clocks disagree or
/// two edits share a millisecond.
public struct HybridClock: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var milliseconds: Int64
    public var counter: Int
    public var peer: String

    public init(milliseconds: Int64, counter: Int, peer: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.peer = peer
    }

    /// Parses `2026-11-22T10:15:30.123Z/0003/peer`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let milliseconds = Timestamp.milliseconds(String(parts[0])),
              let counter = Int(parts[1]), !parts[2].isEmpty
        else { return nil }
        self.init(milliseconds: milliseconds, counter: counter, peer: String(parts[2]))
    }

    /// The wall-clock part as a record's `updatedAt`.
    public var timestamp: String { Timestamp.string(milliseconds: milliseconds) }

    public var description: String {
        let count = String(counter)
        return "\(timestamp)/\(String(repeating: "0", count: max(0, 4 - count.count)))\(count)/\(peer)"
    }

    /// The clock for a new local event after `self`, at wall-clock time `now`.
    public func tick(now: Int64) -> HybridClock {
        if now > milliseconds { return HybridClock(milliseconds: now, counter: 0, peer: peer) }
        return HybridClock(milliseconds: milliseconds, counter: counter + 1, peer: peer)
    }

    /// Moves this clock past a clock received from another peer.
    public func observing(_ other: HybridClock) -> HybridClock {
        if other.milliseconds > milliseconds || (other.milliseconds == milliseconds && other.counter > counter) {
            return HybridClock(milliseconds: other.milliseconds, counter: other.counter, peer: peer)
        }
        return self
    }

    /// How far ahead of this machine's wall clock a clock may run: more is a wrong clock, not a time zone
    /// or a slow peer, and a clock that far ahead would win every last-writer-wins merge until then.
    public static let maximumLead: Int64 = 24 * 60 * 60 * 1000

    /// This machine's wall clock, in milliseconds since 1970.
    public static func nowMilliseconds() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// Whether this clock is more than `maximumLead` ahead of `now`.
    public func isFarAhead(of now: Int64 = HybridClock.nowMilliseconds()) -> Bool {
        milliseconds > now + Self.maximumLead
    }

    /// Time, then counter as a number (text order breaks past 9999), then peer id.
    public static func < (lhs: HybridClock, rhs: HybridClock) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.peer) < (rhs.milliseconds, rhs.counter, rhs.peer)
    }
}
