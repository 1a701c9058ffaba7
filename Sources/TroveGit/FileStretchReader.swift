import Foundation

/// Reads a stretch of an open file front to back, a piece at a time: the one reader of Trove's own scratch files
/// (`StagedChangeRun`, the store's spill runs), whose records are read in the order they were written.
public struct FileStretchReader {
    private let descriptor: Int32
    private var offset: Int
    private let end: Int
    private let pieceSize: Int
    private var buffer: [UInt8] = []
    private var position = 0

    /// A MB: one reader alone reads its file in few system calls.
    public static let defaultPieceSize = 1 << 20

    /// Reads bytes `start..<end` of the file open at `descriptor`, `pieceSize` bytes at a time. Readers that run side by
    /// side (the runs of a merge) read small pieces, so that their memory does not grow with how many there are.
    public init(descriptor: Int32, from start: Int, to end: Int, pieceSize: Int = defaultPieceSize) {
        self.descriptor = descriptor
        offset = start
        self.end = end
        self.pieceSize = pieceSize
    }

    /// The next `count` bytes; `nil` when the stretch has ended exactly here. A stretch that ends inside them is
    /// damaged, and throws.
    public mutating func read(_ count: Int) throws -> ArraySlice<UInt8>? {
        if buffer.count - position < count {
            buffer.removeFirst(position)
            position = 0
            while buffer.count < count, offset < end {
                var chunk = [UInt8](repeating: 0, count: min(max(pieceSize, count), end - offset))
                let got = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { throw FileStretchError(reason: got < 0 ? String(cString: strerror(errno)) : "it ends early") }
                buffer += chunk[..<got]
                offset += got
            }
            if buffer.isEmpty { return nil }
            guard buffer.count >= count else { throw FileStretchError(reason: "it ends inside a record") }
        }
        defer { position += count }
        return buffer[position..<(position + count)]
    }
}

/// A scratch file could not be read back.
public struct FileStretchError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { "cannot read a scratch file back: \(reason)" }
}
