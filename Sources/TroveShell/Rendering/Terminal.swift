import Foundation

/// The size of the terminal on a file descriptor of this process (`TerminalTraits` is what commands ask).
enum Terminal {
    /// The terminal's width in columns, or `fallback` when it is not a terminal.
    static func width(_ descriptor: Int32 = STDOUT_FILENO, fallback: Int = 80) -> Int {
        size(descriptor).map { Int($0.ws_col) } ?? fallback
    }

    /// The terminal's height in lines, or `fallback` when it is not a terminal.
    static func height(_ descriptor: Int32 = STDOUT_FILENO, fallback: Int = 24) -> Int {
        size(descriptor).map { Int($0.ws_row) } ?? fallback
    }

    /// The window size of the terminal on `descriptor`, if it is one that knows its size.
    static func size(_ descriptor: Int32) -> winsize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return size
    }
}
