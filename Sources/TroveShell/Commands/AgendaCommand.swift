import ArgumentParser
import Foundation
import TroveICal
import TroveJSON
import TroveKit

/// `trove agenda`: events and tasks in a span, filtered by class and sorted.
struct AgendaCommand: ParsableCommand {
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
    @Option(name: .customLong("class"), help: ArgumentHelp("Only this class (repeat for more).", valueName: "class")) var classes: [String] = []
    @Option(help: ArgumentHelp("due, length or class.", valueName: "key")) var sort = "due"
    @Flag(help: "Largest, latest or last first.") var desc = false
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let context = try CalendarContext(storeOptions)
        let query = AgendaQuery(classes: classes, sort: try AgendaSortKey(parsing: sort), descending: desc)
        let first = try from.map { try context.read($0).day } ?? context.today
        let end = try to.map { try context.read($0).day } ?? first.adding(days: 14)
        guard end > first else { throw CommandFailure(message: "--to (\(end)) must come after --from (\(first))") }
        let zone = context.timeZone
        let (start, stop) = (first.instant(in: zone), end.instant(in: zone))
        let occurrences = try context.query.occurrences(from: start, to: stop)
        let tasks = try context.query.tasks(dueFrom: start, to: stop)
        let items = occurrences.map { occurrence in
            AgendaItem(id: occurrence.event.id, kind: .event, title: CalendarText.title(occurrence.event), time: occurrence.startDate(in: zone),
                       lengthMinutes: Int(occurrence.endDate(in: zone).timeIntervalSince(occurrence.startDate(in: zone)) / 60),
                       itemClass: occurrence.event.classLabel)
        } + tasks.map { task in
            AgendaItem(id: task.id, kind: .task, title: (task.done ? "☑ " : "☐ ") + task.title + (task.classLabel.map { " [\($0)]" } ?? ""),
                       time: task.due, lengthMinutes: task.estimateMinutes, itemClass: task.classLabel)
        }
        // A class the store has is no error when nothing of it falls in the span: that is "No events".
        let sorted = try query.apply(items, known: classes.isEmpty ? nil : try context.query.classes())
        if output.json {
            return Output.json(.array(sorted.map { item in
                ["id": .string(item.id), "kind": .string(item.kind.rawValue), "title": .string(item.title),
                 "time": item.time.map { .string(CalendarTime.timestamp($0)) } ?? .null,
                 "minutes": item.lengthMinutes.map { .integer($0) } ?? .null, "class": item.itemClass.map { .string($0) } ?? .null]
            }))
        }
        if sorted.isEmpty { return Output.line("No events") }
        let allDay = Set(occurrences.filter(\.start.isDate).map { "\($0.event.id) \($0.startDate(in: zone))" })
        Output.paged {
            Output.table(sorted.map { item in
                let time = item.time.map { time in
                    CalendarText.day(CivilDate(time, in: zone)) + " " + (allDay.contains("\(item.id) \(time)") ? "all day" : CalendarText.time(time, zone))
                } ?? ""
                return [time, item.lengthMinutes.map { $0 > 0 ? CalendarText.minutes($0) : "" } ?? "", item.title, CalendarText.shortID(item.id)]
            })
        }
    }
}
