/// Holidays computed from rules (Easter, fixed dates, nth and last weekdays, weekend shifts) for a few countries.
///
/// Countries are ISO 3166 codes (`US`, `GB`, `DE`, `FR`; any case). `GB` is England and Wales.
/// Rules follow current law, with start years for newer holidays; older history is not modelled.
public enum Holidays {
    /// The country codes with rules, sorted.
    public static let knownCountries = Country.allCases.map { $0.rawValue }

    /// The holidays whose date falls in `year` (a US observed New Year's Day can be on December 31
    /// of the year before), sorted by date, then day offs before observances, then name.
    public static func list(year: Int, country: String) throws -> [Holiday] {
        let code = country.uppercased()
        guard let definitions = Country(rawValue: code)?.definitions else {
            throw HolidayError.unknownCountry(country, known: knownCountries)
        }
        let all = (year - 1...year + 1).flatMap { compute(year: $0, country: code, definitions: definitions) }
        return sorted(all.filter { $0.date.year == year })
    }

    /// The holidays from `start` to `end`, both included, in all of `countries`, sorted as `list` sorts them.
    public static func list(from start: CivilDate, to end: CivilDate, countries: [String]) throws -> [Holiday] {
        guard start <= end else { return [] }
        var found: [Holiday] = []
        for country in countries {
            for year in start.year...end.year {
                found += try list(year: year, country: country).filter { $0.date >= start && $0.date <= end }
            }
        }
        return sorted(found)
    }

    /// The holidays on `date` in any of `countries`: day offs first.
    public static func on(_ date: CivilDate, countries: [String]) throws -> [Holiday] {
        try list(from: date, to: date, countries: countries)
    }

    /// The countries with rules, in order of their codes; each one's table is built when first asked for.
    ///
    /// `trove holidays`' help names the countries, and every command's start reads that help to find the command it
    /// runs (issue 25): a dictionary of closures cost each start 0.16 ms of Swift's generic-type set-up (`perf`).
    enum Country: String, CaseIterable {
        case DE, FR, GB, US

        var definitions: [HolidayDefinition] {
            switch self {
            case .US: unitedStates
            case .GB: greatBritain
            case .DE: germany
            case .FR: france
            }
        }
    }

    /// The holidays ruled for `year` (actual days, then observed days off), before filtering by year.
    static func compute(year: Int, country: String, definitions: [HolidayDefinition]) -> [Holiday] {
        var holidays: [Holiday] = definitions.compactMap { definition in
            definition.date(in: year).map {
                Holiday(name: definition.name, date: $0, country: country, kind: definition.kind, icon: definition.icon)
            }
        }
        // Days already off, so a substitute day never lands on another holiday.
        var taken = Set(holidays.filter { $0.kind == .publicHoliday }.map(\.date))
        for (definition, holiday) in zip(definitions.filter({ $0.date(in: year) != nil }), holidays)
        where holiday.kind == .publicHoliday && holiday.date.weekday.isWeekend {
            let observed: CivilDate
            let suffix: String
            switch definition.shift {
            case .none:
                continue
            case .nearestWeekday:
                observed = holiday.date.adding(days: holiday.date.weekday == .saturday ? -1 : 1)
                suffix = " (observed)"
            case .nextFreeWeekday:
                var candidate = holiday.date.adding(days: 1)
                while candidate.weekday.isWeekend || taken.contains(candidate) { candidate = candidate.adding(days: 1) }
                observed = candidate
                suffix = " (substitute day)"
            }
            taken.insert(observed)
            holidays.append(Holiday(name: holiday.name + suffix, date: observed, country: country,
                                    kind: .publicHoliday, isObserved: true, icon: holiday.icon))
        }
        return holidays
    }

    /// By date, then day offs before observances, then country code, then name.
    private static func sorted(_ holidays: [Holiday]) -> [Holiday] {
        holidays.sorted {
            ($0.date, $0.kind == .publicHoliday ? 0 : 1, $0.country, $0.name)
                < ($1.date, $1.kind == .publicHoliday ? 0 : 1, $1.country, $1.name)
        }
    }
}

extension Weekday {
    /// Saturday or Sunday.
    public var isWeekend: Bool { self == .saturday || self == .sunday }
}
