import Foundation

/// Shows long output through `$PAGER` (default `less -FIRX`), only when standard output is a terminal.
enum Pager {
    /// Whether `PAGER` allows paging: not when it is empty or `cat`.
    static func allowed(by environment: [String: String]) -> Bool {
        environment["PAGER"].map { !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0 != "cat" } ?? true
    }

    /// The pager command line.
    static var command: String {
        ProcessInfo.processInfo.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FIRX"
    }

    /// Writes `lines` to the terminal, through the pager when they are more than a screenful of `height` lines.
    static func show(_ lines: [String], height: Int, on output: OutputWriter) {
        let text = lines.map { $0 + "\n" }.joined()
        guard lines.count >= height - 1, page(text) else {
            output.write(text)
            return
        }
    }

    /// Runs the pager on `text`, on the terminal; false when it could not be started.
    private static func page(_ text: String) -> Bool {
        // Through the shell, so PAGER may carry arguments ("less -FIRX").
        if case .notStarted = TerminalChild.run("/bin/sh", ["-c", command], input: text, restoringTerminal: true) { return false }
        return true
    }
}
