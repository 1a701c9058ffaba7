import ArgumentParser
import Foundation
import TroveInterchange
import TroveKit
import TroveSchema
import TroveStore

/// `trove import ics FILE` and `trove export ics FILE`: calendars in iCalendar, the format every calendar reads.
enum ICSCommands {
    struct Import: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "ics", abstract: "Import an iCalendar file: events (VEVENT) and tasks (VTODO), with repeats, reminders and places.",
            discussion: """
                Repeating events stay rules (RRULE, RDATE, EXDATE; RECURRENCE-ID overrides replace their occurrence).
                A "Title [COURSE]" summary, as LMS feeds write it, gives the class. Events are matched by UID, so
                importing again changes nothing and a newer copy updates what changed.
                An invitation (METHOD:REQUEST) is not added as an event: it waits in 'trove invitation list' to be
                accepted or declined. An answer to one of yours (METHOD:REPLY) is recorded on your event.
                Examples:
                  trove import ics ~/Downloads/course.ics --calendar CS101 --dry-run
                  trove import ics family.ics --skip-invalid
                  trove import ics ~/Downloads/invite.ics
                """)
        @Argument(help: "The .ics file.", completion: .file(extensions: ["ics"])) var path: String
        @Option(help: ArgumentHelp("The calendar to import into (default: the first).", valueName: "name"),
                completion: DataCompletion.names(of: [RecordType.calendar]))
        var calendar: String?
        @OptionGroup var options: ImportCommand.Options
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let file: any ICSSource
            do { file = try ICSCalendarFile.open(path) } catch { throw CommandFailure(message: error.description) }
            if try ImportITIP.handles(file, path: path) {
                return try ImportITIP.run(path: path, options: options, storeOptions: storeOptions, json: output.json, env)
            }
            try ImportCommand.run(options, json: output.json, store: store, env) { settings, progress in
                do {
                    return try ICSImport(store: store, options: settings).run(file, path: path, calendar: calendar, progress: progress)
                } catch let error as ICSFileError {
                    throw CommandFailure(message: error.description + "; nothing was imported")
                }
            }
        }
    }

    struct Export: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "ics", abstract: "Write events and tasks as an iCalendar file ('-' for standard output).",
            discussion: "Examples:\n  trove export ics calendar.ics\n  trove export ics --calendar CS101 cs101.ics")
        @Argument(help: "The file to write, or - for standard output.", completion: .file(extensions: ["ics"])) var path: String
        @Option(help: ArgumentHelp("Only this calendar.", valueName: "name"), completion: DataCompletion.names(of: [RecordType.calendar]))
        var calendar: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let chosen = try calendar.map { try CalendarBook(store: store).calendar(named: $0) }
            let records = try [RecordType.event, RecordType.task].flatMap { try store.records(ofType: $0) }
                .filter { chosen == nil || $0.value["calendarId"]?.stringValue == chosen?.id }
                .map(\.value)
            let text: String
            do { text = try ICSWriter.write(records, calendarName: chosen?.name) } catch { throw CommandFailure(message: error.description) }
            if path == "-" { return env.out.write(text) }
            do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure(message: "cannot write \(path): \(error.localizedDescription)")
            }
            env.out.line("Wrote \(records.count) events and tasks to \(path).")
        }
    }
}
