import ArgumentParser
import Foundation
import TroveGit
import TroveSystem

/// Tab completion for a shell line: command names, options, and argument values.
///
/// Values come from what each argument declares to swift-argument-parser: a list of choices, files,
/// or a custom function (`DataCompletion`, which reads the index). Custom functions are called
/// through the parser's own `---completion` request, the same path the bash, zsh and fish scripts
/// take, so the shell and those scripts always offer the same candidates.
struct Completer {
    var tree: CommandTree = .trove
    /// Words the shell itself understands, offered with the top-level commands.
    var shellWords = ["exit", "help"]
    /// The store the shell works on (its `--store` or `--in-group`), where the user's data is completed from
    /// unless the line names its own `--store`.
    var storePath: String?

    /// The candidates for the word before the cursor, escaped as they are to be typed, and how many
    /// characters of the line (the word as typed, quotes included) they replace.
    func complete(_ textBeforeCursor: String) -> (replacing: Int, candidates: [String]) {
        var (words, typedLength) = ShellWords.splitForCompletion(textBeforeCursor)
        let current = words.removeLast()
        if words.first == "trove" { words.removeFirst() }
        let (command, depth) = tree.resolve(words)
        let after = Array(words[depth...])
        let candidates: [String]
        if let previous = after.last, let option = command.options.first(where: { $0.spellings.contains(previous) }),
           option.takesValue, !current.hasPrefix("-") || current == "-" {
            candidates = values(for: option, of: words.prefix(depth), typed: words + [current])
        } else if current.hasPrefix("-") {
            candidates = (command.options.flatMap(\.spellings) + ["--help"]).filter { $0.hasPrefix("--") || current.count <= 2 }
        } else if after.isEmpty, command.subcommands?.isEmpty == false {
            candidates = command.visibleSubcommands.map(\.commandName) + (depth == 0 ? shellWords : [])
        } else {
            let index = positionalIndex(after, of: command)
            let positionals = command.positionals
            candidates = index < positionals.count || positionals.last?.isRepeating == true
                ? values(for: positionals[min(index, positionals.count - 1)], of: words.prefix(depth), typed: words + [current],
                         positional: min(index, positionals.count - 1))
                : []
        }
        let matching = Set(candidates.filter { $0.hasPrefix(current) }).sorted()
        return (typedLength, matching.map(ShellWords.escaped))
    }

    /// How many positional arguments come before the word being completed, skipping options and their values.
    private func positionalIndex(_ words: [String], of command: CommandTree.Command) -> Int {
        var count = 0
        var skipNext = false
        for word in words {
            if skipNext { skipNext = false; continue }
            if word.hasPrefix("-") {
                skipNext = command.options.first { $0.spellings.contains(word) }?.takesValue ?? false
                continue
            }
            count += 1
        }
        return count
    }

    /// The values an argument offers: its choices, file names, or its custom function's answer.
    private func values(for argument: CommandTree.Argument, of path: ArraySlice<String>, typed: [String],
                        positional: Int? = nil) -> [String] {
        guard let kind = argument.completionKind else { return [] }
        if let list = kind.list { return list.values }
        if kind.file != nil || kind.directory != nil { return Self.files(typed.last ?? "", directoriesOnly: kind.file == nil) }
        guard kind.custom != nil else { return [] }
        // As the bash script asks: every word with the program's name first, and the index of the one completed.
        let name = positional.map { "positional@\($0)" } ?? argument.names?.first.map(\.spelled) ?? ""
        let store = storePath.flatMap { typed.contains("--store") ? nil : ["--store", $0] } ?? []
        let words = ["trove"] + store + typed
        let request = ["---completion"] + path + ["--", name, String(words.count - 1), String((typed.last ?? "").count)] + words
        do {
            _ = try Trove.parseAsRoot(request)
            return []
        } catch {
            return Trove.fullMessage(for: error).split(separator: "\n").map(String.init)
        }
    }

    /// Paths that start with `typed`, folders ending in "/".
    static func files(_ typed: String, directoriesOnly: Bool) -> [String] {
        let folder = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
        let expanded = folder.hasPrefix("~/") ? UserHome.path + folder.dropFirst(1) : folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded)) ?? []
        return names.filter { !$0.hasPrefix(".") || typed.hasPrefix(folder + ".") }.compactMap { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (expanded.isEmpty ? "" : expanded) + name, isDirectory: &isFolder)
            if directoriesOnly && !isFolder.boolValue { return nil }
            return folder + name + (isFolder.boolValue ? "/" : "")
        }
    }
}
