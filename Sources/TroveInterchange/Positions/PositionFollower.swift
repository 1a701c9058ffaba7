import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a live stream of positions, line by line, and hands each fix to a handler.
///
/// The lines may be NMEA 0183 or JSON, mixed freely (see `PositionLine`). A follower holds
/// no state between runs, so one value may be shared; each `run` opens its own source.
public final class PositionFollower: Sendable {
    /// Where the lines come from.
    public enum Source: Sendable, Equatable {
        /// A regular file, followed like `tail -F` from its beginning: across appends, and from
        /// the start again if it is truncated or replaced. Or a FIFO or device, or `-` for
        /// standard input, read until the writer closes it.
        case file(String)
        /// gpsd's JSON protocol over TCP: connect, send `?WATCH={"enable":true,"json":true};`,
        /// and read its reports until gpsd closes the connection.
        case gpsd(host: String = "127.0.0.1", port: UInt16 = 2947)
    }

    /// The stream this follower reads.
    public let source: Source
    /// How long to wait at the end of a regular file before looking again; also how often a
    /// wait for data stops to ask `shouldStop`.
    let pollMilliseconds: Int32
    /// How long to try connecting to gpsd before giving up.
    let connectTimeoutMilliseconds: Int32

    /// The longest line kept; a longer one is garbage (binary noise, a wrong baud rate) and is skipped.
    static let maximumLineLength = 65_536

    public convenience init(source: Source) {
        self.init(source: source, pollMilliseconds: 200)
    }

    init(source: Source, pollMilliseconds: Int32, connectTimeoutMilliseconds: Int32 = 5_000) {
        self.source = source
        self.pollMilliseconds = pollMilliseconds
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
    }

    /// Reads fixes until the source ends or `shouldStop` returns true, calling `onFix` for each.
    ///
    /// Blocks. `shouldStop` is asked after every fix and at least every 200 ms while waiting,
    /// so another thread can end the run by flipping a flag. A regular file never ends: at
    /// its end the follower waits for more. A FIFO, standard input or gpsd ends when the
    /// other side closes it, and then `run` returns. Lines without a fix are skipped.
    ///
    /// - Throws: `PositionSourceError` when the source cannot be opened, reached or read,
    ///   and whatever `onFix` throws (which ends the run).
    public func run(until shouldStop: () -> Bool = { false }, onFix: (PositionFix) throws -> Void) throws {
        try runLines(until: shouldStop) { line in
            if let fix = PositionLine.parse(String(decoding: line, as: UTF8.self)) { try onFix(fix) }
        }
    }

    /// Reads lines until the source ends or `shouldStop` returns true, calling `onLine` for each
    /// (without its newline). The same source handling as `run`, for streams of other kinds of line.
    public func runLines(until shouldStop: () -> Bool = { false }, onLine: ([UInt8]) throws -> Void) throws {
        switch source {
        case .file("-"):
            // Standard input is not ours to close, and is read as a stream even when it is
            // a redirected file: there is no path to watch for truncation.
            try readStream(STDIN_FILENO, shouldStop: shouldStop, onLine: onLine) { reason in
                .readFailed(path: "standard input", reason: reason)
            }
        case .file(let path):
            try followPath(path, shouldStop: shouldStop, onLine: onLine)
        case .gpsd(let host, let port):
            guard let socket = try connectToGpsd(host: host, port: port, shouldStop: shouldStop) else { return }
            defer { close(socket) }
            try sendWatch(socket, host: host, port: port)
            try readStream(socket, shouldStop: shouldStop, onLine: onLine) { reason in
                .gpsdConnectionLost(host: host, port: port, reason: reason)
            }
        }
    }

    // MARK: Files

    /// Opens `path` and reads it as a followed regular file or as a stream, by its type.
    private func followPath(_ path: String, shouldStop: () -> Bool, onLine: ([UInt8]) throws -> Void) throws {
        // Non-blocking, so that opening a FIFO does not wait for a writer (and ignore shouldStop).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw PositionSourceError.cannotOpen(path: path, reason: Self.errorText(errno)) }
        var current = descriptor
        defer { close(current) }
        var status = stat()
        guard fstat(current, &status) == 0 else { throw PositionSourceError.cannotOpen(path: path, reason: Self.errorText(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw PositionSourceError.notFollowable(path: path, reason: "it is a directory")
        case S_IFREG:
            try followRegularFile(path, descriptor: &current, shouldStop: shouldStop, onLine: onLine)
        default:
            try readStream(current, shouldStop: shouldStop, onLine: onLine) { reason in
                .readFailed(path: path, reason: reason)
            }
        }
    }

    /// Reads a regular file to its end, then waits for more, like `tail -F`.
    private func followRegularFile(_ path: String, descriptor: inout Int32, shouldStop: () -> Bool,
                                   onLine: ([UInt8]) throws -> Void) throws {
        var lines = PositionLineSplitter(limit: Self.maximumLineLength)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if shouldStop() { return }
            let count = Self.readChunk(descriptor, into: &buffer)
            if count > 0 {
                if try deliver(lines.append(buffer[0..<count]), shouldStop: shouldStop, onLine: onLine) { return }
                continue
            }
            if count < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                throw PositionSourceError.readFailed(path: path, reason: Self.errorText(code))
            }
            // At the end. A partial last line stays pending: its writer may be mid-line.
            switch Self.fileChange(path, descriptor: descriptor) {
            case .none:
                if shouldStop() { return }
                usleep(UInt32(pollMilliseconds) * 1_000)
            case .truncated:
                lseek(descriptor, 0, SEEK_SET)
                lines = PositionLineSplitter(limit: Self.maximumLineLength)
            case .replaced:
                // A rotated log: keep the old file open until the new one opens, then start over.
                let replacement = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                if replacement >= 0 {
                    close(descriptor)
                    descriptor = replacement
                    lines = PositionLineSplitter(limit: Self.maximumLineLength)
                } else {
                    usleep(UInt32(pollMilliseconds) * 1_000)
                }
            }
        }
    }

    private enum FileChange { case none, truncated, replaced }

    /// Whether the file at `path` was cut shorter than what was read, or is now another file.
    private static func fileChange(_ path: String, descriptor: Int32) -> FileChange {
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return .none }
        if opened.st_size < lseek(descriptor, 0, SEEK_CUR) { return .truncated }
        var named = stat()
        // A missing path is a rotation under way (or a deletion): keep reading the old file.
        guard stat(path, &named) == 0, named.st_mode & S_IFMT == S_IFREG else { return .none }
        return named.st_dev != opened.st_dev || named.st_ino != opened.st_ino ? .replaced : .none
    }

    // MARK: Streams

    /// Reads a FIFO, device, standard input or socket until its end (the writer closed it).
    private func readStream(_ descriptor: Int32, shouldStop: () -> Bool, onLine: ([UInt8]) throws -> Void,
                            failure: (String) -> PositionSourceError) throws {
        var lines = PositionLineSplitter(limit: Self.maximumLineLength)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if shouldStop() { return }
            // Wait in slices, so that shouldStop is asked even when no data comes.
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, pollMilliseconds)
            if ready < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure(Self.errorText(code))
            }
            if ready == 0 { continue }
            let count = Self.readChunk(descriptor, into: &buffer)
            if count > 0 {
                if try deliver(lines.append(buffer[0..<count]), shouldStop: shouldStop, onLine: onLine) { return }
            } else if count == 0 {
                // The writer is gone, so an unterminated last line is complete.
                if let last = lines.finish() { _ = try deliver([last], shouldStop: shouldStop, onLine: onLine) }
                return
            } else {
                let code = errno
                if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
                throw failure(Self.errorText(code))
            }
        }
    }

    /// Calls `onLine` for each line; true when `shouldStop` says to end.
    private func deliver(_ lines: [[UInt8]], shouldStop: () -> Bool, onLine: ([UInt8]) throws -> Void) throws -> Bool {
        for line in lines {
            try onLine(line)
            if shouldStop() { return true }
        }
        return false
    }

    // MARK: gpsd

    /// A connected socket to gpsd, or `nil` when `shouldStop` ended the wait first.
    private func connectToGpsd(host: String, port: UInt16, shouldStop: () -> Bool) throws -> Int32? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Self.streamType
        var found: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &found)
        guard lookup == 0, let first = found else {
            let reason = lookup == EAI_SYSTEM ? Self.errorText(errno) : String(cString: gai_strerror(lookup))
            throw PositionSourceError.gpsdUnreachable(host: host, port: port, reason: reason)
        }
        defer { freeaddrinfo(first) }
        var lastReason = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        // Try each address in turn (localhost may be ::1 first while gpsd listens on 127.0.0.1).
        while let address = candidate {
            candidate = address.pointee.ai_next
            let socket = Self.makeSocket(address.pointee)
            guard socket >= 0 else { lastReason = Self.errorText(errno); continue }
            switch connectOne(socket, address.pointee, shouldStop: shouldStop) {
            case .connected:
                return socket
            case .stopped:
                close(socket)
                return nil
            case .failed(let reason):
                close(socket)
                lastReason = reason
            }
        }
        throw PositionSourceError.gpsdUnreachable(host: host, port: port, reason: lastReason)
    }

    private enum ConnectResult { case connected, stopped, failed(String) }

    /// Connects without blocking, so that the wait has a time limit and heeds `shouldStop`.
    private func connectOne(_ socket: Int32, _ address: addrinfo, shouldStop: () -> Bool) -> ConnectResult {
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        if connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return .connected }
        guard errno == EINPROGRESS || errno == EINTR else { return .failed(Self.errorText(errno)) }
        var waited: Int32 = 0
        while waited < connectTimeoutMilliseconds {
            if shouldStop() { return .stopped }
            var waiting = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&waiting, 1, pollMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed(Self.errorText(errno))
            }
            if ready == 0 { waited += pollMilliseconds; continue }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return .failed(Self.errorText(errno)) }
            return code == 0 ? .connected : .failed(Self.errorText(code))
        }
        return .failed("no answer within \(connectTimeoutMilliseconds / 1_000) s")
    }

    /// Asks gpsd to stream its JSON reports (TPV among them) on this connection.
    private func sendWatch(_ socket: Int32, host: String, port: UInt16) throws {
        let command = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [0x0A]
        var sent = 0
        while sent < command.count {
            let count = command[sent...].withUnsafeBytes { bytes in
                send(socket, bytes.baseAddress, bytes.count, Self.noSignal)
            }
            if count > 0 { sent += count; continue }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                var waiting = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, pollMilliseconds)
                continue
            }
            throw PositionSourceError.gpsdConnectionLost(host: host, port: port, reason: Self.errorText(code))
        }
    }

    // MARK: POSIX helpers

    private static func readChunk(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { bytes in read(descriptor, bytes.baseAddress, bytes.count) }
    }

    /// A new close-on-exec socket for one of getaddrinfo's addresses.
    private static func makeSocket(_ address: addrinfo) -> Int32 {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        if descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
        }
        return descriptor
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    /// A closed peer must give EPIPE, not kill the process with SIGPIPE.
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let noSignal: Int32 = 0
    #endif
}

/// Splits bytes into lines at CR or LF (so CRLF, LF and a bare CR all end a line), keeping
/// an unterminated tail for the next chunk and skipping lines longer than `limit`.
struct PositionLineSplitter {
    let limit: Int
    private var pending: [UInt8] = []
    /// True while inside an over-long line, until its end is seen.
    private var discarding = false

    init(limit: Int) { self.limit = limit }

    /// The lines that `chunk` completes; empty lines are left out.
    mutating func append(_ chunk: ArraySlice<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = chunk.startIndex
        for index in chunk.indices where chunk[index] == 0x0A || chunk[index] == 0x0D {
            let piece = chunk[start..<index]
            if discarding {
                discarding = false
            } else if pending.count + piece.count <= limit {
                pending.append(contentsOf: piece)
                if !pending.isEmpty { lines.append(pending) }
            }
            pending.removeAll(keepingCapacity: true)
            start = chunk.index(after: index)
        }
        let tail = chunk[start...]
        if !discarding {
            if pending.count + tail.count > limit {
                discarding = true
                pending.removeAll()
            } else {
                pending.append(contentsOf: tail)
            }
        }
        return lines
    }

    /// The unterminated last line, at the end of a stream.
    mutating func finish() -> [UInt8]? {
        defer { pending.removeAll() }
        return discarding || pending.isEmpty ? nil : pending
    }
}
