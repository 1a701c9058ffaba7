import ArgumentParser

/// The `trove` command: the root of the command tree shared by one-shot use, scripts and the shell.
public struct Trove: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "trove",
        abstract: "Your journals, dogs, calendars and items, in a git repository you own.",
        discussion: """
            Run a command once (`trove record list entry`), or run `trove` alone for the shell.
            Every change is one git commit; `trove log` shows them and `trove undo` reverts the last.
            """,
        version: "0.1.0",
        subcommands: [
            TimelineCommand.self, JournalCommand.self, EntryCommand.self, TagsCommand.self, ImportCommand.self, ExportCommand.self,
            DogCommand.self, HereCommand.self, PeeCommand.self, PooCommand.self, MapCommand.self, BusinessCommand.self,
            ItemCommand.self, TrackerCommand.self, ContactCommand.self, GroupCommand.self,
            CalCommand.self, CalendarCommand.self, EventCommand.self, TaskCommand.self, AgendaCommand.self, HolidaysCommand.self,
            AssistantCommand.self, InboxCommand.self, InvitationCommand.self, NotifyDueCommand.self, QuoteCommand.self, DayCommand.self, SettingsCommand.self,
            AccountCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self, PasswdCommand.self, ProfileCommand.self, KeyCommand.self,
            InitCommand.self, StatusCommand.self, LogCommand.self, ShowCommand.self, UndoCommand.self,
            CheckCommand.self, CommitCommand.self, RecordCommand.self, SearchCommand.self, ReindexCommand.self, MediaCommand.self,
            RemoteCommand.self, CloneCommand.self, SyncCommand.self, DeviceCommand.self, ConflictsCommand.self, MergeDriverCommand.self, ShellCommand.self, HelpCommand.self, CompletionsCommand.self,
        ]
    )

    public init() {}
}
