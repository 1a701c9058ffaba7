import Foundation

/// A view that stays on the terminal: drawn, then drawn again after each key that changes it and
/// whenever the window is resized, until the person leaves with `q` (or Esc, Ctrl-C, Ctrl-D).
///
/// Keys are read one at a time with the terminal out of canonical mode and echo; Ctrl-C arrives as a
/// key rather than a signal, so the terminal's modes are always put back. A resize (SIGWINCH) wakes
/// the loop through a pipe, since a signal handler may do little more than write to one.
enum LiveView {
    enum Key: Equatable {
        case left, right, up, down, character(Character), quit
    }

    /// Draws `render(width, height)`, then hands each key to `handle`, which returns whether to go on.
    static func run(render: (Int, Int) -> [String], handle: (Key) -> Bool) {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        resizePipe = fds[1]
        let previous = signal(SIGWINCH, { _ in
            var byte: UInt8 = 1
            _ = Glibc.write(resizePipe, &byte, 1)
        })
        defer {
            signal(SIGWINCH, previous)
            close(fds[0])
            close(fds[1])
            resizePipe = -1
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            write("\u{1B}[?25h")  // the cursor back
        }
        write("\u{1B}[?25l")
        draw(render)
        var pending: [UInt8] = []
        while true {
            var polls = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)]
            guard poll(&polls, 2, -1) >= 0 || errno == EINTR else { return }
            if polls[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = read(fds[0], &drain, drain.count)
                draw(render)
            }
            guard polls[0].revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            guard count > 0 else { return }
            pending += buffer.prefix(count)
            while let (key, used) = Self.key(in: pending) {
                pending.removeFirst(used)
                guard key != .quit, handle(key) else {
                    write("\r\n")
                    return
                }
                draw(render)
            }
        }
    }

    /// The first key in `bytes` and how many bytes it took, or `nil` when they end mid-sequence.
    static func key(in bytes: [UInt8]) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x03, 0x04, UInt8(ascii: "q"), UInt8(ascii: "Q"): return (.quit, 1)
        case 0x1B:
            guard bytes.count >= 2 else { return (.quit, 1) }  // Esc alone
            guard bytes[1] == UInt8(ascii: "["), bytes.count >= 3 else { return bytes[1] == UInt8(ascii: "[") ? nil : (.quit, 1) }
            switch bytes[2] {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            case UInt8(ascii: "C"): return (.right, 3)
            case UInt8(ascii: "D"): return (.left, 3)
            default: return (.character("?"), 3)
            }
        default:
            // One UTF-8 character.
            let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            guard bytes.count >= length else { return nil }
            return (.character(Character(String(decoding: bytes.prefix(length), as: UTF8.self))), length)
        }
    }

    /// Clears the screen and writes the view, cut to the window.
    private static func draw(_ render: (Int, Int) -> [String]) {
        let width = Terminal.width(), height = Terminal.height()
        let lines = render(width, height).prefix(max(1, height - 1))
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n") + "\r\n")
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR { continue }; return }
            offset += written
        }
    }
}

/// The write end of the resize pipe, for the SIGWINCH handler (which can capture nothing).
nonisolated(unsafe) private var resizePipe: Int32 = -1
