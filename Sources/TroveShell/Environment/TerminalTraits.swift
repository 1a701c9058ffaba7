import Foundation

/// What a command may do with the terminal: whether each standard stream is one, its size, colour,
/// the pager and prompts. The process's are read from its descriptors; a test chooses them.
public struct TerminalTraits: Sendable {
    /// Whether standard input, output and error are terminals.
    public var inputIsTerminal: Bool
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    /// Whether the terminal redraws lines and takes escape codes: not with `TERM=dumb`.
    public var redraws: Bool
    /// Whether colour is wanted at all: not when `NO_COLOR` is set.
    public var colorAllowed: Bool
    /// Whether long output on a terminal goes through a pager (`PAGER` not empty or `cat`).
    public var pagerAllowed: Bool
    /// The terminal's columns and rows, measured when asked (the window may be resized between commands).
    public var size: @Sendable () -> (columns: Int, rows: Int)?

    public init(inputIsTerminal: Bool = false, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
                redraws: Bool = true, colorAllowed: Bool = true, pagerAllowed: Bool = true,
                size: @escaping @Sendable () -> (columns: Int, rows: Int)? = { nil }) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.redraws = redraws
        self.colorAllowed = colorAllowed
        self.pagerAllowed = pagerAllowed
        self.size = size
    }

    /// No terminal anywhere: what a pipe or a test sees.
    public static let none = TerminalTraits()

    /// This process's, from its descriptors and `TERM`, `NO_COLOR` and `PAGER`.
    static func process(environment: [String: String]) -> TerminalTraits {
        TerminalTraits(inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
                              errorIsTerminal: isatty(STDERR_FILENO) == 1, redraws: environment["TERM"] != "dumb",
                              colorAllowed: environment["NO_COLOR"].map { $0.isEmpty } ?? true,
                              pagerAllowed: Pager.allowed(by: environment),
                              size: { Terminal.size(STDOUT_FILENO).map { (Int($0.ws_col), Int($0.ws_row)) } })
    }

    /// Standard output is a terminal that redraws lines: tables fit its width, live views run.
    public var outputIsInteractive: Bool { outputIsTerminal && redraws }
    /// Standard error is a terminal that redraws lines: progress bars show.
    public var errorIsInteractive: Bool { errorIsTerminal && redraws }
    /// Standard output takes colour.
    public var color: Bool { colorAllowed && outputIsInteractive }
    /// Someone can answer a question: standard input and standard error are a terminal.
    public var canAsk: Bool { inputIsTerminal && errorIsTerminal }
    /// Long output goes through the pager.
    public var pages: Bool { pagerAllowed && outputIsInteractive }
    /// Keys can be read one at a time while output redraws (the calendar's and the map's live views).
    public var canRunLiveView: Bool { inputIsTerminal && redraws && outputIsInteractive }

    /// The terminal's width in columns, or 80 when it is not a terminal.
    public var width: Int { size()?.columns ?? 80 }
    /// The terminal's height in lines, or 24 when it is not a terminal.
    public var height: Int { size()?.rows ?? 24 }
}
