import ArgumentParser
import Foundation
import TroveICal
import TroveKit

/// The options `event add` and `event edit` share, and how they become an `EventDraft`.
struct EventOptions: ParsableArguments {
    @Option(help: ArgumentHelp("When it starts: 'tomorrow 14:00', fri, '2026-12-01 9am', 2026-12-01 (a date alone is all day).", valueName: "when"))
    var start: String?
    @Option(help: ArgumentHelp("When it ends: a time alone is on the start's day (16:00), a day is read like --start ('tomorrow 11:00', 'sat 10am', 2026-12-03: the last day of an all-day event). A start moved without it keeps the event's length.", valueName: "when"))
    var end: String?
    @Flag(help: "All day: only the dates of --start and --end count.") var allDay = false
    @Option(name: .customLong("where"), help: ArgumentHelp("Its address (a new one replaces the place).", valueName: "address")) var address: String?
    @Option(help: ArgumentHelp("Its coordinates: LAT,LON (the address stays).", valueName: "lat,lon")) var at: String?
    @Option(help: ArgumentHelp("Notes (an empty string removes them).", valueName: "text")) var notes: String?
    @Option(help: ArgumentHelp("The calendar (default: the first).", valueName: "name"), completion: DataCompletion.names(of: ["calendar"]))
    var calendar: String?
    @Option(name: .customLong("class"), help: ArgumentHelp("The course or class, e.g. CS101.", valueName: "class"), completion: DataCompletion.classes) var classLabel: String?
    @Option(help: ArgumentHelp("Repeat by an iCalendar RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE or FREQ=DAILY;COUNT=5.", valueName: "rrule"))
    var `repeat`: String?
    @Option(help: ArgumentHelp("A reminder this long before it starts: 15m, 1h, 1d (repeat for more).", valueName: "duration"))
    var remind: [String] = []

    /// The draft these options describe, times read in `context`'s zone; `existing` is the event an edit changes.
    func draft(title: String?, in context: CalendarContext, existing: Event? = nil, _ env: CommandEnvironment) throws -> EventDraft {
        var draft = EventDraft(title: title, calendar: calendar, classLabel: classLabel, notes: notes, rrule: `repeat`)
        let zone = context.timeZone
        let startReading = try start.map(context.read)
        let allDay = allDay || (startReading.map { !$0.hasTime } ?? existing?.isAllDay ?? false)
        // A floating event whose times change is pinned to the zone they are typed in, from its times as seen there.
        let pinning = existing?.isFloating == true && (start != nil || end != nil || self.allDay)
        let seen = existing?.firstOccurrence(in: zone)
        let startTime: CalendarTime? = startReading.map { allDay ? .date(ICalDate($0.day)) : .instant($0.instant) }
            ?? seen.map { seen in allDay && !seen.event.isAllDay ? .day(of: seen.start.instant, in: zone) : seen.start }
        draft.start = startReading == nil && !self.allDay && !pinning ? nil : startTime
        if let startReading, !allDay { Self.noteSkipped(startReading, "starts", in: zone, env) }
        if let end, let startTime {
            // A day the end names is read from today, like the start's; a time alone is on the start's day, so
            // `--start 'fri 9am' --end 11am` ends on that Friday and `--start 'tomorrow 10:00' --end 'tomorrow 11:00'` lasts an hour.
            let reading = try DateInput.readEnd(end, start: startTime.date(in: zone), timeZone: zone, now: context.now)
            if !allDay { Self.noteSkipped(reading, "ends", in: zone, env) }
            let endTime: CalendarTime = allDay ? .date(ICalDate(reading.day.adding(days: 1))) : .instant(reading.instant)
            if endTime.date(in: zone) < startTime.date(in: zone) {
                // Said as the user's zone shows them, not as stored (UTC).
                let shownStart = startTime.isDate ? CivilDate(startTime.date(in: zone), in: zone).description : Self.wall(startTime.date(in: zone), in: zone)
                let shownEnd = allDay ? reading.day.description : Self.wall(reading.instant, in: zone)
                throw CalendarError.endBeforeStart(start: shownStart, end: "'\(end)', \(shownEnd)")
            }
            draft.end = .some(endTime)
        } else if self.allDay, existing?.isAllDay == false {
            draft.end = .some(nil)
        } else if let seen, let oldEnd = seen.end, let startTime, startReading != nil || pinning {
            // A moved start takes its end along: the event keeps its length.
            draft.end = .some(startTime.isDate == seen.event.isAllDay ? Self.shifted(oldEnd, by: seen.start, to: startTime, in: zone) : nil)
        }
        if !allDay, startReading != nil || pinning { draft.timeZone = zone.identifier }
        if address != nil || at != nil {
            // New coordinates keep the address (they pin it down); a new address drops coordinates that were the old place's.
            let coordinates = try at.map(Coordinates.init(parsing:)) ?? (address == nil ? existing?.place?.coordinates : nil)
            draft.place = Event.Place(address: address ?? existing?.place?.address, coordinates: coordinates)
        }
        if !remind.isEmpty { draft.alarmMinutes = try remind.map(DurationInput.minutes) }
        return draft
    }

    /// Tells the user when a typed time does not exist (a spring-forward change skips it) and which time is used instead.
    static func noteSkipped(_ reading: DateReading, _ verb: String, in zone: TimeZone, _ env: CommandEnvironment) {
        guard reading.skipped, let typed = reading.time else { return }
        env.error("\(typed) does not exist on \(reading.day) in \(zone.identifier) (the clocks go forward): "
            + "the event \(verb) at \(TimeOfDay(reading.instant, in: zone))")
    }

    /// `2026-11-24 14:00` (with seconds if any): the instant on the wall clock of `zone`.
    static func wall(_ instant: Date, in zone: TimeZone) -> String {
        "\(CivilDate(instant, in: zone)) \(TimeOfDay(instant, in: zone))"
    }

    /// `end` moved as far as the start moved from `old` to `new`: by whole days for dates, by time for instants.
    static func shifted(_ end: CalendarTime, by old: CalendarTime, to new: CalendarTime, in zone: TimeZone) -> CalendarTime {
        switch (end, old, new) {
        case (.date(let last), .date(let first), .date(let moved)):
            return .date(ICalDate(CivilDate(last).adding(days: CivilDate(first).days(to: CivilDate(moved)))))
        default:
            return .instant(end.date(in: zone).addingTimeInterval(new.date(in: zone).timeIntervalSince(old.date(in: zone))))
        }
    }
}
