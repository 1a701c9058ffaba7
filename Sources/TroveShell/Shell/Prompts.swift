import Foundation

/// Questions commands ask the person at the terminal, on standard error so that output stays clean.
///
/// What is typed is read from the command's standard input (`env.input`); the echo and raw modes are
/// set on the process's terminal, which is only touched when `env.terminal` says standard input is one.
enum Prompts {
    /// Asks a yes/no question whose default is no; a script (no terminal) gets no unless `assumeYes`.
    static func confirm(_ env: CommandEnvironment, _ question: String, assumeYes: Bool) -> Bool {
        Confirmation.ask(question, default: false, assumeYes: assumeYes, interactive: env.terminal.canAsk,
                         read: { env.input.readLine() },
                         write: { env.err.write($0) })
    }
}

extension Prompts {
    /// Asks for a secret on the terminal without echoing it; `nil` at end of input.
    static func secret(_ env: CommandEnvironment, _ question: String) -> String? {
        var saved = termios()
        let isTerminal = env.terminal.inputIsTerminal && tcgetattr(STDIN_FILENO, &saved) == 0
        // Echo goes off before the question shows, and without flushing: what is typed ahead stays unechoed and kept.
        if isTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        env.err.write(question)
        defer {
            if isTerminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                env.err.write("\n")
            }
        }
        return env.input.readLine()
    }

    /// Asks for a line of text (echoed); `nil` at end of input.
    static func text(_ env: CommandEnvironment, _ question: String) -> String? {
        env.err.write(question)
        return env.input.readLine()
    }
}

extension Prompts {
    /// Asks for a line of text with a dim placeholder in the empty field, gone at the first key.
    ///
    /// Reads in non-canonical mode to see that first key; Backspace works, and an emptied field
    /// shows the placeholder again. Without a terminal it is a plain `text` question.
    static func text(_ env: CommandEnvironment, _ question: String, placeholder: String) -> String? {
        var saved = termios()
        guard env.terminal.inputIsTerminal, isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return text(env, question) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { $0[Int(VMIN)] = 1; $0[Int(VTIME)] = 0 }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        let write = { (text: String) in env.err.write(text) }
        let showPlaceholder = { write("\u{1B}[2m\(placeholder)\u{1B}[0m\u{1B}[\(placeholder.count)D") }
        write(question)
        showPlaceholder()
        var typed: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
            switch byte {
            case 0x0A, 0x0D:
                write("\n")
                return String(decoding: typed, as: UTF8.self)
            case 0x04 where typed.isEmpty:
                write("\u{1B}[K\n")
                return nil
            case 0x7F, 0x08:
                guard !typed.isEmpty else { continue }
                // Drop one whole UTF-8 character: its continuation bytes, then its lead byte.
                while let last = typed.last, last & 0xC0 == 0x80 { typed.removeLast() }
                typed.removeLast()
                write("\u{8} \u{8}")
                if typed.isEmpty { showPlaceholder() }
            default:
                if byte < 0x20 { continue }
                if typed.isEmpty { write("\u{1B}[K") }
                typed.append(byte)
                env.err.write([byte])
            }
        }
        write("\n")
        return typed.isEmpty ? nil : String(decoding: typed, as: UTF8.self)
    }
}
