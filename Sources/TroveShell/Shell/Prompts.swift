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
