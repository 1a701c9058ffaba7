import Foundation
import TroveSystem

/// A file's bytes for `XMLParser(stream:)`, read a piece at a time through `XMLInputGuard`: a GPX file of any
/// length is parsed in the memory of a piece (libxml2's push parser keeps no more than it has not yet read).
///
/// A refusal of the guard, or a failure to read the file, ends the stream early and is kept in `failure`.
///
/// ```swift
/// let stream = try GuardedXMLStream(.file(path))
/// let parser = XMLParser(stream: stream)
/// _ = parser.parse()
/// if let failure = stream.failure { throw failure }
/// ```
final class GuardedXMLStream: InputStream {
    /// Where the bytes come from.
    enum Source {
        /// Text already in memory.
        case bytes([UInt8])
        /// A file read from disk as it is needed.
        case file(String)
    }

    /// How much of the file is read at a time: what swift-corelibs-foundation's parser asks for at once.
    static let pieceSize = 1 << 16

    /// What ended the stream before the file's end: a `PointFileError` of the guard, or the file unreadable.
    private(set) var failure: (any Error)?
    /// Whether a byte other than XML's white space has been read.
    private(set) var sawContent = false

    private let source: Source
    private let pieceSize: Int
    private var descriptor: Int32 = -1
    private var offset = 0
    private var guardian = XMLInputGuard()
    private var ready: [UInt8] = []
    private var readyStart = 0
    private var ended = false

    /// Opens the source; throws `PointFileError.unreadable` when a file cannot be opened.
    init(_ source: Source, pieceSize: Int = GuardedXMLStream.pieceSize) throws {
        self.source = source
        self.pieceSize = pieceSize
        if case .file(let path) = source {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw PointFileError.unreadable(String(cString: strerror(errno))) }
        }
        super.init(data: Data())
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Ends the stream: nothing more is read (the reader has what it needs).
    func stop() { ended = true; ready = []; readyStart = 0 }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { !ended || readyStart < ready.count }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        while readyStart == ready.count {
            guard !ended else { return 0 }
            do {
                ready = try nextPiece()
                readyStart = 0
            } catch {
                failure = error
                stop()
                return 0
            }
        }
        let count = min(length, ready.count - readyStart)
        ready.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + readyStart, count: count) }
        readyStart += count
        return count
    }

    /// The guard's bytes for the next piece of the source, or its last ones at the end.
    private func nextPiece() throws -> [UInt8] {
        let piece: ArraySlice<UInt8>
        switch source {
        case .bytes(let bytes):
            let end = min(bytes.count, offset + pieceSize)
            piece = bytes[offset..<end]
        case .file:
            var bytes = [UInt8](repeating: 0, count: pieceSize)
            let count = bytes.withUnsafeMutableBytes { FileRead.piece(from: descriptor, into: $0) }
            guard count >= 0 else { throw PointFileError.unreadable(String(cString: strerror(errno))) }
            piece = bytes[..<count]
        }
        offset += piece.count
        guard !piece.isEmpty else {
            ended = true
            return try guardian.finish()
        }
        if !sawContent { sawContent = piece.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } }
        return try guardian.take(piece)
    }
}
