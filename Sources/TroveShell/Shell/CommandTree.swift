import ArgumentParser
import Foundation

/// The `trove` command tree as swift-argument-parser describes it (`--experimental-dump-help`):
/// command names, their options and positional arguments. Completion, `help` and "did you mean"
/// read it, so they always match what the parser accepts.
struct CommandTree: Decodable {
    /// One command or subcommand.
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?

        /// The subcommand called `name`.
        func subcommand(_ name: String) -> Command? { subcommands?.first { $0.commandName == name } }

        /// Subcommands shown in help (hidden ones, like `merge-driver`, are left out).
        var visibleSubcommands: [Command] { (subcommands ?? []).filter { $0.shouldDisplay != false } }

        /// The options and flags, and the positional arguments in order.
        var options: [Argument] { (arguments ?? []).filter { $0.kind != "positional" && $0.shouldDisplay != false } }
        var positionals: [Argument] { (arguments ?? []).filter { $0.kind == "positional" } }
    }

    /// An option, flag or positional argument.
    struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
            /// As typed: `--store` or `-m`.
            var spelled: String { kind == "short" ? "-" + name : "--" + name }
        }

        var kind: String
        var names: [Name]?
        var valueName: String?
        var shouldDisplay: Bool?
        var isRepeating: Bool?
        /// Values the parser lists for this argument (an enumeration), if any.
        var completionKind: CompletionKindInfo?

        /// Whether it takes a value (an option), rather than being a flag.
        var takesValue: Bool { kind == "option" }
        var spellings: [String] { (names ?? []).map(\.spelled) }
    }

    /// The parts of a completion kind the shell uses.
    struct CompletionKindInfo: Decodable {
        struct Values: Decodable { var values: [String] }
        var list: Values?
        var custom: Custom?
        var file: File?
        var directory: Directory?
        struct Custom: Decodable {}
        struct File: Decodable {}
        struct Directory: Decodable {}
    }

    private struct Dump: Decodable { var command: Command }

    /// The root: `trove` itself.
    var root: Command

    /// The tree of `Trove`, read once per process.
    static let trove: CommandTree = {
        do {
            _ = try Trove.parseAsRoot(["--experimental-dump-help"])
        } catch {
            let json = Trove.fullMessage(for: error)
            if let dump = try? JSONDecoder().decode(Dump.self, from: Data(json.utf8)) { return CommandTree(root: dump.command) }
        }
        return CommandTree(root: Command(commandName: "trove"))
    }()

    /// Follows `words` down from the root as far as they name subcommands.
    ///
    /// - Returns: the deepest command reached and how many words named it.
    func resolve(_ words: [String]) -> (command: Command, depth: Int) {
        var command = root
        var depth = 0
        for word in words {
            guard let next = command.subcommand(word) else { break }
            command = next
            depth += 1
        }
        return (command, depth)
    }
}
