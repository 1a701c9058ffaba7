import Foundation

/// What the terminal on a file descriptor can show.
enum Terminal {
    /// Whether `descriptor` is a terminal that takes colour: not when `NO_COLOR` is set or `TERM=dumb`.
    static func supportsColor(_ descriptor: Int32 = STDOUT_FILENO) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return isInteractive(descriptor)
    }

    /// Whether `descriptor` is a terminal that redraws lines (so not `TERM=dumb`).
    static func isInteractive(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// The terminal's width in columns, or `fallback` when it is not a terminal.
    static func width(_ descriptor: Int32 = STDOUT_FILENO, fallback: Int = 80) -> Int {
        size(descriptor).map { Int($0.ws_col) } ?? fallback
    }

    /// The terminal's height in lines, or `fallback` when it is not a terminal.
    static func height(_ descriptor: Int32 = STDOUT_FILENO, fallback: Int = 24) -> Int {
        size(descriptor).map { Int($0.ws_row) } ?? fallback
    }

    /// The window size of the terminal on `descriptor`, if it is one that knows its size.
    private static func size(_ descriptor: Int32) -> winsize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return size
    }
}
