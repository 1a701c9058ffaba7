import ArgumentParser
import Foundation
import TroveJSON
import TroveKit

/// `trove holidays [YEAR] [--country C]`: the holidays of a year, computed from their rules.
struct HolidaysCommand: TroveCommand {
    static let configuration = CommandConfiguration(
        commandName: "holidays", abstract: "List a year's holidays (the countries of 'trove settings set holidays', US at first).",
        discussion: """
            Holidays are computed from rules (Easter by the Meeus/Jones/Butcher computus, nth and last weekdays,
            days off moved from weekends), so no table goes stale. Countries: \(Self.countries).
            Examples:
              trove holidays
              trove holidays 2027 --country GB
            """)
    /// The country codes, joined by a loop: `joined(separator:)` had Swift's runtime search its conformance tables at
    /// every command's start, which reads this help to find the command it runs (issue 25, `perf`).
    private static var countries: String {
        var text = ""
        for code in Holidays.knownCountries { text += text.isEmpty ? code : ", " + code }
        return text
    }

    @Argument(help: "The year (default: this year).") var year: Int?
    @Option(help: ArgumentHelp("A country code, instead of the settings' (repeat for more).", valueName: "code")) var country: [String] = []
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run(_ env: CommandEnvironment) throws {
        let context = try CalendarContext(storeOptions, env)
        let year = self.year ?? context.today.year
        guard (1583...9999).contains(year) else { throw CommandFailure(message: "\(year) is not a year the Gregorian rules cover: give one from 1583 to 9999") }
        let countries = country.isEmpty ? context.settings.holidayCountries : country.map { $0.uppercased() }
        let holidays = try Holidays.list(from: CivilDate(year: year, month: 1, day: 1)!, to: CivilDate(year: year, month: 12, day: 31)!, countries: countries)
        if output.json {
            return env.out.json(.array(holidays.map { holiday in
                ["date": .string(holiday.date.description), "name": .string(holiday.name), "country": .string(holiday.country),
                 "kind": .string(holiday.kind.rawValue), "observed": .bool(holiday.isObserved), "icon": .string(holiday.icon)]
            }))
        }
        env.out.table(holidays.map { holiday in
            // The name of an observed day already says so: "Independence Day (observed)".
            [CalendarText.day(holiday.date), holiday.icon, holiday.name,
             countries.count > 1 ? holiday.country : "", holiday.kind == .observance ? "observance" : ""]
        })
    }
}
