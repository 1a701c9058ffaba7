import Foundation

/// Reads command lines and runs each through the same command tree as one-shot use.
///
/// On a terminal it prompts; otherwise it runs a script and stops at the
/// first failing line, reporting its number.
struct LineShell {
    var store: String?
    var keepGoing = false

    func run() -> Int32 {
        let interactive = isatty(STDIN_FILENO) == 1
        var lineNumber = 0
        var failures = 0
        while true {
            if interactive {
                FileHandle.standardOutput.write(Data("trove> ".utf8))
            }
            guard let line = readLine(strippingNewline: true) else { break }
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed == "exit" || trimmed == "quit" { break }
            let words: [String]
            do { words = try ShellWords.split(trimmed) } catch {
                Output.error("line \(lineNumber): \(error)")
                if !interactive && !keepGoing { return 2 }
                failures += 1
                continue
            }
            let arguments = (words.first == "trove" ? Array(words.dropFirst()) : words) + (store.map { ["--store", $0] } ?? [])
            let code = CommandLineRunner.run(arguments)
            if code != 0 {
                failures += 1
                if !interactive {
                    Output.error("stopped at line \(lineNumber)" + (keepGoing ? "" : " (use --keep-going to go on)"))
                    if !keepGoing { return code }
                }
            }
        }
        if interactive { FileHandle.standardOutput.write(Data("\n".utf8)) }
        return failures > 0 && !interactive ? 1 : 0
    }
}

/// Splits a command line into words, honouring single quotes, double quotes and backslashes.
enum ShellWords {
    struct UnterminatedQuote: Error, CustomStringConvertible {
        var description: String { "unterminated quote" }
    }

    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped { current.append(character); escaped = false; inWord = true; continue }
            if character == "\\" && quote != "'" { escaped = true; continue }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character; inWord = true
            case " ", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            default: current.append(character); inWord = true
            }
        }
        if quote != nil || escaped { throw UnterminatedQuote() }
        if inWord { words.append(current) }
        return words
    }
}
