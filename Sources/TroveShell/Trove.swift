import ArgumentParser

/// The `trove` command: the root of the command tree shared by one-shot use, scripts and the shell.
public struct Trove: ParsableCommand {
    /// What `trove --version` prints.
    public static let version = "0.2.0"

    /// The command tree: every command, or (while `parse` has a command line's first word) only the command it names.
    public static var configuration: CommandConfiguration {
        guard let alone = $parsingAlone.get() else { return everyCommand }
        var narrowed = everyCommand
        narrowed.groupedSubcommands = [CommandGroup(name: "", subcommands: [alone.command])]
        // ArgumentParser looks for `--generate-completion-script` in every command line by parsing it twice more,
        // as two commands of its own: a quarter of `trove search`'s parse (perf, issue 25). It skips that for a
        // tree with a super-command's name, so the narrowed tree has one while it parses a line that does not ask
        // for a script. Help and errors are rendered after the parse, from the whole tree, which has none.
        if !alone.asksForCompletionScript { narrowed._superCommandName = "trove" }
        return narrowed
    }

    /// Parses a command line. When its first word names a command, ArgumentParser is given a tree of that command
    /// alone: building the whole tree (every command's configuration, through Swift's conformance lookups) was
    /// about 1 ms of each command's start (issue 25). Help, completions and "did you mean" read the whole tree.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        guard let first = arguments.first, !first.hasPrefix("-"),
              let command = everyCommand.subcommands.first(where: { $0._commandName == first || $0.configuration.aliases.contains(first) })
        else { return try parseAsRoot(arguments) }
        let alone = AloneCommand(command: command, asksForCompletionScript: arguments.contains { $0.hasPrefix("--generate-completion-script") })
        return try $parsingAlone.withValue(alone) { try parseAsRoot(arguments) }
    }

    /// The one top-level command `parse` builds the tree of, on this thread.
    @TaskLocal private static var parsingAlone: AloneCommand?
    private struct AloneCommand: @unchecked Sendable {
        var command: ParsableCommand.Type
        var asksForCompletionScript: Bool
    }

    private static let everyCommand = CommandConfiguration(
        commandName: "trove",
        abstract: "Your journals, dogs, calendars and items, in a git repository you own.",
        discussion: """
            Run a command once (`trove record list entry`), or run `trove` alone for the shell.
            Every change is one git commit; `trove log` shows them and `trove undo` reverts the last.
            """,
        version: version,
        // The one list of the commands, by what they are for: `--help` prints these sections, and so does
        // `trove help` (`HelpCommand.overview`).
        groupedSubcommands: [
            CommandGroup(name: "Journals", subcommands: [
                TimelineCommand.self, JournalCommand.self, EntryCommand.self, TagsCommand.self, ImportCommand.self, ExportCommand.self,
            ]),
            CommandGroup(name: "Dogs", subcommands: [
                DogCommand.self, HereCommand.self, PeeCommand.self, PooCommand.self, MapCommand.self, BusinessCommand.self,
            ]),
            CommandGroup(name: "Calendars", subcommands: [
                CalCommand.self, CalendarCommand.self, EventCommand.self, TaskCommand.self, AgendaCommand.self, HolidaysCommand.self,
                InvitationCommand.self,
            ]),
            CommandGroup(name: "Each day", subcommands: [
                DayCommand.self, AssistantCommand.self, InboxCommand.self, NotifyDueCommand.self, QuoteCommand.self,
            ]),
            CommandGroup(name: "Tracked items", subcommands: [ItemCommand.self, TrackerCommand.self]),
            CommandGroup(name: "Contacts and groups", subcommands: [ContactCommand.self, GroupCommand.self]),
            CommandGroup(name: "Accounts", subcommands: [
                AccountCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self, PasswdCommand.self, ProfileCommand.self,
                KeyCommand.self,
            ]),
            CommandGroup(name: "Records and history", subcommands: [
                StatusCommand.self, RecordCommand.self, ShowCommand.self, SearchCommand.self, LogCommand.self, UndoCommand.self,
                MediaCommand.self,
            ]),
            CommandGroup(name: "Sync between machines", subcommands: [
                RemoteCommand.self, CloneCommand.self, SyncCommand.self, DeviceCommand.self, ConflictsCommand.self, MergeDriverCommand.self,
            ]),
            CommandGroup(name: "The store", subcommands: [
                InitCommand.self, CheckCommand.self, CommitCommand.self, ReindexCommand.self, SettingsCommand.self,
            ]),
            CommandGroup(name: "The shell", subcommands: [ShellCommand.self, HelpCommand.self, CompletionsCommand.self]),
        ]
    )

    public init() {}
}
