import ArgumentParser
import Foundation
import TroveKit
import TroveStore

/// `trove task add|done|edit|show|rm|feedback`: assignments with a due time and an estimated length.
struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task", abstract: "Add, finish, change, show and remove tasks (assignments); give feedback on them.",
        subcommands: [Add.self, Done.self, Edit.self, Show.self, Remove.self, Feedback.self])

    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("When it is due: 'fri 17:00', tomorrow, 2026-12-01 (a date alone is due at its end, 23:59).", valueName: "when"))
        var due: String?
        @Option(name: .customLong("class"), help: ArgumentHelp("The course or class, e.g. CS101.", valueName: "class"), completion: DataCompletion.classes) var classLabel: String?
        @Option(help: ArgumentHelp("How long it will take: 2h30m, 90m, 1.5h.", valueName: "duration")) var estimate: String?
        @Option(help: ArgumentHelp("Notes (an empty string removes them).", valueName: "text")) var notes: String?
        @Option(help: ArgumentHelp("The calendar (default: the first).", valueName: "name"), completion: DataCompletion.names(of: ["calendar"]))
        var calendar: String?

        func draft(title: String?, in context: CalendarContext) throws -> AssignmentDraft {
            var draft = AssignmentDraft(title: title, calendar: calendar, classLabel: classLabel, notes: notes)
            if let due {
                let reading = try context.read(due)
                // "Due friday" means by the end of Friday.
                draft.due = .some(reading.hasTime ? reading.instant : reading.day.adding(days: 1).instant(in: context.timeZone).addingTimeInterval(-60))
            }
            draft.estimateMinutes = try estimate.map(DurationInput.minutes)
            return draft
        }
    }

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a task.",
            discussion: "Examples:\n  trove task add \"Essay 2\" --due 'fri 17:00' --class ENGL101 --estimate 2h30m\n  trove task add 'Read chapter 4' --due tomorrow")
        @Argument(help: "Its title.") var title: String
        @OptionGroup var options: Options
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let (task, result) = try AssignmentBook(index: context.index).add(try options.draft(title: title, in: context))
            if output.json { return env.out.json(["id": .string(task.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            env.out.line("Added task \(TaskCommand.summary(task, context)) (\(CalendarText.shortID(task.id))).")
        }
    }

    struct Done: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a task done (--undo opens it again).",
                                                            discussion: "Examples:\n  trove task done 9a598fcf\n  trove task done 9a598fcf --undo")
        @Argument(help: "The task's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "task")) var id: String
        @Flag(help: "Open it again.") var undo = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let book = AssignmentBook(index: context.index)
            let (task, _) = try book.markDone(try book.task(id), done: !undo, now: context.now)
            env.out.line(undo ? "Opened \(task.title) again." : "Done: \(task.title). ✓")
        }
    }

    struct Edit: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a task: what is given changes, the rest stays.",
                                                            discussion: "Example: trove task edit 9a598fcf --due 'mon 9am' --estimate 3h")
        @Argument(help: "The task's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "task")) var id: String
        @Option(help: ArgumentHelp("A new title.", valueName: "title")) var title: String?
        @OptionGroup var options: Options
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let book = AssignmentBook(index: context.index)
            let (task, _) = try book.edit(try book.task(id), try options.draft(title: title, in: context))
            env.out.line("Saved task \(TaskCommand.summary(task, context)).")
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every detail of a task.",
                                                            discussion: "Example: trove task show 9a598fcf")
        @Argument(help: "The task's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "task")) var id: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let task = try AssignmentBook(index: context.index).task(id)
            if output.json, let record = try context.store.record(id: task.id) { return env.out.json(record.value) }
            env.out.line(TaskCommand.card(task, context, env).joined(separator: "\n"))
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a task, after asking ('trove undo' brings it back).",
                                                            discussion: "Example: trove task rm 9a598fcf --yes")
        @Argument(help: "The task's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "task")) var id: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let book = AssignmentBook(index: context.index)
            let task = try book.task(id)
            guard Prompts.confirm(env, "Delete task \(task.title)?", assumeYes: yes) else { throw CommandFailure(message: "nothing was deleted") }
            _ = try book.remove(task)
            env.out.line("Deleted task \(task.title).")
        }
    }

    struct Feedback: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "feedback", abstract: "Record feedback on a task; it arrives in the inbox as a notification.",
            discussion: "The notification quotes the feedback when 'trove settings set notifications.include-feedback on'.\nExample: trove task feedback 0193f0a2 'Good structure; cite more sources.'")
        @Argument(help: "The task's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "task")) var id: String
        @Argument(help: "The feedback.") var text: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let book = AssignmentBook(index: context.index)
            let (task, _) = try book.giveFeedback(try book.task(id), text: text, now: context.now)
            env.out.line("Feedback on \(task.title) saved; it is in the inbox ('trove inbox').")
        }
    }

    /// Every detail, one per line; notes, or "No item description".
    static func card(_ task: Assignment, _ context: CalendarContext, _ env: CommandEnvironment) -> [String] {
        var lines = [SGR.apply([.bold], to: task.title, color: env.terminal.color)]
        lines.append("Due:       " + (task.due.map { TaskCommand.dueText($0, context) } ?? "no due time"))
        if let minutes = task.estimateMinutes { lines.append("Estimate:  \(CalendarText.minutes(minutes))") }
        if let label = task.classLabel { lines.append("Class:     \(label)") }
        if let name = (try? context.calendarNames())?[task.calendarId] { lines.append("Calendar:  \(name)") }
        lines.append("State:     \(task.done ? "done" : "open")")
        if let feedback = task.feedback { lines.append("Feedback:  \(feedback)") }
        lines.append("Id:        \(task.id)")
        lines.append("")
        lines.append(task.notes?.isEmpty == false ? task.notes! : "No item description")
        return lines
    }

    /// `Essay 2 [ENGL101], due Fri 27 Nov 2026 17:00, about 2h30m`.
    static func summary(_ task: Assignment, _ context: CalendarContext) -> String {
        var text = task.title
        if let label = task.classLabel { text += " [\(label)]" }
        if let due = task.due { text += ", due \(dueText(due, context))" }
        if let minutes = task.estimateMinutes { text += ", about \(CalendarText.minutes(minutes))" }
        return text
    }

    static func dueText(_ due: Date, _ context: CalendarContext) -> String {
        "\(CalendarText.day(CivilDate(due, in: context.timeZone))) \(CalendarText.time(due, context.timeZone))"
    }
}
