import Foundation

/// Questions commands ask the person at the terminal, on standard error so that output stays clean.
enum Prompts {
    /// Whether someone can answer: both standard input and standard error are a terminal.
    static var canAsk: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks a yes/no question whose default is no; a script (no terminal) gets no unless `assumeYes`.
    static func confirm(_ question: String, assumeYes: Bool) -> Bool {
        Confirmation.ask(question, default: false, assumeYes: assumeYes, interactive: canAsk,
                         read: { readLine(strippingNewline: true) },
                         write: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}

extension Prompts {
    /// Asks for a secret on the terminal without echoing it; `nil` at end of input.
    static func secret(_ question: String) -> String? {
        var saved = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        // Echo goes off before the question shows, and without flushing: what is typed ahead stays unechoed and kept.
        if isTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        FileHandle.standardError.write(Data(question.utf8))
        defer {
            if isTerminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                FileHandle.standardError.write(Data("\n".utf8))
            }
        }
        return readLine(strippingNewline: true)
    }

    /// Asks for a line of text (echoed); `nil` at end of input.
    static func text(_ question: String) -> String? {
        FileHandle.standardError.write(Data(question.utf8))
        return readLine(strippingNewline: true)
    }
}
