import ArgumentParser
import Foundation

/// `trove help [COMMAND…]`: the commands grouped by what they are for, one command's full usage,
/// or the tutorial.
struct HelpCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "help", abstract: "Show the commands by topic, one command's usage (help record list), or the tutorial.",
        discussion: """
            Examples:
              trove help
              trove help sync
              trove help record list
              trove help tutorial
            """)

    @Argument(help: "A command (and subcommand), or 'tutorial'.", completion: .custom { _, _, prefix in
        CommandTree.trove.root.visibleSubcommands.map(\.commandName).filter { $0.hasPrefix(prefix) } + ["tutorial"]
    })
    var topic: [String] = []

    // Help reads no store, but takes the store options every other command takes: `trove --store PATH help`
    // and a shell started with `--store` (which passes it to each line) must not fail on them.
    @Option(name: .long, help: .hidden) var store: String?
    @Option(name: .customLong("in-group"), help: .hidden) var group: String?

    /// The overview's sections: the root command's groups (`Trove.configuration`). A command in none would be
    /// listed under "More", so none is ever missing.
    static var sections: [(title: String, commands: [String])] {
        Trove.configuration.groupedSubcommands.map { group in (group.name, group.subcommands.map { $0._commandName }) }
    }

    func run(_ env: CommandEnvironment) throws {
        if topic == ["tutorial"] {
            env.out.paged { Tutorial.text.forEach { env.out.line($0) } }
            return
        }
        guard !topic.isEmpty else {
            env.out.paged { Self.overview(color: env.terminal.color).forEach { env.out.line($0) } }
            return
        }
        guard let command = Self.command(at: topic) else {
            throw CommandFailure(message: UnknownCommand.message(for: topic) ?? "no help for '\(topic.joined(separator: " "))'")
        }
        env.out.paged { env.out.line(Trove.helpMessage(for: command, columns: env.terminal.width)) }
    }

    /// The overview: every visible command with its summary, by section, and the tutorial's name.
    static func overview(color: Bool) -> [String] {
        let commands = CommandTree.trove.root.visibleSubcommands
        let listed = Set(sections.flatMap(\.commands))
        let rest = commands.map(\.commandName).filter { !listed.contains($0) }
        let width = (commands.map(\.commandName.count).max() ?? 0) + 2
        var lines = ["Trove keeps journals, dogs, calendars and items in a git repository you own.", ""]
        for (title, names) in sections + (rest.isEmpty ? [] : [("More", rest)]) {
            lines.append(SGR.apply([.bold], to: title, color: color))
            for name in names {
                guard let command = commands.first(where: { $0.commandName == name }) else { continue }
                lines.append("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + (command.abstract ?? ""))
            }
            lines.append("")
        }
        lines.append("'help COMMAND' or 'COMMAND --help' gives the full usage, with examples.")
        lines.append("New here? The tutorial: \(Welcome.tutorial)")
        return lines
    }

    /// The command type that `names` lead to from the root, if every name is a subcommand.
    static func command(at names: [String]) -> ParsableCommand.Type? {
        var current: ParsableCommand.Type = Trove.self
        for name in names {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == name }) else { return nil }
            current = next
        }
        return current
    }
}

/// `trove completions bash|zsh|fish`: a completion script for the system shell.
struct CompletionsCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions", abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
            The scripts complete commands, options, and your own data (record ids, names, tags) from
            the index, like the trove shell does.

            Examples:
              trove completions bash > ~/.local/share/bash-completion/completions/trove
              trove completions zsh > ~/.zfunc/_trove           (with fpath+=~/.zfunc in ~/.zshrc)
              trove completions fish > ~/.config/fish/completions/trove.fish
            """)

    @Argument(help: "bash, zsh or fish.") var shell: CompletionShell

    func run(_ env: CommandEnvironment) throws {
        env.out.line(Trove.completionScript(for: shell))
    }
}

extension CompletionShell: @retroactive ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
