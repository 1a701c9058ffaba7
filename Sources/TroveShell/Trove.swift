import ArgumentParser

/// The `trove` command: the root of the command tree shared by one-shot use, scripts and the shell.
public struct Trove: ParsableCommand {
    /// What `trove --version` prints.
    public static let version = "0.2.0"

    public static let configuration = CommandConfiguration(
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
