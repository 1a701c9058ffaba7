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
    /// The window's size from each offset of `output` on (the first from 0), to replay the screen.
    private var sizes: [(offset: Int, columns: Int, rows: Int)]

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
        sizes = [(0, Int(columns), Int(rows))]

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
        // Nothing else the test process has open: a descriptor some other test opened without close-on-exec
        // would stay open in this child (a lock file held as if by a live process).
        SpawnActions.closeInherited(&actions)

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

    /// Types `text` once the program has turned echo off, as a passphrase prompt does (ssh's flushes
    /// what was typed before it); false if echo stayed on for `timeout` seconds.
    @discardableResult
    public func typeSecret(_ text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var settings = termios()
        while tcgetattr(slave, &settings) == 0, settings.c_lflag & tcflag_t(ECHO) != 0 {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return true
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

    /// The program's process id; it leads its own session and process group.
    public var processID: pid_t { pid }

    /// The terminal's foreground process group, which keys and Ctrl-C go to, and which alone may
    /// read the terminal or change its modes (others are stopped: state T).
    public var foregroundGroup: pid_t {
        // On a pseudo-terminal's master side this asks about the other side, which is not our controlling terminal.
        tcgetpgrp(master)
    }

    /// Whether the program's own process group is the terminal's foreground group.
    public var programIsInForeground: Bool {
        isRunning && foregroundGroup == getpgid(pid)
    }

    /// Resizes the window, as a person dragging its corner: the kernel then sends SIGWINCH to the
    /// foreground group (a pseudo-terminal's TIOCSWINSZ does, when the size changes).
    public func resize(columns: UInt16, rows: UInt16) {
        drain()
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        sizes.append((output.count, Int(columns), Int(rows)))
    }

    /// Waits until the session's process called `name` is asleep reading the terminal (the read system call,
    /// waiting in the tty driver): idle, waiting for a key. False after `timeout` seconds.
    public func waitUntilReadingKeys(_ name: String, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for process in sessionProcesses where process.name == name {
                let base = "/proc/\(process.id)/"
                let call = (try? String(contentsOfFile: base + "syscall", encoding: .utf8))?.split(separator: " ")
                guard let call, call.first == "0", call.count > 1, let descriptor = Int(call[1].dropFirst(2), radix: 16) else { continue }
                let file = try? FileManager.default.destinationOfSymbolicLink(atPath: base + "fd/\(descriptor)")
                let channel = try? String(contentsOfFile: base + "wchan", encoding: .utf8)
                if file?.hasPrefix("/dev/pts/") == true || file == "/dev/tty", channel == "wait_woken" || channel == "n_tty_read" { return true }
            }
            usleep(20_000)
        }
        return false
    }

    /// What a person sees in the window now: every byte written so far played on a screen of the
    /// window's size (cursor moves, erasing, scrolling), one string per row, trailing spaces cut.
    public var screen: [String] {
        drain()
        var screen = TerminalScreen(columns: sizes[0].columns, rows: sizes[0].rows)
        var start = 0
        for (index, size) in sizes.enumerated() {
            let end = index + 1 < sizes.count ? sizes[index + 1].offset : output.count
            if index > 0 { screen.resize(columns: size.columns, rows: size.rows) }
            screen.play(output[start..<end])
            start = end
        }
        return screen.lines
    }

    /// Waits until a row of the screen satisfies `test` (rows counted from the top); false after `timeout` seconds.
    @discardableResult
    public func waitForScreen(timeout: Double = 10, _ test: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if test(screen) { return true }
            waitForOutput(until: deadline)
        }
        return test(screen)
    }

    /// Every process of the program's session: the program and all it started that stayed on its
    /// terminal (read from /proc/*/stat).
    public var sessionProcesses: [SessionProcess] { SessionProcess.all().filter { $0.session == pid } }

    /// What is wrong with the session's processes, one line each: a process stopped (state T, as
    /// the kernel stops one that touches the terminal from the background), or orphaned (its
    /// parent gone, so nobody waits for it). Waits up to `settle` seconds for processes that are
    /// on their way out; empty when all is well.
    public func strandedProcesses(settle: Double = 2) -> [String] {
        let deadline = Date().addingTimeInterval(settle)
        while true {
            let processes = sessionProcesses
            let ids = Set(processes.map(\.id))
            let problems = processes.compactMap { process -> String? in
                if process.isStopped { return "stopped: \(process)" }
                if process.id != pid, !ids.contains(process.parent) { return "orphaned: \(process)" }
                return nil
            }
            if problems.isEmpty || Date() >= deadline { return problems }
            usleep(50_000)
        }
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

/// One process, as /proc/PID/stat describes it.
public struct SessionProcess: CustomStringConvertible, Sendable {
    public let id: pid_t
    public let name: String
    /// R running, S sleeping, T stopped by a job-control signal, t stopped by a tracer, Z zombie…
    public let state: Character
    public let parent: pid_t
    public let group: pid_t
    public let session: pid_t

    public var isStopped: Bool { state == "T" || state == "t" }

    public var description: String { "\(id) (\(name)) state \(state), parent \(parent), group \(group)" }

    /// Every process on the machine that can still be read.
    public static func all() -> [SessionProcess] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let id = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { return nil }
            return SessionProcess(id: id, stat: stat)
        }
    }

    /// Parses `PID (NAME) STATE PPID PGRP SESSION …`; the name may hold spaces and parentheses, so
    /// the fields are counted from its last ")".
    init?(id: pid_t, stat: String) {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 4, let state = fields[0].first, let parent = pid_t(fields[1]), let group = pid_t(fields[2]),
              let session = pid_t(fields[3]) else { return nil }
        self.id = id
        name = String(stat[stat.index(after: open)..<close])
        self.state = state
        self.parent = parent
        self.group = group
        self.session = session
    }
}

/// A terminal's screen, enough of an xterm to show what full-screen programs such as less and vi
/// leave on it: printing with line wrap, carriage return, line feed and scrolling, backspace, tab,
/// cursor positioning, erasing, inserting and deleting lines and characters, scroll regions and
/// reverse index. Colours and modes are ignored.
public struct TerminalScreen {
    private var cells: [[Character]]
    private var columns: Int, rows: Int
    private var row = 0, column = 0
    private var pendingWrap = false
    private var top = 0, bottom: Int
    private var saved = (0, 0)

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The rows as text, trailing spaces cut.
    public var lines: [String] {
        cells.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// A new window size: like xterm, rows that no longer fit above the cursor scroll off the top.
    public mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let dropped = max(0, row - (newRows - 1))
        cells.removeFirst(min(dropped, cells.count))
        cells = cells.map { line in
            line.count >= newColumns ? Array(line.prefix(newColumns)) : line + Array(repeating: " ", count: newColumns - line.count)
        }
        while cells.count < newRows { cells.append(Array(repeating: " ", count: newColumns)) }
        if cells.count > newRows { cells.removeLast(cells.count - newRows) }
        columns = newColumns
        rows = newRows
        row = min(row - dropped, rows - 1)
        column = min(column, columns - 1)
        top = 0
        bottom = rows - 1
        pendingWrap = false
    }

    /// Plays `bytes` (UTF-8 text and escape sequences) on the screen.
    public mutating func play<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var scalars = String(decoding: Array(bytes), as: UTF8.self).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}": escape(&scalars)
            case "\r": column = 0; pendingWrap = false
            case "\n", "\u{0B}", "\u{0C}": lineFeed()
            case "\u{08}": column = max(0, column - 1); pendingWrap = false
            case "\t": column = min(columns - 1, (column / 8 + 1) * 8); pendingWrap = false
            default:
                guard scalar.value >= 0x20, scalar.value != 0x7F else { continue }
                if pendingWrap { column = 0; lineFeed() }
                cells[row][column] = Character(scalar)
                if column == columns - 1 { pendingWrap = true } else { column += 1 }
            }
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == bottom { scrollUp(1) } else { row = min(rows - 1, row + 1) }
    }

    private mutating func scrollUp(_ count: Int) {
        for _ in 0..<count {
            cells.remove(at: top)
            cells.insert(blankLine, at: bottom)
        }
    }

    private mutating func scrollDown(_ count: Int) {
        for _ in 0..<count {
            cells.remove(at: bottom)
            cells.insert(blankLine, at: top)
        }
    }

    private var blankLine: [Character] { Array(repeating: " ", count: columns) }

    private mutating func escape(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let kind = scalars.next() else { return }
        switch kind {
        case "[": controlSequence(&scalars)
        case "]", "P", "_", "^":
            // A string (window title, terminal query), ended by BEL or ESC \.
            while let next = scalars.next(), next != "\u{07}" {
                if next == "\u{1B}" { _ = scalars.next(); break }
            }
        case "(", ")", "*", "+", "#", "%": _ = scalars.next()
        case "7": saved = (row, column)
        case "8": (row, column) = saved; pendingWrap = false
        case "D": lineFeed()
        case "E": column = 0; lineFeed()
        case "M":
            pendingWrap = false
            if row == top { scrollDown(1) } else { row = max(0, row - 1) }
        case "c":
            self = TerminalScreen(columns: columns, rows: rows)
        default: break
        }
    }

    private mutating func controlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        var parameters = ""
        var final: Unicode.Scalar = "@"
        while let next = scalars.next() {
            if (0x40...0x7E).contains(next.value) { final = next; break }
            parameters.unicodeScalars.append(next)
        }
        // Private sequences (ESC [ ? …, ESC [ > …) set modes or ask the terminal: nothing to show.
        if let first = parameters.unicodeScalars.first, "?>=<".unicodeScalars.contains(first) { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func number(_ index: Int, _ fallback: Int = 1) -> Int {
            index < numbers.count && numbers[index] > 0 ? numbers[index] : fallback
        }
        // Colours keep a pending wrap (less writes a line's last character, then resets colour, then wraps).
        if final != "m" { pendingWrap = false }
        switch final {
        case "A": row = max(row >= top ? top : 0, row - number(0))
        case "B", "e": row = min(row <= bottom ? bottom : rows - 1, row + number(0))
        case "C", "a": column = min(columns - 1, column + number(0))
        case "D": column = max(0, column - number(0))
        case "E": row = min(bottom, row + number(0)); column = 0
        case "F": row = max(top, row - number(0)); column = 0
        case "G", "`": column = min(columns - 1, number(0) - 1)
        case "d": row = min(rows - 1, number(0) - 1)
        case "H", "f":
            row = min(rows - 1, number(0) - 1)
            column = min(columns - 1, number(1) - 1)
        case "J":
            switch number(0, 0) {
            case 0:
                erase(row: row, from: column, to: columns)
                for below in (row + 1)..<max(row + 1, rows) { cells[below] = blankLine }
            case 1:
                for above in 0..<row { cells[above] = blankLine }
                erase(row: row, from: 0, to: column + 1)
            default: cells = Array(repeating: blankLine, count: rows)
            }
        case "K":
            switch number(0, 0) {
            case 0: erase(row: row, from: column, to: columns)
            case 1: erase(row: row, from: 0, to: column + 1)
            default: erase(row: row, from: 0, to: columns)
            }
        case "X": erase(row: row, from: column, to: min(columns, column + number(0)))
        case "P":
            let count = min(number(0), columns - column)
            cells[row].removeSubrange(column..<(column + count))
            cells[row] += Array(repeating: " ", count: count)
        case "@":
            let count = min(number(0), columns - column)
            cells[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
            cells[row].removeLast(count)
        case "L", "M":
            guard (top...bottom).contains(row) else { return }
            for _ in 0..<min(number(0), bottom - row + 1) {
                if final == "L" {
                    cells.remove(at: bottom)
                    cells.insert(blankLine, at: row)
                } else {
                    cells.remove(at: row)
                    cells.insert(blankLine, at: bottom)
                }
            }
            column = 0
        case "S": scrollUp(number(0))
        case "T": scrollDown(number(0))
        case "r":
            top = min(rows - 1, number(0) - 1)
            bottom = min(rows - 1, number(1, rows) - 1)
            if top >= bottom { top = 0; bottom = rows - 1 }
            row = 0
            column = 0
        default: break  // colours (m), modes (h, l), reports (n, c): nothing drawn
        }
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        guard start < end else { return }
        for index in start..<min(end, columns) { cells[row][index] = " " }
    }
}

/// The pseudo-terminal could not be set up.
public enum PseudoTerminalError: Error {
    case cannotOpen(Int32)
    case cannotStart(Int32)
}
