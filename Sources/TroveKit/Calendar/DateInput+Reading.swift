import Foundation
import TroveStore

/// What a typed date named: the instant, its day on the wall calendar, and whether a time was given.
///
/// A date without a time (`fri`, `2026-12-01`) reads as the start of that day, with `time` nil, so
/// callers can make an all-day event or a start-of-day bound from it.
public struct DateReading: Equatable, Sendable {
    /// The instant named; the start of `day` when no time was given.
    public var instant: Date
    /// The day in the time zone the input was read in.
    public var day: CivilDate
    /// The wall-clock time given, or nil for a date alone.
    public var time: TimeOfDay?

    /// Whether `time` is one a spring-forward change skips on `day`, so `instant` is that much later (02:30 read as 03:30).
    public var skipped: Bool

    /// Whether the input gave a time of day (`fri 9am`) rather than a date alone (`fri`).
    public var hasTime: Bool { time != nil }

    public init(instant: Date, day: CivilDate, time: TimeOfDay?, skipped: Bool = false) {
        self.instant = instant
        self.day = day
        self.time = time
        self.skipped = skipped
    }
}

extension DateInput {
    /// Reads a date, a time, or both, as people type them, in `timeZone` relative to `now`.
    ///
    /// Accepted, in any case:
    /// - `now`; ISO 8601 with a zone (`2026-12-01T14:30:00Z`, `…+01:00`, with fractions);
    /// - a day: `today`, `tomorrow`, `yesterday`, `YYYY-MM-DD`, a weekday (`fri`, `friday`), `next fri`,
    ///   `last fri`, `in 3 days` (`day`, `week`, `month`), `+2d`, `-1w`, a day of a month by its English name or
    ///   first three letters (`dec 3`, `3 December`, `December 3, 2026`, `3 dec 2026`);
    /// - a time: `14:00`, `14:30:15`, `9am`, `9 am`, `9:30pm`, `noon`, `midnight`;
    /// - a day and a time in either order, optionally with `at`: `tomorrow 14:00`, `fri at 9am`,
    ///   `2026-12-01 9am`, `2026-12-01T14:30`;
    /// - a moment relative to now: `in 2 hours`, `in 30 minutes`, `+3h`.
    ///
    /// A weekday alone is the next such day counting today (`date -d` and Taskwarrior do the same):
    /// `fri` on a Friday is today. `next fri` is the first Friday after today, and `last fri` the last
    /// one before it. A month's day without a year is the next such day counting today, as for a weekday.
    /// A time alone is on today, even if it has passed. Skipped and repeated times on daylight-saving nights
    /// follow `CivilDate.instant(at:in:)` (a skipped time moves forward; `skipped` says so).
    public static func read(_ text: String, timeZone: TimeZone = .current, now: Date = Date()) throws -> DateReading {
        try read(text, timeZone: timeZone, now: now, from: nil)
    }

    /// Reads the end of something that starts at `start`: a day it names (`tomorrow 11:00`, `sat`, `dec 3`) is
    /// read from `now` as `read` reads the start, while a time alone (`11:00`) is on the start's day, and a moment
    /// relative to now (`in 2 hours`, `+3h`) counts from the start.
    public static func readEnd(_ text: String, start: Date, timeZone: TimeZone = .current, now: Date = Date()) throws -> DateReading {
        try read(text, timeZone: timeZone, now: now, from: start)
    }

    /// `read`, with bare times and relative moments counted from `base` when given.
    private static func read(_ text: String, timeZone: TimeZone, now: Date, from base: Date?) throws -> DateReading {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let today = CivilDate(now, in: timeZone)
        if trimmed.lowercased() == "now" { return moment(now, in: timeZone) }
        if let instant = zonedISO(trimmed) { return moment(instant, in: timeZone) }
        var words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        // "2026-12-01T14:30" is a day and a time written as one word.
        if words.count == 1, let t = words[0].firstIndex(of: "t"), CivilDate.isoFields(String(words[0][..<t])) != nil {
            words = [String(words[0][..<t]), String(words[0][words[0].index(after: t)...])]
        }
        words = joinMeridiem(words.filter { $0 != "at" })
        if let offset = relativeMoment(words) { return moment((base ?? now).addingTimeInterval(offset), in: timeZone) }

        var day: CivilDate?
        var time: TimeOfDay?
        var rest = words[...]
        while !rest.isEmpty {
            if day == nil, let (found, used) = try dayPart(rest, today: today, text: text) {
                day = found
                rest = rest.dropFirst(used)
            } else if time == nil, let found = TimeOfDay(typed: rest.first!) {
                time = found
                rest = rest.dropFirst()
            } else {
                throw InputError.invalidDate(text)
            }
        }
        guard day != nil || time != nil else { throw InputError.invalidDate(text) }
        let resolved = day ?? base.map { CivilDate($0, in: timeZone) } ?? today
        let instant = resolved.instant(at: time ?? .midnight, in: timeZone)
        let skipped = time.map { TimeOfDay(instant, in: timeZone) != $0 } ?? false
        return DateReading(instant: instant, day: resolved, time: time, skipped: skipped)
    }

    /// The reading of an exact instant: its day and wall-clock time in `timeZone`.
    private static func moment(_ instant: Date, in timeZone: TimeZone) -> DateReading {
        let day = CivilDate(instant, in: timeZone)
        let wall = Int((instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down))
        let seconds = ((wall % 86_400) + 86_400) % 86_400
        let time = TimeOfDay(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
        return DateReading(instant: instant, day: day, time: time)
    }

    /// An ISO 8601 instant with its zone (`Z` or an offset), with or without fractional seconds.
    private static func zonedISO(_ text: String) -> Date? {
        // 30 February is left to `dayPart`, which names the month's length.
        Timestamp.date(iso: text)
    }

    /// Words with a lone `am`/`pm` joined to the number before it: ["9", "am"] becomes ["9am"].
    private static func joinMeridiem(_ words: [String]) -> [String] {
        var joined: [String] = []
        for word in words {
            if (word == "am" || word == "pm"), let last = joined.last, last.first?.isNumber == true {
                joined[joined.count - 1] = last + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// Seconds from now for `in 2 hours`, `in 30 minutes` or `+3h`; nil for anything else.
    private static func relativeMoment(_ words: [String]) -> TimeInterval? {
        let units: [String: TimeInterval] = ["hour": 3600, "hours": 3600, "minute": 60, "minutes": 60, "min": 60, "mins": 60]
        if words.count == 3, words[0] == "in", let count = Int(words[1]), count >= 0, let unit = units[words[2]] {
            return TimeInterval(count) * unit
        }
        if words.count == 1, let (count, unit) = signedCount(words[0]), unit == "h" { return TimeInterval(count) * 3600 }
        return nil
    }

    /// The day named by the first words of `words`, and how many words it took; nil if they name no day.
    private static func dayPart(_ words: ArraySlice<String>, today: CivilDate, text: String) throws -> (CivilDate, Int)? {
        let first = words.first!
        let second = words.dropFirst().first
        switch first {
        case "today": return (today, 1)
        case "tomorrow": return (today.adding(days: 1), 1)
        case "yesterday": return (today.adding(days: -1), 1)
        default: break
        }
        if let (year, month, day) = CivilDate.isoFields(first) {
            // 2026-02-30 is refused as `30 feb 2026` is, with the month's length; 2026-13-01 is no date at all.
            if let date = CivilDate(year: year, month: month, day: day) { return (date, 1) }
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            throw InputError.noSuchDay(text, month: month, year: year)
        }
        if let found = try monthDay(words, today: today, text: text) { return found }
        if let weekday = Weekday(name: first) {
            return (today.adding(days: (weekday.rawValue - today.weekday.rawValue + 7) % 7), 1)
        }
        if first == "next" || first == "last", let second, let weekday = Weekday(name: second) {
            let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
            return first == "next" ? (today.adding(days: ahead == 0 ? 7 : ahead), 2)
                                   : (today.adding(days: ahead == 0 ? -7 : ahead - 7), 2)
        }
        if first == "in", let second, let count = Int(second), count >= 0, let unit = words.dropFirst(2).first {
            switch unit {
            case "day", "days": return (today.adding(days: count), 3)
            case "week", "weeks": return (today.adding(days: 7 * count), 3)
            case "month", "months": return (today.adding(months: count), 3)
            default: return nil
            }
        }
        if let (count, unit) = signedCount(first) {
            switch unit {
            case "d": return (today.adding(days: count), 1)
            case "w": return (today.adding(days: 7 * count), 1)
            default: return nil
            }
        }
        return nil
    }

    /// `dec 3`, `3 December`, `December 3 2026`, `3 dec 2026` (commas are already gone): the day, and how many
    /// words it took. Without a year, the next such day counting today; a day the month does not have is refused
    /// with the month's length.
    private static func monthDay(_ words: ArraySlice<String>, today: CivilDate, text: String) throws -> (CivilDate, Int)? {
        let first = words.first!
        guard let second = words.dropFirst().first else { return nil }
        let month: Int
        let dayWord: String
        if let named = monthNumber(first) {
            (month, dayWord) = (named, second)
        } else if let named = monthNumber(second) {
            (month, dayWord) = (named, first)
        } else {
            return nil
        }
        guard let dayNumber = dayOfMonth(dayWord) else { return nil }
        let yearWord = words.dropFirst(2).first
        if let yearWord, yearWord.count == 4, yearWord.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(yearWord) {
            guard let date = CivilDate(year: year, month: month, day: dayNumber) else {
                throw InputError.noSuchDay(text, month: month, year: year)
            }
            return (date, 3)
        }
        // The next such day counting today: this year's, else the next year that has it (29 February).
        for year in today.year...(today.year + 8) {
            if let date = CivilDate(year: year, month: month, day: dayNumber), date >= today { return (date, 2) }
        }
        throw InputError.noSuchDay(text, month: month, year: nil)
    }

    /// 1…12 for an English month name or its first three letters (and `sept`), already lowercased.
    static func monthNumber(_ word: String) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                     "november", "december"]
        if let index = names.firstIndex(of: word) { return index + 1 }
        if word == "sept" { return 9 }
        guard word.count == 3, let index = names.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        return index + 1
    }

    /// The day of a month written `3`, `03` or `3rd`, if it is between 1 and 31.
    private static func dayOfMonth(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(digits),
              (1...31).contains(day) else { return nil }
        return day
    }

    /// `+2d` as (2, "d"), `-1w` as (-1, "w"): a sign, digits and one unit letter.
    private static func signedCount(_ word: String) -> (Int, Character)? {
        guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last, unit.isLetter else { return nil }
        let digits = word.dropFirst().dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else { return nil }
        return (sign == "-" ? -count : count, unit)
    }
}
