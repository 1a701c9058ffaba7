/// Splits shell lines into words the way a POSIX shell does for simple commands: single quotes,
/// double quotes and backslashes, and `;` between commands.
enum ShellWords {
    /// A quote or backslash left open at the end of the line.
    struct UnterminatedQuote: Error, CustomStringConvertible {
        var description: String { "unterminated quote" }
    }

    /// The commands of a line such as `status; record list entry`, each as its words; empty ones are left out.
    static func commands(_ line: String) throws -> [[String]] {
        let scan = scan(line)
        if scan.open { throw UnterminatedQuote() }
        return scan.commands.filter { !$0.isEmpty }
    }

    /// The words of the last command of a partly typed line; the last word is the one being typed
    /// (empty after a space), even inside an open quote.
    ///
    /// - Returns: the words, and how many characters of `line` the last word was typed as
    ///   (quotes and backslashes included), which is what a completion replaces.
    static func splitForCompletion(_ line: String) -> (words: [String], typedLength: Int) {
        let scan = scan(line)
        var words = scan.commands.last ?? []
        if !scan.inWord { words.append("") }
        return (words, scan.inWord ? line.count - scan.wordStart : 0)
    }

    /// `word` as typed so that the shell reads it back unchanged: spaces, quotes and the like get a backslash.
    static func escaped(_ word: String) -> String {
        var result = ""
        for character in word {
            if " \t'\"\\;#$`&|<>()*?!".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private struct Scan {
        var commands: [[String]] = [[]]
        var open = false
        var inWord = false
        /// Where the last word started, in characters.
        var wordStart = 0
    }

    private static func scan(_ line: String) -> Scan {
        var result = Scan()
        var current = ""
        var quote: Character?
        var escaped = false
        var offset = 0
        func startWord() {
            if !result.inWord { result.wordStart = offset }
            result.inWord = true
        }
        func endWord() {
            if result.inWord { result.commands[result.commands.count - 1].append(current) }
            current = ""
            result.inWord = false
        }
        for character in line {
            defer { offset += 1 }
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" && quote != "'" { startWord(); escaped = true; continue }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "'", "\"": startWord(); quote = character
            case " ", "\t": endWord()
            case ";": endWord(); result.commands.append([])
            // A `#` that starts a word starts a comment, as in sh.
            case "#" where !result.inWord: return finish(&result, current)
            default: startWord(); current.append(character)
            }
        }
        result.open = quote != nil || escaped
        return finish(&result, current)
    }

    private static func finish(_ result: inout Scan, _ current: String) -> Scan {
        if result.inWord { result.commands[result.commands.count - 1].append(current) }
        return result
    }
}
