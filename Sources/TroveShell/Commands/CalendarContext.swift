import Foundation
import TroveICal
import TroveIndex
import TroveKit
import TroveStore

/// What every calendar command needs: the index, and the reader's time zone, week start and holiday countries.
///
/// The zone is the synced `time-zone` setting, else the machine's (`TZ`); the week starts on the
/// `week-start` setting's day, else Monday.
struct CalendarContext {
    let index: RecordIndex
    let settings: SyncedSettings.Values
    let timeZone: TimeZone
    let now: Date
    /// Where the command that uses this context writes (warnings about series left out).
    let env: CommandEnvironment

    var store: Store { index.store }
    var firstWeekday: Weekday { settings.weekStart == "sunday" ? .sunday : .monday }
    /// The query views list with; a series whose rule cannot be expanded is left out with a warning.
    var query: CalendarQuery {
        CalendarQuery(index: index, timeZone: timeZone) { event, error in
            env.error("warning: the series \"\(ProblemList.excerpt(event.title))\" (\(event.id)) is left out: \(error.description)")
        }
    }
    var today: CivilDate { CivilDate(now, in: timeZone) }

    init(_ options: StoreOptions, _ env: CommandEnvironment, now: Date = Date()) throws {
        self.env = env
        index = try options.openIndex(env)
        settings = try SyncedSettings(store: index.store).current()
        timeZone = settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        self.now = now
    }

    /// The Foundation calendar views draw with.
    var gregorian: Foundation.Calendar {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday.rawValue
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// A date or time as typed (`tomorrow 14:00`, `fri`, `2026-12-01 9am`), read in the reader's zone.
    func read(_ text: String) throws -> DateReading {
        try DateInput.read(text, timeZone: timeZone, now: now)
    }

    /// The holidays between two dates (inclusive), in the countries of the settings.
    func holidays(from start: CivilDate, to end: CivilDate) throws -> [Holiday] {
        try Holidays.list(from: start, to: end, countries: settings.holidayCountries)
    }

    /// The calendars of the user's groups, whose items the views show beside the user's own; none inside a group's store.
    func sharedCalendars(_ options: StoreOptions) -> [SharedCalendar] {
        guard options.group == nil else { return [] }
        return SharedStores.indexes(options, env).map { SharedCalendar(name: $0.name, index: $0.index, timeZone: timeZone) }
    }

    /// The calendars' names by id.
    func calendarNames() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try CalendarBook(store: store).all().map { ($0.id, $0.name) })
    }
}

/// How calendar times read on screen.
enum CalendarText {
    /// `Fri 27 Nov 2026`.
    static func day(_ date: CivilDate) -> String {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(names[date.weekday.rawValue - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// `14:05` in `zone`.
    static func time<Zone: UTCOffsets>(_ date: Date, _ zone: Zone) -> String { TimeOfDay(date, in: zone).hoursAndMinutes }

    /// `all day`, `14:00`, or `14:00–15:30` (with the end's date when it ends another day).
    static func span(_ occurrence: Occurrence, _ zone: TimeZone) -> String {
        span(allDay: occurrence.start.isDate, occurrence.startDate(in: zone), occurrence.endDate(in: zone), zone)
    }

    /// The same for an occurrence as the views list it.
    static func span(_ occurrence: ListedOccurrence, _ zone: TimeZone) -> String {
        span(allDay: occurrence.start.isDate, occurrence.startDate, occurrence.endDate, zone)
    }

    private static func span(allDay: Bool, _ start: Date, _ end: Date, _ zone: TimeZone) -> String {
        guard !allDay else {
            let days = CivilDate(start, in: zone).days(to: CivilDate(end, in: zone))
            return days > 1 ? "all day (\(days) days)" : "all day"
        }
        guard end > start else { return time(start, zone) }
        let sameDay = CivilDate(start, in: zone) == CivilDate(end.addingTimeInterval(-1), in: zone)
        return time(start, zone) + "–" + (sameDay ? "" : day(CivilDate(end, in: zone)) + " ") + time(end, zone)
    }

    /// `Exam review [CS101] @ Room 4`.
    static func title(_ event: Event) -> String { event.listingTitle }

    /// The last 8 characters of an id, as listings show it: a UUIDv7 starts with its time, so records
    /// made together share their first characters. Commands take any unique start or end of 4 or more.
    static func shortID(_ id: String) -> String { String(id.suffix(8)) }

    /// `2h30m` for minutes.
    static func minutes(_ minutes: Int) -> String { DurationInput.format(minutes: minutes) }
}
