import ArgumentParser
import Foundation
import TroveKit
import TroveSchema
import TroveStore

/// `trove calendar list|new|rename|rm`: the calendars events and tasks belong to.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "List, make, rename and remove calendars.",
        subcommands: [List.self, New.self, Rename.self, Remove.self, CalendarShareCommand.self], defaultSubcommand: List.self)

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the calendars, with how many events and tasks each holds.",
                                                            discussion: "Examples:\n  trove calendar list\n  trove calendar list --json")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let calendars = try CalendarBook(store: index.store).all()
            let counts = try calendars.map { calendar in
                (try index.count(matching: .init(type: RecordType.event, parent: calendar.id)), try index.count(matching: .init(type: RecordType.task, parent: calendar.id)))
            }
            if output.json {
                return env.out.json(.array(zip(calendars, counts).map { calendar, count in
                    ["id": .string(calendar.id), "name": .string(calendar.name), "color": calendar.color.map { .string($0) } ?? .null,
                     "events": .integer(count.0), "tasks": .integer(count.1)]
                }))
            }
            if calendars.isEmpty { return env.out.line("No calendars yet: make one with 'trove calendar new NAME' (the first event makes 'Personal').") }
            env.out.table(zip(calendars, counts).map { calendar, count in
                [calendar.name, calendar.color ?? "", "\(count.0) event\(count.0 == 1 ? "" : "s")", "\(count.1) task\(count.1 == 1 ? "" : "s")"]
            })
        }
    }

    struct New: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "new", abstract: "Make a calendar.",
            discussion: "Examples:\n  trove calendar new Work --color blue\n  trove calendar new CS101 --color '#1f4e8c'")
        @Argument(help: "Its name.") var name: String
        @Option(help: ArgumentHelp("red, green, blue, yellow, purple, orange, teal, grey, or #rrggbb.", valueName: "color")) var color: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let (calendar, result) = try CalendarBook(store: storeOptions.open(env)).add(name: name, color: color)
            if output.json { return env.out.json(["id": .string(calendar.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            env.out.line("Made calendar \(calendar.name).")
        }
    }

    struct Rename: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a calendar, or change its colour.",
            discussion: "Examples:\n  trove calendar rename Work Office\n  trove calendar rename Work --color teal")
        @Argument(help: "The calendar.", completion: DataCompletion.names(of: ["calendar"])) var calendar: String
        @Argument(help: "Its new name.") var newName: String?
        @Option(help: ArgumentHelp("A new colour.", valueName: "color")) var color: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            guard newName != nil || color != nil else { throw ValidationError("give a new name, or --color") }
            let book = CalendarBook(store: try storeOptions.open(env))
            let (calendar, _) = try book.edit(try book.calendar(named: self.calendar), name: newName, color: color)
            env.out.line("Calendar \(calendar.name) saved.")
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a calendar and its events and tasks, after asking (undo brings them back).",
            discussion: "Example: trove calendar rm Old --yes")
        @Argument(help: "The calendar.", completion: DataCompletion.names(of: ["calendar"])) var calendar: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let book = CalendarBook(store: index.store)
            let calendar = try book.calendar(named: self.calendar)
            let held = try [RecordType.event, RecordType.task].flatMap { type -> [String] in try index.records(type: type, parent: calendar.id, page: .all).map(\.id) }
            guard Prompts.confirm(env, "Delete calendar \(calendar.name) and its \(held.count) events and tasks?", assumeYes: yes) else {
                throw CommandFailure(message: "nothing was deleted")
            }
            _ = try book.remove(calendar, records: held)
            env.out.line("Deleted calendar \(calendar.name) and \(held.count) events and tasks ('trove undo' brings them back).")
        }
    }
}
