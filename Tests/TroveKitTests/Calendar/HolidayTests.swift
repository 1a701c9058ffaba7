import Testing
@testable import TroveKit

@Suite("holidays")
struct HolidayTests {
    func names(_ holidays: [Holiday]) -> [String] { holidays.map(\.description) }

    func publicDays(_ year: Int, _ country: String) throws -> [String] {
        names(try Holidays.list(year: year, country: country).filter { $0.kind == .publicHoliday })
    }

    @Test("the US federal holidays of 2026, with Independence Day observed on Friday July 3")
    func federal2026() throws {
        #expect(try publicDays(2026, "US") == [
            "2026-01-01 New Year's Day", "2026-01-19 Martin Luther King Jr. Day", "2026-02-16 Washington's Birthday",
            "2026-05-25 Memorial Day", "2026-06-19 Juneteenth", "2026-07-03 Independence Day (observed)",
            "2026-07-04 Independence Day", "2026-09-07 Labor Day", "2026-10-12 Columbus Day", "2026-11-11 Veterans Day",
            "2026-11-26 Thanksgiving Day", "2026-12-25 Christmas Day",
        ])
        let observed = try #require(try Holidays.on(Cal.d(2026, 7, 3), countries: ["US"]).first)
        #expect(observed.isObserved && observed.icon == "🎆" && observed.country == "US")
        #expect(try Holidays.on(Cal.d(2026, 7, 4), countries: ["US"]).map(\.isObserved) == [false])
    }

    @Test("Thanksgiving is the fourth Thursday of November", arguments: [
        (2025, 27), (2026, 26), (2027, 25), (2028, 23), (2029, 22), (2030, 28),
    ])
    func thanksgiving(year: Int, day: Int) throws {
        let holiday = try #require(try Holidays.list(year: year, country: "US").first { $0.name == "Thanksgiving Day" })
        #expect(holiday.date == Cal.d(year, 11, day))
        #expect(holiday.icon == "🦃")
    }

    @Test("weekend federal holidays move to Friday or Monday")
    func observedShifts() throws {
        // Christmas 2022 was a Sunday; Christmas 2021 a Saturday.
        #expect(try Holidays.on(Cal.d(2022, 12, 26), countries: ["US"]).map(\.name) == ["Christmas Day (observed)"])
        #expect(try Holidays.on(Cal.d(2021, 12, 24), countries: ["US"]).map(\.name) == ["Christmas Day (observed)", "Christmas Eve"])
        // New Year's Day 2022 was a Saturday: the day off was Friday December 31, 2021, listed in 2021.
        let eve = try Holidays.on(Cal.d(2021, 12, 31), countries: ["us"])
        #expect(eve.map(\.name) == ["New Year's Day (observed)", "New Year's Eve"])
        #expect(try Holidays.list(year: 2022, country: "US").first?.description == "2022-01-01 New Year's Day")
        // Veterans Day 2023 was a Saturday.
        #expect(try Holidays.on(Cal.d(2023, 11, 10), countries: ["US"]).map(\.name) == ["Veterans Day (observed)"])
        // Monday holidays never shift.
        #expect(try Holidays.list(year: 2026, country: "US").filter { $0.isObserved }.map(\.name) == ["Independence Day (observed)"])
    }

    @Test("Juneteenth is a federal holiday from 2021 only")
    func juneteenth() throws {
        #expect(try Holidays.list(year: 2020, country: "US").allSatisfy { !$0.name.hasPrefix("Juneteenth") })
        // June 19, 2021 was a Saturday.
        #expect(try Holidays.list(year: 2021, country: "US").filter { $0.name.hasPrefix("Juneteenth") }.map(\.description)
                == ["2021-06-18 Juneteenth (observed)", "2021-06-19 Juneteenth"])
        #expect(try Holidays.on(Cal.d(2022, 6, 20), countries: ["US"]).map(\.name) == ["Juneteenth (observed)"])
        #expect(try Holidays.list(year: 1985, country: "US").allSatisfy { !$0.name.hasPrefix("Martin") })
    }

    @Test("US observances: Easter, Good Friday, Mother's and Father's Day, and the rest")
    func observances() throws {
        let observances = try Holidays.list(year: 2026, country: "US").filter { $0.kind == .observance }
        #expect(names(observances) == [
            "2026-02-14 Valentine's Day", "2026-04-03 Good Friday", "2026-04-05 Easter Sunday", "2026-05-10 Mother's Day",
            "2026-06-21 Father's Day", "2026-10-31 Halloween", "2026-12-24 Christmas Eve", "2026-12-31 New Year's Eve",
        ])
        #expect(observances.first { $0.name == "Easter Sunday" }?.icon == "🐣")
        #expect(try Holidays.on(Cal.d(2026, 12, 25), countries: ["US"]).map(\.icon) == ["🎄"])
    }

    @Test("England and Wales: Easter Monday, the May and August bank holidays, and substitute days")
    func greatBritain() throws {
        #expect(try publicDays(2026, "GB") == [
            "2026-01-01 New Year's Day", "2026-04-03 Good Friday", "2026-04-06 Easter Monday",
            "2026-05-04 Early May bank holiday", "2026-05-25 Spring bank holiday", "2026-08-31 Summer bank holiday",
            "2026-12-25 Christmas Day", "2026-12-26 Boxing Day", "2026-12-28 Boxing Day (substitute day)",
        ])
        // Christmas 2021 on a Saturday: Monday for Christmas, Tuesday for Boxing Day.
        #expect(try publicDays(2021, "GB").suffix(4) == [
            "2021-12-25 Christmas Day", "2021-12-26 Boxing Day",
            "2021-12-27 Christmas Day (substitute day)", "2021-12-28 Boxing Day (substitute day)",
        ])
        // Christmas 2022 on a Sunday: Boxing Day keeps Monday, Christmas moves to Tuesday.
        #expect(try publicDays(2022, "GB").suffix(3) == [
            "2022-12-25 Christmas Day", "2022-12-26 Boxing Day", "2022-12-27 Christmas Day (substitute day)",
        ])
        #expect(try publicDays(2022, "GB").contains("2022-01-03 New Year's Day (substitute day)"))
        #expect(try publicDays(2022, "GB").contains("2022-06-02 Spring bank holiday"))
        #expect(try publicDays(2022, "GB").contains("2022-06-03 Platinum Jubilee"))
        #expect(try publicDays(2020, "GB").contains("2020-05-08 Early May bank holiday"))
        #expect(try Holidays.list(year: 2026, country: "GB").contains { $0.name == "Mothering Sunday" && $0.date == Cal.d(2026, 3, 15) })
    }

    @Test("Germany and France: Easter-based and fixed holidays, no substitutes")
    func germanyAndFrance() throws {
        #expect(try publicDays(2026, "DE") == [
            "2026-01-01 New Year's Day", "2026-04-03 Good Friday", "2026-04-06 Easter Monday", "2026-05-01 Labour Day",
            "2026-05-14 Ascension Day", "2026-05-25 Whit Monday", "2026-10-03 German Unity Day",
            "2026-12-25 Christmas Day", "2026-12-26 Second Day of Christmas",
        ])
        #expect(try publicDays(2026, "FR") == [
            "2026-01-01 New Year's Day", "2026-04-06 Easter Monday", "2026-05-01 Labour Day", "2026-05-08 Victory in Europe Day",
            "2026-05-14 Ascension Day", "2026-05-25 Whit Monday", "2026-07-14 Bastille Day", "2026-08-15 Assumption of Mary",
            "2026-11-01 All Saints' Day", "2026-11-11 Armistice Day", "2026-12-25 Christmas Day",
        ])
        #expect(try publicDays(1989, "DE").allSatisfy { !$0.contains("Unity") })
    }

    @Test("several countries at once, and ranges across years")
    func countries() throws {
        let christmas = try Holidays.on(Cal.d(2026, 12, 25), countries: ["US", "GB", "FR"])
        #expect(christmas.map(\.country) == ["FR", "GB", "US"])
        #expect(christmas.allSatisfy { $0.name == "Christmas Day" && $0.icon == "🎄" })
        let span = try Holidays.list(from: Cal.d(2026, 12, 30), to: Cal.d(2027, 1, 2), countries: ["US"])
        #expect(names(span) == ["2026-12-31 New Year's Eve", "2027-01-01 New Year's Day"])
        #expect(try Holidays.on(Cal.d(2026, 3, 3), countries: ["US", "GB", "DE", "FR"]).isEmpty)
        #expect(try Holidays.list(from: Cal.d(2026, 2, 1), to: Cal.d(2026, 1, 1), countries: ["US"]).isEmpty)
    }

    @Test("an unknown country is an error listing the known ones")
    func unknownCountry() {
        #expect(throws: HolidayError.unknownCountry("XX", known: ["DE", "FR", "GB", "US"])) {
            try Holidays.list(year: 2026, country: "XX")
        }
        #expect(throws: HolidayError.unknownCountry("zz", known: Holidays.knownCountries)) {
            try Holidays.on(Cal.d(2026, 1, 1), countries: ["US", "zz"])
        }
        #expect(HolidayError.unknownCountry("XX", known: ["DE", "US"]).description == "no holidays are known for 'XX': use one of DE, US")
    }

    @Test("every icon is one emoji that takes two terminal columns")
    func icons() throws {
        for country in Holidays.knownCountries {
            for year in [1999, 2022, 2026] {
                for holiday in try Holidays.list(year: year, country: country) {
                    #expect(holiday.icon.unicodeScalars.count == 1, "\(holiday)")
                    #expect(holiday.icon.unicodeScalars.first!.properties.isEmojiPresentation, "\(holiday)")
                }
            }
        }
    }

    @Test("rules: nth and last weekdays, and no fifth Monday when there is none")
    func rules() {
        #expect(HolidayDateRule.nthWeekday(5, .monday, month: 2).date(in: 2026) == nil)
        #expect(HolidayDateRule.nthWeekday(5, .thursday, month: 10).date(in: 2026) == Cal.d(2026, 10, 29))
        #expect(HolidayDateRule.lastWeekday(.sunday, month: 5).date(in: 2026) == Cal.d(2026, 5, 31))
        #expect(HolidayDateRule.lastWeekday(.monday, month: 8).date(in: 2026) == Cal.d(2026, 8, 31))
        #expect(HolidayDateRule.fixed(month: 2, day: 29).date(in: 2026) == nil)
        #expect(HolidayDateRule.easter(offset: 50).date(in: 2026) == Cal.d(2026, 5, 25))
    }
}
