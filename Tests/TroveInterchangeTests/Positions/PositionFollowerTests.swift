import Foundation
import Testing
@testable import TroveInterchange
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Following a growing file, a FIFO and gpsd (a fake one on a loopback port).
///
/// The followers here poll every 20 ms rather than 200 ms, and every run gives up after a
/// few seconds, so a broken follower fails its test instead of hanging the suite.
struct PositionFollowerTests {
    static let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"

    static func follower(_ source: PositionFollower.Source) -> PositionFollower {
        PositionFollower(source: source, pollMilliseconds: 20, connectTimeoutMilliseconds: 1_000)
    }

    /// Runs `follower` until `count` fixes or 3 s, whichever comes first.
    static func fixes(from follower: PositionFollower, count: Int = .max,
                      each: (Int) -> Void = { _ in }) throws -> [PositionFix] {
        var fixes: [PositionFix] = []
        let deadline = Date().addingTimeInterval(3)
        try follower.run(until: { fixes.count >= count || Date() > deadline }) { fix in
            fixes.append(fix)
            each(fixes.count)
        }
        return fixes
    }

    @Test func aRegularFileIsFollowedAcrossAppends() throws {
        let folder = try PositionTestFolder()
        let path = folder.path("track.nmea")
        // One whole line, and half of the next: the half must wait for its end.
        try Data("\(Self.gga)\n\(Self.rmc.prefix(30))".utf8).write(to: URL(fileURLWithPath: path))
        let appender = PositionTestSignal()
        PositionTestThread.start {
            appender.wait()
            PositionTestFolder.append(path, "\(Self.rmc.dropFirst(30))\r\n")
            usleep(30_000)
            PositionTestFolder.append(path, "$GPGSV,garbage\n{\"lat\":1.5,")
            usleep(30_000)
            PositionTestFolder.append(path, "\"lon\":2.5}\n{\"lat\":3,\"lon\":4}\n")
        }
        let fixes = try Self.fixes(from: Self.follower(.file(path)), count: 4) { count in
            if count == 1 { appender.signal() }
        }
        #expect(fixes.count == 4)
        #expect(fixes.map(\.time) == [nil, Date(timeIntervalSince1970: 764_426_119), nil, nil])
        #expect(fixes.last?.latitude == 3)
    }

    @Test func aTruncatedOrReplacedFileIsReadAgainFromItsStart() throws {
        let folder = try PositionTestFolder()
        let path = folder.path("live.json")
        // The rewrite is shorter than the first text, so the follower can tell it was truncated.
        try Data("{\"lat\":1,\"lon\":1,\"note\":\"first\"}\n".utf8).write(to: URL(fileURLWithPath: path))
        let fresh = folder.path("fresh.json")
        let changes = PositionTestSignal()
        PositionTestThread.start {
            changes.wait()
            // Truncated, then written afresh (shorter than what was read).
            _ = truncate(path, 0)
            usleep(60_000)
            PositionTestFolder.append(path, "{\"lat\":2,\"lon\":2}\n")
            changes.wait()
            // Replaced: a new file renamed over it, as log rotation does.
            try? Data("{\"lat\":3,\"lon\":3}\n".utf8).write(to: URL(fileURLWithPath: fresh))
            _ = rename(fresh, path)
        }
        let fixes = try Self.fixes(from: Self.follower(.file(path)), count: 3) { _ in changes.signal() }
        #expect(fixes.map(\.latitude) == [1, 2, 3])
    }

    @Test func anOverlongLineIsSkipped() throws {
        let folder = try PositionTestFolder()
        let path = folder.path("noise.nmea")
        // 70 KB of noise ending in a valid sentence, on one line: over the 64 KB cap, so all of it goes.
        let noise = String(repeating: "\u{7f}x", count: 35_000) + Self.gga
        try Data("\(noise)\n\(Self.rmc)\r".utf8).write(to: URL(fileURLWithPath: path))
        let fixes = try Self.fixes(from: Self.follower(.file(path)), count: 1)
        #expect(fixes.count == 1)
        #expect(fixes.first?.time != nil) // the RMC, not the GGA at the end of the noise
    }

    @Test func linesAreSplitAtCRAndLFAcrossChunks() {
        var splitter = PositionLineSplitter(limit: 10)
        func text(_ chunk: String) -> [String] {
            splitter.append(Array(chunk.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(text("one\r\ntw") == ["one"])
        #expect(text("o\n\nthree\rfo") == ["two", "three"])
        // Over the limit within one chunk, and across chunks: both lines are dropped whole.
        #expect(text("ur\n0123456789X\nfive\n012345") == ["four", "five"])
        #expect(text("6789X\nsix") == [])
        #expect(text("\n") == ["six"])
        #expect(text("0123456789AB") == []) // the tail alone is over the limit
        #expect(text("CD\r\nok\n") == ["ok"])
        #expect(text("seven") == [])
        #expect(splitter.finish().map { String(decoding: $0, as: UTF8.self) } == "seven")
    }

    @Test func aFIFOIsReadUntilItsWriterCloses() throws {
        let folder = try PositionTestFolder()
        let path = folder.path("gps.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        PositionTestThread.start {
            // Blocks until the follower opens the other end.
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            PositionTestFolder.writeText(descriptor, "\(Self.gga)\r\n#comment\n")
            usleep(20_000)
            // The last line has no newline: the writer's close ends it.
            PositionTestFolder.writeText(descriptor, "\(Self.rmc)\n{\"lat\":-1,\"lon\":-2}")
            close(descriptor)
        }
        let started = Date()
        let fixes = try Self.fixes(from: Self.follower(.file(path)))
        #expect(fixes.map { $0.latitude.rounded() } == [48, 48, -1])
        #expect(Date().timeIntervalSince(started) < 2) // returned at the close, not at the deadline
    }

    @Test func gpsdIsAskedToWatchAndItsReportsRead() throws {
        let server = try PositionTestServer()
        let received = PositionTestBox<String>("")
        PositionTestThread.start {
            guard let client = server.acceptClient() else { return }
            defer { close(client) }
            PositionTestFolder.writeText(client, #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"# + "\n")
            // gpsd sends reports only once watched.
            received.value = server.readLine(client)
            PositionTestFolder.writeText(client, """
                {"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox"}]}
                {"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0}
                {"class":"TPV","device":"/dev/ttyACM0","mode":1}
                {"class":"SKY","device":"/dev/ttyACM0","satellites":[]}
                {"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2005-06-08T10:34:48.283Z","lat":46.5,"lon":7.5,"eph":9.5}
                {"class":"TPV","device":"/dev/ttyACM0","mode":2,"lat":46.6,
                """)
            usleep(20_000)
            PositionTestFolder.writeText(client, "\"lon\":7.6}\n")
        }
        let fixes = try Self.fixes(from: Self.follower(.gpsd(host: "127.0.0.1", port: server.port)))
        #expect(received.value == #"?WATCH={"enable":true,"json":true};"#)
        #expect(fixes.map(\.latitude) == [46.5, 46.6])
        #expect(fixes.first?.accuracy == 9.5)
        #expect(fixes.allSatisfy { $0.source == "gpsd" })
    }

    @Test func anUnreachableGpsdSaysWhatToDo() throws {
        // Bound but not listening: connections are refused, and no one else can take the port.
        let server = try PositionTestServer(listening: false)
        let error = #expect(throws: PositionSourceError.self) {
            _ = try Self.fixes(from: Self.follower(.gpsd(host: "127.0.0.1", port: server.port)))
        }
        guard case .gpsdUnreachable(let host, let port, _)? = error else {
            Issue.record("expected gpsdUnreachable, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1" && port == server.port)
        #expect(error?.description.contains("is gpsd running? (systemctl start gpsd, or pass --follow FILE)") == true)
    }

    @Test func missingFilesAndFoldersAreErrors() throws {
        let folder = try PositionTestFolder()
        let missing = folder.path("none.nmea")
        #expect(throws: PositionSourceError.cannotOpen(path: missing, reason: "No such file or directory")) {
            try PositionFollower(source: .file(missing)).run { _ in }
        }
        #expect(throws: PositionSourceError.notFollowable(path: folder.root, reason: "it is a directory")) {
            try PositionFollower(source: .file(folder.root)).run { _ in }
        }
    }

    @Test func anErrorFromTheHandlerEndsTheRun() throws {
        struct Enough: Error {}
        let folder = try PositionTestFolder()
        let path = folder.path("two.nmea")
        try Data("\(Self.gga)\n\(Self.rmc)\n".utf8).write(to: URL(fileURLWithPath: path))
        var seen = 0
        #expect(throws: Enough.self) {
            try Self.follower(.file(path)).run { _ in seen += 1; throw Enough() }
        }
        #expect(seen == 1)
    }
}

// MARK: Test helpers

/// A temporary folder, deleted when the value goes away.
final class PositionTestFolder {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("positions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }

    static func append(_ path: String, _ text: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { return }
        writeText(descriptor, text)
        close(descriptor)
    }

    static func writeText(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}

/// A value shared between the test and a helper thread.
final class PositionTestBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A one-shot go-ahead from the test to a helper thread; gives up after 2 s.
final class PositionTestSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait() { _ = semaphore.wait(timeout: .now() + 2) }
}

enum PositionTestThread {
    /// Runs `body` on a thread of its own, outside Swift concurrency's small pool.
    static func start(_ body: @escaping @Sendable () -> Void) {
        Thread(block: body).start()
    }
}

/// A TCP socket on an ephemeral loopback port, playing gpsd.
final class PositionTestServer: Sendable {
    let descriptor: Int32
    let port: UInt16

    init(listening: Bool = true) throws {
        let descriptor = socket(AF_INET, PositionTestServer.streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard descriptor >= 0, bound, !listening || listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw CocoaError(.fileReadUnknown)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// The first client, or `nil` if none comes within 2 s.
    func acceptClient() -> Int32? {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 2_000) == 1 else { return nil }
        let client = accept(descriptor, nil, nil)
        return client >= 0 ? client : nil
    }

    /// Bytes up to a newline (not included), read one at a time; gives up after 2 s.
    func readLine(_ client: Int32) -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            var waiting = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 2_000) == 1, read(client, &byte, 1) == 1, byte != 0x0A else { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}
