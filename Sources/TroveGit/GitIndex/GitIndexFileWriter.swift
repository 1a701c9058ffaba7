import Crypto
import Foundation

/// Writes an index file the way git does: into a lock file created exclusively, hashed, then renamed into place.
///
/// The pieces are gathered and written at `commit`, while another thread computes the SHA-1 that ends the file:
/// an index of 100,000 records is 12 MB, whose hashing (8 ms) and writing (10 ms) then overlap.
final class GitIndexFileWriter {
    private let lock: String
    private var descriptor: Int32
    /// What the file holds, in order: gathered small pieces, and large ones borrowed from the caller.
    private var pieces: [Piece] = []
    private var size = 0
    /// The bytes written ahead (`writeAhead`): being written and hashed on other threads until `ahead` is waited for.
    private var ahead: DispatchGroup?
    nonisolated(unsafe) private var aheadHasher = Insecure.SHA1()
    nonisolated(unsafe) private var aheadError: Error?

    private enum Piece {
        case owned([UInt8])
        case borrowed(UnsafeBufferPointer<UInt8>)
        /// Bytes of a mapped file, written by copying the file's range inside the kernel.
        case fileRange(descriptor: Int32, offset: Int, bytes: UnsafeBufferPointer<UInt8>)

        func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
            switch self {
            case .owned(let bytes): try bytes.withUnsafeBufferPointer(body)
            case .borrowed(let bytes), .fileRange(_, _, let bytes): try body(bytes)
            }
        }
    }

    /// From this size, hashing runs on a second thread while the file is written.
    private static let parallelFrom = 1 << 20

    /// Creates `lock`; while another process holds it, retries for up to `patience` seconds.
    init(lock: String, patience: Double = 0) throws {
        self.lock = lock
        let deadline = Date().addingTimeInterval(patience)
        while true {
            descriptor = open(lock, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST || Date() >= deadline { break }
            usleep(2_000)
        }
        guard descriptor >= 0 else {
            throw GitError(operation: "write index", code: -14, message: "cannot create \(lock): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        // The threads writing ahead use the lock file until they are done.
        ahead?.wait()
        if descriptor >= 0 {
            close(descriptor)
            unlink(lock)
        }
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { gather($0) }
    }

    /// Appends bytes that stay valid and unchanged until `commit` returns (such as a mapped file's): large ones are not copied.
    func append(borrowing bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 4096 else { return gather(bytes) }
        pieces.append(.borrowed(bytes))
        size += bytes.count
    }

    /// Appends `bytes`, which are the bytes at `offset` of the file open at `descriptor` (mapped, unchanged until
    /// `commit` returns). They are copied file to file in the kernel: 12 MB took 3.5 ms, against 8.5 ms for a
    /// write from the mapping, whose pages had to be faulted in first.
    func append(_ bytes: UnsafeBufferPointer<UInt8>, fromFile descriptor: Int32, at offset: Int) {
        guard descriptor >= 0, bytes.count >= 1 << 16, Self.copyFileRange != nil else { return append(borrowing: bytes) }
        pieces.append(.fileRange(descriptor: descriptor, offset: offset, bytes: bytes))
        size += bytes.count
    }

    /// Small pieces are gathered into buffers of 64 KB or more, so that each write system call carries a lot.
    private func gather(_ bytes: UnsafeBufferPointer<UInt8>) {
        size += bytes.count
        if case .owned(var last)? = pieces.last, last.count < 1 << 16 {
            pieces.removeLast()
            last.append(contentsOf: bytes)
            pieces.append(.owned(last))
        } else {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(max(1 << 16, bytes.count))
            buffer.append(contentsOf: bytes)
            pieces.append(.owned(buffer))
        }
    }

    /// Starts writing and hashing the file's first bytes on two other threads, before the rest is known: `header`,
    /// then `length` bytes at `offset` of the mapped file open at `source` (`bytes`, unchanged until `commit`).
    /// `commit` goes on from there. Call it first, once.
    func writeAhead(header: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, fromFile source: Int32, at offset: Int) {
        precondition(pieces.isEmpty && ahead == nil)
        let group = DispatchGroup()
        ahead = group
        // Not retained: `deinit` and `abandon` wait for these threads, so the writer outlives them.
        nonisolated(unsafe) unowned(unsafe) let unsafeSelf = self
        let prefix = UncheckedBuffer(bytes)
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            var hasher = Insecure.SHA1()
            hasher.update(data: header)
            hasher.update(bufferPointer: UnsafeRawBufferPointer(prefix.bytes))
            unsafeSelf.aheadHasher = hasher
        }
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            do {
                try header.withUnsafeBufferPointer(unsafeSelf.writeAll)
                try unsafeSelf.write(.fileRange(descriptor: source, offset: offset, bytes: prefix.bytes))
            } catch {
                unsafeSelf.aheadError = error
            }
        }
    }

    /// Gives up the file: waits for what was being written ahead, then removes the lock file.
    func abandon() {
        ahead?.wait()
        ahead = nil
        if descriptor >= 0 {
            close(descriptor)
            unlink(lock)
            descriptor = -1
        }
    }

    /// The bytes gathered and not yet written (`flush`).
    var gatheredBytes: Int { pieces.reduce(0) { $0 + $1.withBytes(\.count) } }

    /// Writes what is gathered so far to the file, hashing nothing yet: for a file written as it is made, whose
    /// header is only known at its end (`commitRehashing`).
    func flush() throws {
        for piece in pieces { try write(piece) }
        pieces.removeAll()
    }

    /// Writes what is left, puts `header` over the file's first bytes, hashes the file as read back, and renames
    /// it to `path`: a file of any size in a bounded buffer.
    func commitRehashing(to path: String, header: [UInt8]) throws {
        precondition(ahead == nil)
        try flush()
        guard pwrite(descriptor, header, header.count, 0) == header.count else { throw failure() }
        var hasher = Insecure.SHA1()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw failure() }
            if got == 0 { break }
            hasher.update(data: buffer[..<got])
            offset += off_t(got)
        }
        try Array(hasher.finalize()).withUnsafeBufferPointer(writeAll)
        try closeAndRename(to: path)
    }

    /// Closes the lock file and gives it its name; on failure, removes it.
    private func closeAndRename(to path: String) throws {
        close(descriptor)
        descriptor = -1
        guard rename(lock, path) == 0 else {
            let error = failure()
            unlink(lock)
            throw error
        }
    }

    /// Writes the pieces and their checksum, syncs the file if asked, renames it to `path`, and returns the checksum.
    @discardableResult
    func commit(to path: String, sync: Bool = false) throws -> [UInt8] {
        if let ahead {
            ahead.wait()
            self.ahead = nil
            if let aheadError { throw aheadError }
        }
        let digest: [UInt8]
        if size >= Self.parallelFrom {
            let hashed = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: [UInt8] = []
            nonisolated(unsafe) let pieces = pieces
            nonisolated(unsafe) let start = aheadHasher
            DispatchQueue.global(qos: .userInitiated).async {
                result = Self.hash(pieces, from: start)
                hashed.signal()
            }
            var writeError: Error?
            do { for piece in pieces { try write(piece) } } catch { writeError = error }
            // The hashing thread reads the pieces until it signals: wait for it whatever the write did.
            hashed.wait()
            if let writeError { throw writeError }
            digest = result
        } else {
            for piece in pieces { try write(piece) }
            digest = Self.hash(pieces, from: aheadHasher)
        }
        try digest.withUnsafeBufferPointer(writeAll)
        if sync, fsync(descriptor) != 0 { throw failure() }
        try closeAndRename(to: path)
        return digest
    }

    private static func hash(_ pieces: [Piece], from start: Insecure.SHA1) -> [UInt8] {
        var hasher = start
        for piece in pieces { piece.withBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) } }
        return Array(hasher.finalize())
    }

    private func write(_ piece: Piece) throws {
        guard case .fileRange(let source, let offset, let bytes) = piece, let copy = Self.copyFileRange else {
            return try piece.withBytes(writeAll)
        }
        var from = Int64(offset)
        var copied = 0
        while copied < bytes.count {
            let result = copy(source, &from, descriptor, nil, bytes.count - copied, 0)
            if result > 0 {
                copied += result
                continue
            }
            if result < 0 && errno == EINTR { continue }
            // A file system or kernel that cannot (EXDEV, ENOSYS, EOPNOTSUPP…): the rest from the mapping.
            return try writeAll(UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }

    /// `copy_file_range(2)` (Linux 4.5, glibc 2.27), looked up at run time: Swift's Glibc module does not declare it.
    private static let copyFileRange: (@convention(c) (Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32) -> Int).self)
    }()

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            written += result
        }
    }

    private func failure() -> GitError {
        GitError(operation: "write index", code: -1, message: String(cString: strerror(errno)))
    }
}

/// A buffer handed to another thread, which reads it while its owner keeps it alive and unchanged.
private struct UncheckedBuffer: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
}
