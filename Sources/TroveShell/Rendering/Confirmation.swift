import Foundation

/// A yes/no question on the terminal, which never blocks a script.
enum Confirmation {
    /// How many unclear answers are asked again before the default is taken.
    static let attempts = 3

    /// Asks `question` and returns whether the answer is yes.
    ///
    /// - With `assumeYes` (as from `--yes`), returns true at once, writing and reading nothing.
    /// - When not `interactive` (a script or a pipe), returns false without reading, whatever
    ///   `defaultAnswer` is, and writes a one-line note: `Delete this record? no (pass --yes to confirm in a script)`.
    /// - Otherwise writes `Delete this record? [y/N] ` (`[Y/n]` when `defaultAnswer` is true; no newline)
    ///   and reads a line: y or yes and n or no in any case, surrounding spaces ignored, and an empty line
    ///   means the default. Anything else asks again, at most `attempts` times in all, then takes the
    ///   default. End of input (`read` returning nil) takes the default too.
    ///
    /// `write` gets text exactly as it should appear; every note ends in a newline.
    static func ask(
        _ question: String,
        default defaultAnswer: Bool,
        assumeYes: Bool,
        interactive: Bool,
        read: () -> String?,
        write: (String) -> Void
    ) -> Bool {
        if assumeYes { return true }
        guard interactive else {
            write("\(question) no (pass --yes to confirm in a script)\n")
            return false
        }
        let choices = defaultAnswer ? "[Y/n]" : "[y/N]"
        for attempt in 1...attempts {
            write("\(question) \(choices) ")
            guard let answer = read() else {
                // End of input leaves the cursor after the prompt; end the line before going on.
                write("\n")
                return defaultAnswer
            }
            switch answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "": return defaultAnswer
            case "y", "yes": return true
            case "n", "no": return false
            default:
                write(attempt < attempts ? "Please answer y or n.\n" : "Taking that as \(defaultAnswer ? "yes" : "no").\n")
            }
        }
        return defaultAnswer
    }
}
