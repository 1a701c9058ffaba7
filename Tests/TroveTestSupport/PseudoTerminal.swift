import Foundation

/// A program running on a real pseudo-terminal, driven the way a person at a keyboard drives it:
/// keys go in through the master side, and the screen's bytes come back out of it.
///
/// The child gets its own session with the terminal as its controlling terminal, so the line
/// discipline, job signals (Ctrl-C) and `isatty` behave as they do in a terminal emulator.
public final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    /// The terminal's other side, held only to read its settings (is a line editor reading keys?).
    private let slave: Int32
    private let pid: pid_t
    private var output: [UInt8] = []
    private var exitStatus: Int32?

    /// Control keys, as the terminal sends them.
    public static let tab = "\t", enter = "\r", ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlR = "\u{12}", up = "\u{1B}[A"

    /// Starts `executable ARGUMENTS` on a new terminal of `columns` × `rows`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String], columns: UInt16 = 100, rows: UInt16 = 30) throws {
        // posix_openpt, unlockpt and ptsname, which Swift's Glibc module leaves out, are these on Linux.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            throw PseudoTerminalError.cannotOpen(errno)
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        self.master = master
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session: opening the terminal then makes it the child's controlling terminal.
        // …with no signal blocked: the test's threads block some, and a terminal's programs expect none.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Self.spawnSetsid | Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { close(master); throw PseudoTerminalError.cannotStart(spawned) }
        self.pid = pid
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    // Linux values of constants that Swift's Glibc module does not import.
    private static let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    private static let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    private static let spawnSetsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26 and later)

    deinit {
        if exitStatus == nil { kill(pid, SIGKILL); var status: Int32 = 0; waitpid(pid, &status, 0) }
        close(master)
        close(slave)
    }

    /// Types `text` (keys included, such as `PseudoTerminal.tab`) once a line editor is reading keys.
    ///
    /// Keys typed while the terminal is in its own line mode (a command running) meet the kernel's
    /// line editing instead, where Ctrl-D means end of input and Ctrl-R "reprint"; a person waits
    /// for the prompt, and so does this.
    public func type(_ text: String, whenEditing: Bool = true) {
        let deadline = Date().addingTimeInterval(whenEditing ? 10 : 0)
        var settings = termios()
        while tcgetattr(slave, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0, Date() < deadline {
            usleep(2_000)
        }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the program wrote so far, escape sequences stripped.
    public var screenText: String {
        drain()
        return Self.strippingEscapes(String(decoding: output, as: UTF8.self))
    }

    /// Everything the program wrote so far, escape sequences and all.
    public var rawText: String {
        drain()
        return String(decoding: output, as: UTF8.self)
    }

    /// The text written since `mark` (a value of `mark()`), escape sequences stripped.
    public func text(since mark: Int) -> String {
        drain()
        return Self.strippingEscapes(String(decoding: output[min(mark, output.count)...], as: UTF8.self))
    }

    /// A position in the output, to look only at what comes after it.
    public func mark() -> Int {
        drain()
        return output.count
    }

    /// Waits until the output after `mark` contains `text`; false after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, since mark: Int = 0, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if self.text(since: mark).contains(text) { return true }
            waitForOutput(until: deadline)
        }
        return false
    }

    /// Waits until the output after `mark` contains `texts` in this order (a command's output, then
    /// the next prompt, say); false after `timeout` seconds.
    @discardableResult
    public func waitFor(sequence texts: [String], since mark: Int = 0, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var rest = Substring(text(since: mark))
            if texts.allSatisfy({ text in
                guard let found = rest.range(of: text) else { return false }
                rest = rest[found.upperBound...]
                return true
            }) { return true }
            waitForOutput(until: deadline)
        }
        return false
    }

    /// Waits for the program to exit; its exit code, or nil after `timeout` seconds.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = status
                drain()
                return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
            usleep(20_000)
        }
        return nil
    }

    /// Whether the program is still running.
    public var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status; return false }
        return true
    }

    /// Sleeps until the program writes something (or the deadline, or 50 ms, passes).
    private func waitForOutput(until deadline: Date) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(50, deadline.timeIntervalSinceNow * 1000)))
        _ = poll(&descriptor, 1, milliseconds)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output += buffer[..<count]
        }
    }

    /// `text` without CSI escape sequences (`ESC [ … letter`), other escapes, carriage returns or bells.
    public static func strippingEscapes(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                guard let next = scalars.next() else { break }
                if next == "[" {
                    while let final = scalars.next(), !(0x40...0x7E).contains(final.value) {}
                }
            case "\r", "\u{07}", "\u{1}": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// The pseudo-terminal could not be set up.
public enum PseudoTerminalError: Error {
    case cannotOpen(Int32)
    case cannotStart(Int32)
}
