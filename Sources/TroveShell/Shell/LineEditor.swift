import CEdit
import Foundation

/// Reads lines from the terminal with libedit: editing keys, history on Up and Down, Ctrl-R to
/// search it, Tab to complete, and Ctrl-C to drop the line being typed.
///
/// libedit calls back through C function pointers that carry no context, so one editor at a time
/// is active (`active`), which is all a shell needs.
final class LineEditor {
    /// What reading a line gave.
    enum Reading: Equatable {
        /// A line the user entered.
        case line(String)
        /// Ctrl-C: the line was dropped.
        case cancelled
        /// Ctrl-D on an empty line, or the end of input.
        case end
    }

    /// Completes the text before the cursor: how many characters at its end to replace, and the candidates.
    typealias Completer = (_ textBeforeCursor: String) -> (replacing: Int, candidates: [String])

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let completer: Completer
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    private var cancelled = false

    nonisolated(unsafe) private static var active: LineEditor?

    /// An editor on standard input and output, remembering up to `historySize` lines.
    init(historySize: Int32 = 1000, completer: @escaping Completer) {
        // Streams of their own on the standard descriptors (never closed: that would close the descriptors).
        editLine = el_init("trove", fdopen(STDIN_FILENO, "r"), fdopen(STDOUT_FILENO, "w"), fdopen(STDERR_FILENO, "w"))
        history = history_init()
        self.completer = completer
        trove_history_set_size(history, historySize)
        trove_el_set_emacs(editLine)
        trove_el_set_signal(editLine, 1)
        trove_el_set_history(editLine, history)
        trove_el_set_prompt(editLine, { _ in LineEditor.active?.promptBuffer }, 1)
        // Ctrl-C arrives as a key while editing, so it can drop the line instead of signalling.
        trove_el_set_tty(editLine, "-isig")
        trove_el_add_function(editLine, "trove-complete", "Complete the word before the cursor") { _, _ in
            LineEditor.active?.complete() ?? UInt8(CC_ERROR)
        }
        trove_el_add_function(editLine, "trove-cancel", "Drop the line being typed") { _, _ in
            LineEditor.active?.cancelled = true
            return UInt8(CC_NEWLINE)
        }
        trove_el_bind(editLine, "^I", "trove-complete")
        trove_el_bind(editLine, "^C", "trove-cancel")
        trove_el_bind(editLine, "^R", "em-inc-search-prev")
        LineEditor.active = self
    }

    deinit {
        if LineEditor.active === self { LineEditor.active = nil }
        el_end(editLine)
        history_end(history)
        free(promptBuffer)
    }

    /// Shows `prompt` and reads one line.
    func read(prompt: String) -> Reading {
        free(promptBuffer)
        // Colour codes are marked (with \u{1}) as taking no room, so libedit places the cursor right.
        promptBuffer = strdup(Self.markingEscapes(prompt))
        cancelled = false
        var count: Int32 = 0
        let text = el_gets(editLine, &count)
        // Checked first: Ctrl-C on an empty line gives no text either, like Ctrl-D, but must not leave.
        if cancelled {
            // libedit leaves the cursor after the dropped line; the next prompt goes below it.
            FileHandle.standardOutput.write(Data("\n".utf8))
            return .cancelled
        }
        guard let text, count > 0 else { return .end }
        var line = String(cString: text)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Adds `line` to the history that Up, Down and Ctrl-R go through.
    func remember(_ line: String) {
        trove_history_enter(history, line)
    }

    /// Tab: inserts the candidates' common part, or lists them when there is nothing more to insert.
    private func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let buffer = info.buffer else { return UInt8(CC_ERROR) }
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: info.cursor - buffer)
            .bindMemory(to: UInt8.self), as: UTF8.self)
        let (replacing, candidates) = completer(before)
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let typed = String(before.suffix(replacing))
        let common = Self.commonPrefix(candidates)
        if candidates.count == 1 || common.count > typed.count {
            el_deletestr(editLine, Int32(typed.count))
            let ending = candidates.count == 1 && !common.hasSuffix("/") && !common.hasSuffix("=") ? " " : ""
            el_insertstr(editLine, common + ending)
            return UInt8(CC_REFRESH)
        }
        let columns = Terminal.width(STDOUT_FILENO)
        FileHandle.standardOutput.write(Data(("\n" + Self.columns(candidates, width: columns).joined(separator: "\n") + "\n").utf8))
        return UInt8(CC_REDISPLAY)
    }

    /// `text` with each escape sequence (`ESC [ … letter`) between two \u{1} marks.
    static func markingEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { result.unicodeScalars.append("\u{1}"); inEscape = true }
            result.unicodeScalars.append(scalar)
            if inEscape, scalar != "[", (0x40...0x7E).contains(scalar.value) {
                result.unicodeScalars.append("\u{1}")
                inEscape = false
            }
        }
        return result
    }

    /// The longest prefix all `words` share.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// `words` laid out in as many columns as fit in `width`, filled down each column.
    static func columns(_ words: [String], width: Int) -> [String] {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(1, cell))
        let rows = (words.count + perRow - 1) / perRow
        return (0..<rows).map { row in
            stride(from: row, to: words.count, by: rows).map { words[$0].padding(toLength: cell, withPad: " ", startingAt: 0) }
                .joined().trimmingCharacters(in: .whitespaces)
        }
    }
}
