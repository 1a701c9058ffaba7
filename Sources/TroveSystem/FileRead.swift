import Foundation

/// The one read of a piece of a file that streamed readers share (CSV pieces, GPX pieces).
///
/// ```swift
/// let count = buffer.withUnsafeMutableBytes { FileRead.piece(from: descriptor, into: $0) }
/// guard count >= 0 else { … errno … }   // 0 at the end of the file
/// ```
public enum FileRead {
    /// Reads up to `buffer.count` bytes at the file's position, again when a signal interrupts the read. Returns how
    /// many were read (0 at the end of the file), or -1 with `errno` set.
    public static func piece(from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var count: Int
        repeat {
            count = Foundation.read(descriptor, buffer.baseAddress!, buffer.count)
        } while count < 0 && errno == EINTR
        return count
    }
}
