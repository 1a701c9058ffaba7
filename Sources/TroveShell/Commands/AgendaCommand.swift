import ArgumentParser
import Foundation
import TroveICal
import TroveJSON
import TroveKit

/// `trove agenda`: events and tasks in a span, filtered by class and sorted.
struct AgendaCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda", abstract: "List events and tasks from --from to --to (the next two weeks at first), filtered and sorted.",
        discussion: """
            Examples:
              trove agenda
              trove agenda --from 2026-12-01 --to 2027-01-01 --class CS101 --class ENGL101
              trove agenda --sort length --desc
            """)
    @Option(help: ArgumentHelp("The first day (default: today).", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("The day after the last (default: two weeks on).", valueName: "date")) var to: String?
    @Option(name: .customLong("class"), help: ArgumentHelp("Only this class (repeat for more).", valueName: "class"),
            completion: DataCompletion.classes) var classes: [String] = []
    @Option(help: ArgumentHelp("due, length or class.", valueName: "key")) var sort: AgendaSortKey = .due
    @Flag(help: "Largest, latest or last first.") var desc = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let context = try CalendarContext(storeOptions, env)
        let query = AgendaQuery(classes: classes, sort: sort, descending: desc)
        let first = try from.map { try context.read($0).day } ?? context.today
        let end = try to.map { try context.read($0).day } ?? first.adding(days: 14)
        guard end > first else { throw CommandFailure(message: "--to (\(end)) must come after --from (\(first))") }
        let zone = context.timeZone
        let (start, stop) = (first.instant(in: zone), end.instant(in: zone))
        // The groups' calendars and meetings join the user's own, marked with the group's name.
        let items = try context.query.agendaItems(from: start, to: stop)
            + context.sharedCalendars(storeOptions).flatMap { try $0.agendaItems(from: start, to: stop) }
        // A class the store has is no error when nothing of it falls in the span: that is "No events".
        let order = try query.order(items, known: { try context.query.classes() })
        if output.json {
            return env.out.json(.array(order.map { AgendaJSON.item(items[$0]) }))
        }
        if order.isEmpty { return env.out.line("No events") }
        let rows = AgendaRows(timeZone: ZoneOffsetTable(zone, from: start.addingTimeInterval(-2 * 86_400), to: stop.addingTimeInterval(2 * 86_400)))
        env.out.paged {
            // Laid out straight into bytes unless the lines must be fitted to the terminal: the same lines either way.
            if let text = rows.text(items, in: order, width: env.out.tableWidth) {
                env.out.text(text)
            } else {
                env.out.table(order.map { rows.cells(items[$0]) })
            }
        }
    }
}

/// A bad `--sort` is a usage error (exit 2) that lists the keys, and Tab offers them.
extension AgendaSortKey: ExpressibleByArgument {
    public init?(argument: String) {
        guard let key = try? AgendaSortKey(parsing: argument) else { return nil }
        self = key
    }
}
