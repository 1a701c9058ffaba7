/// "Did you mean …": the message for a command name the tree does not know.
enum UnknownCommand {
    /// The message when `arguments` start with an unknown command or subcommand, else nil.
    static func message(for arguments: [String], tree: CommandTree = .trove) -> String? {
        let (command, depth) = tree.resolve(arguments)
        guard depth < arguments.count, let word = arguments[depth...].first, !word.hasPrefix("-"),
              let subcommands = command.subcommands, !subcommands.isEmpty, command.positionals.isEmpty else { return nil }
        let names = command.visibleSubcommands.map(\.commandName) + (depth == 0 ? ["help"] : [])
        let path = (["trove"] + arguments.prefix(depth)).joined(separator: " ")
        var message = "'\(word)' is not a \(path) command."
        let close = suggestions(for: word, among: names)
        if !close.isEmpty { message += " Did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?" }
        return message + " See '\(path) --help'" + (depth == 0 ? " or 'help'." : ".")
    }

    /// Names within two edits of `word` (or that it starts), nearest first.
    static func suggestions(for word: String, among names: [String]) -> [String] {
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }
            .filter { $0.1 <= max(1, min(2, word.count / 3)) || ($0.0.hasPrefix(word.lowercased()) && word.count >= 2) }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    /// The Damerau-Levenshtein distance (adjacent swaps count one edit) between two words.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
