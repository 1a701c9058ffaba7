import Crypto
import Foundation

/// Lowercase UUIDv7 ids: they sort by creation time and need no coordination between peers.
public enum RecordID {
    private static let state = Mutex()

    /// A new id, strictly greater than the previous one made by this process.
    public static func make(at date: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        let (time, sequence) = state.next(milliseconds)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: time >> (40 - 8 * UInt64(index))) }
        bytes[6] = 0x70 | UInt8(truncatingIfNeeded: sequence >> 8)
        bytes[7] = UInt8(truncatingIfNeeded: sequence)
        var random = SystemRandomNumberGenerator()
        for index in 8..<16 { bytes[index] = random.next() }
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return text(bytes)
    }

    /// The id of an imported record: its time part from `date`, the rest from a hash of `key` (the
    /// record's identity in its source), so importing the same record again finds the same id.
    public static func derived(from key: String, at date: Date) -> String {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var bytes = Array(SHA256.hash(data: Array(key.utf8)).prefix(16))
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index))) }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return text(bytes)
    }

    /// 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, written into one buffer (ids are made by the million in imports).
    private static func text(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            for (position, byte) in bytes.enumerated() {
                if position == 4 || position == 6 || position == 8 || position == 10 {
                    buffer[index] = UInt8(ascii: "-")
                    index += 1
                }
                buffer[index] = Hex.digit(byte >> 4)
                buffer[index + 1] = Hex.digit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }

    /// Whether `text` is a lowercase UUIDv7.
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count == 36 else { return false }
        func isHex(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        for (index, byte) in bytes.enumerated() {
            switch index {
            case 8, 13, 18, 23: if byte != UInt8(ascii: "-") { return false }
            case 14: if byte != UInt8(ascii: "7") { return false }
            case 19: if !(0x38...0x39).contains(byte) && byte != UInt8(ascii: "a") && byte != UInt8(ascii: "b") { return false }
            default: if !isHex(byte) { return false }
            }
        }
        return true
    }

    /// Keeps ids monotonic within one millisecond through the 12-bit sequence field.
    private final class Mutex: @unchecked Sendable {
        private let lock = NSLock()
        private var lastTime: UInt64 = 0
        private var sequence: UInt16 = 0

        func next(_ now: UInt64) -> (UInt64, UInt16) {
            lock.lock()
            defer { lock.unlock() }
            if now > lastTime {
                lastTime = now
                sequence = UInt16.random(in: 0..<0x400)
            } else if sequence < 0xFFF {
                sequence += 1
            } else {
                lastTime += 1
                sequence = 0
            }
            return (lastTime, sequence)
        }
    }
}
