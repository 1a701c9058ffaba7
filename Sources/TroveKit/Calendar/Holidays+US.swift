extension Holidays {
    /// The eleven US federal holidays (5 U.S.C. 6103), with the federal weekend shift, and common observances.
    static let unitedStates: [HolidayDefinition] = [
        HolidayDefinition("New Year's Day", .fixed(month: 1, day: 1), icon: "🎆", shift: .nearestWeekday),
        HolidayDefinition("Martin Luther King Jr. Day", .nthWeekday(3, .monday, month: 1), icon: "✊", since: 1986),
        HolidayDefinition("Washington's Birthday", .nthWeekday(3, .monday, month: 2), icon: "🎩"),
        HolidayDefinition("Memorial Day", .lastWeekday(.monday, month: 5), icon: "🪖"),
        HolidayDefinition("Juneteenth", .fixed(month: 6, day: 19), icon: "🎉", shift: .nearestWeekday, since: 2021),
        HolidayDefinition("Independence Day", .fixed(month: 7, day: 4), icon: "🎆", shift: .nearestWeekday),
        HolidayDefinition("Labor Day", .nthWeekday(1, .monday, month: 9), icon: "👷"),
        HolidayDefinition("Columbus Day", .nthWeekday(2, .monday, month: 10), icon: "⛵"),
        HolidayDefinition("Veterans Day", .fixed(month: 11, day: 11), icon: "🫡", shift: .nearestWeekday),
        HolidayDefinition("Thanksgiving Day", .nthWeekday(4, .thursday, month: 11), icon: "🦃"),
        HolidayDefinition("Christmas Day", .fixed(month: 12, day: 25), icon: "🎄", shift: .nearestWeekday),

        HolidayDefinition("Valentine's Day", .fixed(month: 2, day: 14), icon: "💘", kind: .observance),
        HolidayDefinition("Good Friday", .easter(offset: -2), icon: "🐣", kind: .observance),
        HolidayDefinition("Easter Sunday", .easter(offset: 0), icon: "🐣", kind: .observance),
        HolidayDefinition("Mother's Day", .nthWeekday(2, .sunday, month: 5), icon: "💐", kind: .observance),
        HolidayDefinition("Father's Day", .nthWeekday(3, .sunday, month: 6), icon: "👔", kind: .observance),
        HolidayDefinition("Halloween", .fixed(month: 10, day: 31), icon: "🎃", kind: .observance),
        HolidayDefinition("Christmas Eve", .fixed(month: 12, day: 24), icon: "🎁", kind: .observance),
        HolidayDefinition("New Year's Eve", .fixed(month: 12, day: 31), icon: "🥂", kind: .observance),
    ]
}
