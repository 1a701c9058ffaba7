import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One ssh child for one action: its standard input and output carry the pack protocol, its standard
/// error is kept to explain a failure. Whatever happens, `finish` closes our ends and reaps it.
final class SSHProcess {
    let pid: pid_t
    /// Our end of the child's standard input.
    private var input: Int32
    /// Our end of the child's standard output.
    private var output: Int32
    private let errors: StandardErrorCollector
    private(set) var exitStatus: Int32?

    /// Starts `arguments[0]` (looked up on the PATH when it has no slash) with `arguments`.
    init(arguments: [String]) throws {
        // Socket pairs, close-on-exec: posix_spawn's dup2 clears that on the child's 0, 1 and 2, and no other
        // child (ours or another thread's) may hold our ends, or nobody would see end-of-file. A socket
        // also lets a write to a dead ssh fail with EPIPE (MSG_NOSIGNAL) instead of raising SIGPIPE.
        var inputPair: [Int32] = [-1, -1], outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        for index in 0..<3 {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                let code = errno
                (inputPair + outputPipe + errorPipe).filter { $0 >= 0 }.forEach { close($0) }
                throw SSHProcessError(errno: code)
            }
            // The parent's end is [0], the child's [1].
            switch index {
            case 0: inputPair = pair
            case 1: outputPipe = pair
            default: errorPipe = pair
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // ssh must not inherit what Trove ignores (SIGPIPE, for writing to a pager) nor a blocked signal.
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM] { sigaddset(&defaults, signal) }
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = arguments[0].contains("/")
            ? posix_spawn(&child, arguments[0], &actions, &attributes, argv, environ)
            : posix_spawnp(&child, arguments[0], &actions, &attributes, argv, environ)
        // The child's ends belong to the child now.
        close(inputPair[1]); close(outputPipe[1]); close(errorPipe[1])
        guard result == 0 else {
            close(inputPair[0]); close(outputPipe[0]); close(errorPipe[0])
            throw SSHProcessError(errno: result, program: arguments[0])
        }
        pid = child
        input = inputPair[0]
        output = outputPipe[0]
        errors = StandardErrorCollector(descriptor: errorPipe[0])
    }

    deinit { _ = finish() }

    /// Reads what the child wrote to its standard output: the count, 0 at its end, -1 on an error.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard output >= 0 else { return -1 }
        while true {
            let got = Glibc.read(output, buffer, count)
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }

    /// Writes all of `count` bytes to the child's standard input; false when it is gone.
    func write(_ buffer: UnsafeRawPointer, count: Int) -> Bool {
        guard input >= 0 else { return false }
        var offset = 0
        while offset < count {
            let sent = send(input, buffer + offset, count - offset, Int32(MSG_NOSIGNAL))
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Closes our ends, waits for the child (a few seconds, then it is ended), and returns what it wrote
    /// to standard error. Safe to call more than once.
    @discardableResult
    func finish(grace: Double = 5) -> String {
        if input >= 0 { close(input); input = -1 }
        if output >= 0 { close(output); output = -1 }
        if exitStatus == nil { exitStatus = reap(grace: grace) }
        return errors.stop()
    }

    /// Waits for the child after its pipes closed: ssh leaves at once then. One that does not (stuck
    /// connecting, or waiting for an answer nobody gives) is sent SIGTERM, then SIGKILL.
    private func reap(grace: Double) -> Int32 {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(grace)
        while Date() < deadline {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status }
            if done < 0 && errno != EINTR { return status }
            usleep(10_000)
        }
        kill(pid, SIGTERM)
        let second = Date().addingTimeInterval(2)
        while Date() < second {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The child's exit code; `nil` while it runs or when a signal ended it.
    var exitCode: Int32? {
        guard let status = exitStatus, status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// The signal that ended the child, if one did.
    var signal: Int32? {
        guard let status = exitStatus, status & 0x7f != 0, status & 0x7f != 0x7f else { return nil }
        return status & 0x7f
    }
}

/// Why ssh could not be started.
struct SSHProcessError: Error, CustomStringConvertible {
    var errno: Int32
    var program: String?
    var description: String {
        let reason = String(cString: strerror(errno))
        guard let program else { return "cannot start ssh: \(reason)" }
        return errno == ENOENT ? "the ssh program '\(program)' is not installed or not on the PATH" : "cannot start \(program): \(reason)"
    }
}

/// Reads a child's standard error on its own thread, so that the child never blocks on a full pipe.
///
/// It keeps the last 64 KB. It stops at end-of-file, or when asked and nothing more is waiting: a
/// process ssh started in the background (a ControlPersist master) may keep the pipe open for long.
private final class StandardErrorCollector: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var data = Data()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)
    private var text: String?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in run() }
        thread.start()
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                if lock.withLock({ stopping }) { break }
                continue
            }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            lock.withLock {
                data.append(contentsOf: buffer[0..<got])
                if data.count > 65_536 { data.removeFirst(data.count - 65_536) }
            }
        }
        close(descriptor)
        done.signal()
    }

    /// Waits for the reader to end and returns what it read.
    func stop() -> String {
        if let text { return text }
        lock.withLock { stopping = true }
        done.wait()
        let result = String(decoding: lock.withLock { data }, as: UTF8.self)
        text = result
        return result
    }
}
