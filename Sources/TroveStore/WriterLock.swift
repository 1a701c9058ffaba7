import Foundation

/// One writer at a time: an exclusive `flock` on `.git/trove/lock`, held for one transaction.
///
/// The lock file also records the holder's pid while held. Finding a pid
/// there on entry means the last writer was killed, so any git `*.lock`
/// file it left that no live process holds open is stale and removed.
final class WriterLock {
    private let descriptor: Int32

    /// Waits up to `timeout` seconds (`TROVE_LOCK_TIMEOUT` overrides) for the lock.
    init(path: String, gitDirectory: String, timeout: Double = WriterLock.defaultTimeout) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.notARecord(path: path, reason: String(cString: strerror(errno))) }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                throw StoreError.locked(seconds: timeout)
            }
            usleep(5_000)
        }
        let previousHolderDied = readHolder() != nil
        writeHolder("\(getpid())\n")
        StaleLocks.sweep(gitDirectory: gitDirectory, lastWriterDied: previousHolderDied)
    }

    deinit {
        writeHolder("")
        close(descriptor)  // releases the flock
    }

    static var defaultTimeout: Double {
        ProcessInfo.processInfo.environment["TROVE_LOCK_TIMEOUT"].flatMap(Double.init) ?? 30
    }

    private func readHolder() -> String? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    private func writeHolder(_ text: String) {
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }
}

extension Store {
    /// Runs `body` holding the store's writer lock.
    func withWriterLock<T>(_ body: () throws -> T) throws -> T {
        let lock = try WriterLock(path: local.lockFile, gitDirectory: repository.gitDirectory)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }
}
