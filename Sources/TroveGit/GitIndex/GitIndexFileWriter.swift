import Crypto
import Foundation

/// Writes an index file the way git does: into a lock file created exclusively, hashed as it goes, then renamed into place.
final class GitIndexFileWriter {
    private let lock: String
    private var descriptor: Int32
    private var hasher = Insecure.SHA1()
    private var buffer: [UInt8] = []

    /// Creates `lock`; while another process holds it, retries for up to `patience` seconds.
    init(lock: String, patience: Double = 0) throws {
        self.lock = lock
        let deadline = Date().addingTimeInterval(patience)
        while true {
            descriptor = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST || Date() >= deadline { break }
            usleep(2_000)
        }
        guard descriptor >= 0 else {
            throw GitError(operation: "write index", code: -14, message: "cannot create \(lock): \(String(cString: strerror(errno)))")
        }
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(lock)
        }
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try append($0) }
    }

    /// Small pieces are gathered, so that each hash update and write system call carries a lot.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if bytes.count < 4096 {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { try flush() }
            return
        }
        try flush()
        hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
        try writeAll(bytes)
    }

    /// Ends the file with its checksum, syncs it if asked, renames it to `path`, and returns the checksum.
    @discardableResult
    func commit(to path: String, sync: Bool = false) throws -> [UInt8] {
        try commit(sync: sync) { _ in path }
    }

    /// Like `commit(to:sync:)`, for a file named after its own checksum.
    func commit(sync: Bool = false, to destination: ([UInt8]) -> String) throws -> [UInt8] {
        try flush()
        let digest = Array(hasher.finalize())
        try digest.withUnsafeBufferPointer { try writeAll($0) }
        if sync, fsync(descriptor) != 0 { throw failure() }
        close(descriptor)
        descriptor = -1
        guard rename(lock, destination(digest)) == 0 else {
            let error = failure()
            unlink(lock)
            throw error
        }
        return digest
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { pointer in
            hasher.update(bufferPointer: UnsafeRawBufferPointer(pointer))
            try writeAll(pointer)
        }
        buffer.removeAll(keepingCapacity: true)
    }

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
