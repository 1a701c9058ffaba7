import CICal
import Foundation

/// Expands a recurring event into the starts of its occurrences.
public enum Occurrences {
    /// Stops a rule that matches nothing in the range from running for ever.
    static let maximumSteps = 500_000

    /// The occurrence starts in `from..<to`, sorted, at most `limit` of them.
    ///
    /// - Parameters:
    ///   - start: the first start (DTSTART); for `allDay` its UTC date is the day.
    ///   - timeZone: the IANA zone whose wall clock the rule follows (so a weekly 09:00
    ///     stays 09:00 across DST); `nil` means UTC. Ignored for all-day events.
    ///   - rrule: an RRULE value, or `nil` for only `start` and the `rdates`.
    ///   - rdates: extra starts; a date on a timed event means the start's local time that day.
    ///   - exdates: starts to remove; a date removes every occurrence on that local day
    ///     (as Google and ical.js read a DATE EXDATE on a timed event).
    ///   - ruleStarts: the starts worked out before by `ruleStarts(start:allDay:timeZone:rrule:limit:)` for the
    ///     same `start`, `allDay`, `timeZone` and `rrule`: the rule is then not run again, nor is libical asked
    ///     anything unless there are `rdates`.
    /// - Returns: instants; all-day occurrences are midnight UTC of their date.
    /// - Note: DTSTART is always an occurrence (RFC 5545), even when the rule would not match it.
    public static func expand(
        start: Date, allDay: Bool = false, timeZone: String? = nil, rrule: String?,
        rdates: [CalendarTime] = [], exdates: [CalendarTime] = [],
        from: Date, to: Date, limit: Int = 1000, ruleStarts known: [RuleStart]? = nil
    ) throws(ICalError) -> [Date] {
        guard limit > 0, from < to else { return [] }
        let result: Result<[Date], ICalError> = ICalLibrary.locked {
            do throws(ICalError) {
                var starts: [RuleStart]
                let wanted = limit + exdates.count + 1
                if rrule != nil, let known, let dtstart = known.first {
                    starts = [dtstart] + inRange(known.dropFirst(), from: from, until: to, max: wanted)
                } else {
                    let clock = try Clock(allDay: allDay, timeZone: timeZone)
                    let first = clock.local(start)
                    starts = [RuleStart(instant: clock.instant(first), day: clock.day(first))]
                    if let rrule {
                        _ = try iterate(rrule, from: first, clock: clock, steps: maximumSteps) { next in
                            guard next.instant < to else { return false }
                            guard next.instant >= from else { return true }
                            starts.append(next)
                            return starts.count - 1 < wanted
                        }
                    }
                }
                if !rdates.isEmpty {
                    let clock = try Clock(allDay: allDay, timeZone: timeZone)
                    let first = clock.local(start)
                    for extra in rdates {
                        switch extra {
                        case .instant(let instant):
                            starts.append(RuleStart(instant: instant, day: clock.day(clock.local(instant))))
                        case .date(let day):
                            var local = first
                            local.year = Int32(day.year)
                            local.month = Int32(day.month)
                            local.day = Int32(day.day)
                            starts.append(RuleStart(instant: clock.instant(local), day: day))
                        }
                    }
                }
                let removedInstants = Set(exdates.compactMap { if case .instant(let i) = $0 { return i } else { return nil } })
                let removedDays = Set(exdates.compactMap { if case .date(let d) = $0 { return d } else { return nil } })
                let sorted = starts
                    .filter { $0.instant >= from && $0.instant < to }
                    .filter { !removedInstants.contains($0.instant) && !removedDays.contains($0.day) }
                    .map(\.instant)
                    .sorted()
                // Sorted, a start found twice (DTSTART and the rule's first) is next to itself.
                let kept = sorted.indices.filter { $0 == 0 || sorted[$0] != sorted[$0 - 1] }.map { sorted[$0] }
                return .success(Array(kept.prefix(limit)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// DTSTART `start`, then every start the rule gives, in the rule's order, as `expand` reads them, if the
    /// rule ends within `limit` starts; nil for a rule that runs on, or longer, or cannot be expanded.
    ///
    /// A store's index keeps these for each series, so that listing a span does not run the rule again
    /// (libical's iteration goes through an ICU calendar: a couple of microseconds a start).
    public static func ruleStarts(start: Date, allDay: Bool = false, timeZone: String? = nil, rrule: String,
                                  limit: Int) -> [RuleStart]? {
        ICalLibrary.locked {
            guard let clock = try? Clock(allDay: allDay, timeZone: timeZone) else { return nil }
            let first = clock.local(start)
            var found = [RuleStart(instant: clock.instant(first), day: clock.day(first))]
            // A rule that matches nothing for a long while is left to be run when it is listed.
            let ended = try? iterate(rrule, from: first, clock: clock, steps: 20 * limit) { next in
                found.append(next)
                return found.count <= limit + 1
            }
            return ended == true && found.count <= limit + 1 ? found : nil
        }
    }

    /// The starts of `all` (a rule's, in its order) that the rule's run over `from..<until` keeps, at most `max`:
    /// the run stops at the first start from `until` on, and skips those before `from`.
    static func inRange(_ all: ArraySlice<RuleStart>, from: Date, until: Date, max: Int) -> [RuleStart] {
        var kept: [RuleStart] = []
        for next in all {
            if next.instant >= until { break }
            guard next.instant >= from else { continue }
            kept.append(next)
            if kept.count >= max { break }
        }
        return kept
    }

    /// Runs the rule from `first`, calling `body` with each start (local wall times converted to instants)
    /// until it returns false; returns whether the rule ran out (COUNT, UNTIL) within `steps` of libical's.
    private static func iterate(
        _ text: String, from first: icaltimetype, clock: Clock, steps maximum: Int, _ body: (RuleStart) -> Bool
    ) throws(ICalError) -> Bool {
        let rule = try RecurrenceRule.parse(text)
        guard let iterator = icalrecur_iterator_new(rule, first) else {
            throw .invalidRecurrence(rule: text, reason: "libical cannot expand it from this start")
        }
        defer { icalrecur_iterator_free(iterator) }
        var steps = 0
        // libical neither yields a DTSTART the rule does not match nor counts it in COUNT,
        // while RFC 5545 counts DTSTART as the first: then the rule gives one start fewer.
        var remaining = rule.count > 0 ? Int(rule.count) : Int.max
        while steps < maximum {
            steps += 1
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { return true }
            if steps == 1, icaltime_compare(next, first) != 0 { remaining -= 1 }
            guard remaining > 0 else { return true }
            remaining -= 1
            guard body(RuleStart(instant: clock.instant(next), day: clock.day(next))) else { return false }
        }
        return false
    }
}

/// One start a recurrence rule gives: the instant, and its day on the wall calendar of the rule's zone.
public struct RuleStart: Sendable, Equatable {
    public var instant: Date
    public var day: ICalDate

    public init(instant: Date, day: ICalDate) {
        self.instant = instant
        self.day = day
    }
}

/// Converts between instants and wall-clock times in one zone (or dates for all-day).
/// Use only while holding `ICalLibrary`'s lock.
private struct Clock {
    let allDay: Bool
    let zone: OpaquePointer

    init(allDay: Bool, timeZone: String?) throws(ICalError) {
        self.allDay = allDay
        if allDay || timeZone == nil {
            zone = icaltimezone_get_utc_timezone()
        } else if let timeZone, let found = ICalZones.builtin(timeZone) {
            zone = found
        } else {
            throw .unknownTimeZone(timeZone ?? "")
        }
    }

    func local(_ instant: Date) -> icaltimetype {
        var time = icaltime_from_timet_with_zone(time_t(instant.timeIntervalSince1970.rounded(.down)), allDay ? 1 : 0, zone)
        if allDay { time.zone = nil }
        return time
    }

    func instant(_ time: icaltimetype) -> Date {
        if allDay || time.is_date != 0 {
            return ICalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)).utcMidnight
        }
        return Date(timeIntervalSince1970: Double(ICalZones.seconds(time, in: zone)))
    }

    func day(_ time: icaltimetype) -> ICalDate {
        ICalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day))
    }
}
