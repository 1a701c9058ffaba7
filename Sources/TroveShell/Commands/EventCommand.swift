import ArgumentParser
import Foundation
import TroveICal
import TroveJSON
import TroveKit
import TroveStore

/// `trove event add|edit|show|rm|map|directions`: calendar events.
struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event", abstract: "Add, change, show and remove events; map their places; invite people.",
        subcommands: [Add.self, Edit.self, Show.self, Remove.self, MapPlace.self, DirectionsTo.self, EventInviteCommand.self])

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an event.",
            discussion: """
                Times are read in your time zone ('trove settings set time-zone …' to choose another).
                Examples:
                  trove event add "Exam review" --start "tomorrow 14:00" --end 16:00 --where "Room 4" --class CS101
                  trove event add Holiday --start 2026-12-24 --end 2026-12-31
                  trove event add Standup --start "mon 9:30" --end 9:45 --repeat "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
                """)
        @Argument(help: "Its title.") var title: String
        @OptionGroup var options: EventOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            guard options.start != nil else { throw ValidationError("give --start, e.g. --start 'tomorrow 14:00' or --start 2026-12-24") }
            let context = try CalendarContext(storeOptions, env)
            let (event, result) = try EventBook(index: context.index).add(try options.draft(title: title, in: context, env))
            if output.json { return env.out.json(["id": .string(event.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            env.out.line("Added \(CalendarText.title(event)), \(EventCommand.when(event, context)) (\(CalendarText.shortID(event.id))).")
        }
    }

    struct Edit: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an event: what is given changes, the rest stays.",
            discussion: "Examples:\n  trove event edit 0193f0a2 --start 'fri 15:00' --end 16:00\n  trove event edit 0193f0a2 --title 'Exam review (moved)' --where 'Room 7'")
        @Argument(help: "The event's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "event")) var id: String
        @Option(help: ArgumentHelp("A new title.", valueName: "title")) var title: String?
        @OptionGroup var options: EventOptions
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let book = EventBook(index: context.index)
            let event = try book.event(id)
            let (saved, _) = try book.edit(event, try options.draft(title: title, in: context, existing: event, env))
            env.out.line("Saved \(CalendarText.title(saved)), \(EventCommand.when(saved, context)).")
        }
    }

    struct Show: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every detail of an event.",
                                                            discussion: "Example: trove event show b78e1d88     (the id as listings show it)")
        @Argument(help: "The event's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "event")) var id: String
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let event = try EventBook(index: context.index).event(id)
            if output.json, let record = try context.store.record(id: event.id) { return env.out.json(record.value) }
            env.out.line(EventCommand.card(event, context, env).joined(separator: "\n"))
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an event, after asking ('trove undo' brings it back).",
                                                            discussion: "Example: trove event rm b78e1d88 --yes")
        @Argument(help: "The event's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "event")) var id: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let book = EventBook(index: context.index)
            let event = try book.event(id)
            guard Prompts.confirm(env, "Delete \(CalendarText.title(event)), \(EventCommand.when(event, context))?", assumeYes: yes) else {
                throw CommandFailure(message: "nothing was deleted")
            }
            _ = try book.remove(event)
            env.out.line("Deleted \(event.title).")
        }
    }

    struct MapPlace: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "map", abstract: "Links to the event's place: OpenStreetMap, Google Maps and a geo: URI.",
            discussion: "--open hands the geo: link to your map application (xdg-open), or the browser link when it cannot.\nExamples:\n  trove event map b78e1d88\n  trove event map b78e1d88 --open")
        @Argument(help: "The event's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "event")) var id: String
        @Flag(help: "Open it in the default map application.") var open = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let event = try EventBook(index: context.index).event(id)
            guard let place = event.place else { throw CommandFailure(message: "'\(event.title)' has no place: give one with 'trove event edit \(CalendarText.shortID(event.id)) --where ADDRESS' or --at LAT,LON") }
            let links = MapLinks(place)
            if output.json { return env.out.json(["openstreetmap": .string(links.openStreetMap), "google": .string(links.googleMaps), "geo": .string(links.geo)]) }
            env.out.line("OpenStreetMap: \(links.openStreetMap)")
            env.out.line("Google Maps:   \(links.googleMaps)")
            env.out.line("geo:           \(links.geo)")
            if open { try EventCommand.openMap(links, env) }
        }
    }

    struct DirectionsTo: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "directions", abstract: "Directions to the event's place, from --from or your current location ('trove here').",
            discussion: "Examples:\n  trove event directions b78e1d88\n  trove event directions b78e1d88 --from 40.7306,-73.9866 --open")
        @Argument(help: "The event's id (its first or last 4+ characters do).", completion: DataCompletion.ids(of: "event")) var id: String
        @Option(help: ArgumentHelp("Where you start: LAT,LON.", valueName: "lat,lon")) var from: String?
        @Flag(help: "Open them in the browser.") var open = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let event = try EventBook(index: context.index).event(id)
            guard let place = event.place else { throw CommandFailure(message: "'\(event.title)' has no place to go to") }
            guard let target = place.coordinates else {
                let links = MapLinks(place)
                env.out.line("'\(event.title)' has an address but no coordinates; search for it: \(links.openStreetMap)")
                return
            }
            let start: Coordinates
            if let from { start = try Coordinates(parsing: from) } else if let here = CurrentLocation.read(storePath: context.store.path) {
                start = here.coordinates
            } else {
                throw CommandFailure(message: "where do you start? give --from LAT,LON, or set your location with 'trove here LAT,LON'")
            }
            let directions = Directions(from: start, to: target)
            env.out.line("\(event.title) is \(directions.distanceText) away: \(directions.mode.rawValue).")
            env.out.line("Google Maps:   \(directions.googleMaps)")
            env.out.line("OpenStreetMap: \(directions.openStreetMap)")
            if open { try Browser.open(directions.googleMaps, env) }
        }
    }

    /// When the event is, in words: `Fri 27 Nov 2026 14:00–16:00`, `every week from Mon 30 Nov 2026 09:30`.
    static func when(_ event: Event, _ context: CalendarContext) -> String {
        let occurrence = event.firstOccurrence(in: context.timeZone)
        let day = CalendarText.day(CivilDate(occurrence.startDate(in: context.timeZone), in: context.timeZone))
        let text = "\(day) \(CalendarText.span(occurrence, context.timeZone))"
        return event.rrule == nil ? text : "repeating from \(text)"
    }

    /// A skipped occurrence as the viewer's clock reads it (`2026-12-24 09:30`, or `2026-12-24` for a day):
    /// a floating event's at its wall-clock time, never as the UTC it is stored in.
    static func exception(_ time: CalendarTime, of event: Event, _ context: CalendarContext) -> String {
        switch event.shown(time, in: context.timeZone) {
        case .date(let day): return CivilDate(day).description
        case .instant(let instant): return EventOptions.wall(instant, in: context.timeZone)
        }
    }

    /// Every detail, one per line; notes, or "No item description".
    static func card(_ event: Event, _ context: CalendarContext, _ env: CommandEnvironment) -> [String] {
        var lines = [SGR.apply([.bold], to: event.title.isEmpty ? "(untitled)" : event.title, color: env.terminal.color)]
        lines.append("When:      \(when(event, context))" + (event.timeZone.map { $0 == context.timeZone.identifier ? "" : " (set in \($0))" } ?? ""))
        if let rule = event.rrule { lines.append("Repeats:   \(rule)") }
        if !event.exdates.isEmpty { lines.append("Except:    \(event.exdates.map { exception($0, of: event, context) }.joined(separator: ", "))") }
        if let name = (try? context.calendarNames())?[event.calendarId] { lines.append("Calendar:  \(name)") }
        if let label = event.classLabel { lines.append("Class:     \(label)") }
        if let place = event.place {
            lines.append("Where:     " + [place.address.map { $0.split(whereSeparator: \.isNewline).joined(separator: ", ") }, place.coordinates.map { "\($0.latitude),\($0.longitude)" }].compactMap { $0 }.joined(separator: " · "))
        }
        if !event.categories.isEmpty { lines.append("Tags:      \(event.categories.joined(separator: ", "))") }
        let reminders = event.alarms.compactMap { $0["minutesBefore"]?.intValue }.map { CalendarText.minutes($0) + " before" }
        if !reminders.isEmpty { lines.append("Reminders: \(reminders.joined(separator: ", "))") }
        if let organizer = event.organizer { lines.append("Organizer: \(organizer.full)") }
        if !event.attendees.isEmpty {
            lines.append("Invited:   " + event.attendees.map { "\($0.user.label) (\($0.answer == .needsAction ? "no answer yet" : $0.answer.rawValue))" }
                .joined(separator: ", "))
        }
        lines.append("Id:        \(event.id)")
        lines.append("")
        lines.append(event.notes?.isEmpty == false ? event.notes! : "No item description")
        return lines
    }

    /// Opens the geo: link in the map application; without one, the browser link.
    static func openMap(_ links: MapLinks, _ env: CommandEnvironment) throws {
        guard let program = ExternalProgram(named: "xdg-open") else {
            return env.out.line("There is no map application here (xdg-open is not installed): open \(links.openStreetMap) in your browser")
        }
        if try program.run([links.geo], timeout: 15).status == 0 { return }
        env.out.line("No map application took the geo: link; opening the browser link instead.")
        try Browser.open(links.openStreetMap, env)
    }
}
