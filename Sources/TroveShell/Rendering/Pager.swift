import Foundation

/// Shows long output through `$PAGER` (default `less -FIRX`), only when standard output is a terminal.
enum Pager {
    /// Whether output would be paged at all: standard output is a terminal and `PAGER` is not empty or `cat`.
    static var wanted: Bool {
        guard Terminal.isInteractive(STDOUT_FILENO) else { return false }
        let pager = ProcessInfo.processInfo.environment["PAGER"]
        return pager.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0 != "cat" } ?? true
    }

    /// The pager command line.
    static var command: String {
        ProcessInfo.processInfo.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FIRX"
    }

    /// Writes `lines` to the terminal, through the pager when they are more than a screenful.
    static func show(_ lines: [String]) {
        let text = lines.map { $0 + "\n" }.joined()
        guard lines.count >= Terminal.height() - 1, page(text) else {
            FileHandle.standardOutput.write(Data(text.utf8))
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
